import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../helpers/app-server";

let app: AppServer;
beforeAll(async () => (app = await startAppServer()));
afterAll(() => app?.stop());

/** GET /healthz on a connection of its own: status, Cache-Control and body. */
const healthz = () =>
  new Promise<{ status: number; cacheControl?: string; body: string }>((resolve, reject) => {
    http
      .get(new URL("/healthz", app.url), { agent: false }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, cacheControl: res.headers["cache-control"], body }));
      })
      .on("error", reject);
  });

it("/healthz answers 503 while the process drains, so a load balancer stops sending first", async () => {
  expect((await healthz()).status).toBe(200);
  // The port stays open, /healthz answering 503, until no new connection has come for 200 ms
  // (server.js QUIET_MS): these checks, 10 ms apart, hold it open up to its 1 s limit.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  await new Promise<void>((resolve, reject) =>
    http.get(new URL("/favicon.svg", app.url), { agent }, (res) => res.resume().on("end", resolve)).on("error", reject),
  );
  try {
    app.process.kill("SIGTERM");
    let draining = await healthz();
    await expect.poll(async () => (draining = await healthz()).status, { timeout: 1_000, interval: 10 }).toBe(503);
    expect(draining.cacheControl).toBe("no-store");
    expect(JSON.parse(draining.body)).toEqual({ status: "draining", error: "shutting down" });
  } finally {
    agent.destroy();
  }
  await expect.poll(() => app.process.exitCode, { timeout: 10_000 }).toBe(0);
});
