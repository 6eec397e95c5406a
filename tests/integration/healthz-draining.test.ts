import { afterAll, beforeAll, expect, it } from "vitest";
import { startHttpApp } from "../helpers/http-app";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

useTestDatabase();
let app: Awaited<ReturnType<typeof startHttpApp>>;
let lifecycle: { draining: boolean };
beforeAll(async () => {
  app = await startHttpApp();
  // The object server.js flags on SIGTERM (server/lifecycle.ts), as the built bundle exports it.
  lifecycle = (app.built as unknown as { lifecycle: { draining: boolean } }).lifecycle;
});
afterAll(async () => {
  lifecycle.draining = false;
  await app.close();
});

it("/healthz answers 503 while the process drains, so a load balancer stops sending first", async () => {
  expect((await app.fetch("/healthz")).status).toBe(200);
  lifecycle.draining = true;
  const draining = await app.fetch("/healthz");
  expect(draining.status).toBe(503);
  expect(draining.headers.get("cache-control")).toBe("no-store");
  expect(await draining.json()).toEqual({ status: "draining", error: "shutting down" });
  lifecycle.draining = false;
  expect((await app.fetch("/healthz")).status).toBe(200);
});
