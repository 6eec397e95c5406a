import { createRequestHandler } from "@react-router/express";
import express from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import type { ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { startBackgroundJobs, stopBackgroundJobs } from "~/server/background.server";
import { closeDatabase, db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { migrateToLatest } from "~/server/migrate.server";
import { requestInfoContext } from "~/server/request-context.server";
import { seedContent } from "../db/seed";
import { originCheck } from "./origin-check";
import { pageCache } from "./page-cache";
import { securityHeaders } from "./security-headers";

// Vite sets this at build time: false in the production bundle, true under the dev server.
const production = !import.meta.env.DEV;

function contextFor(clientIp: string, nonce: string) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientIp, nonce });
  return context;
}

const renderDocument = createFetchHandler(build as unknown as ServerBuild, production ? "production" : "development");

export const publicPages = pageCache({
  paths: ["/", "/about"],
  contentVersion: async () =>
    (await db().selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirstOrThrow())
      .version,
  render: (url, nonce) => renderDocument(new Request(url, { headers: { accept: "text/html" } }), contextFor("", nonce)),
});

export const app = express.Router();

app.use(securityHeaders({ production }));

app.get("/healthz", async (_req, res) => {
  try {
    await db().selectFrom("content_version").select("version").execute();
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  } catch (error) {
    console.error("Health check failed:", error);
    res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable", error: "database unreachable" });
  }
});

app.use(originCheck);
// Under the dev server every request renders afresh, so edits show on reload.
if (production) app.use(publicPages);

app.all(
  "/{*splat}",
  createRequestHandler({
    build: build as unknown as ServerBuild,
    mode: production ? "production" : "development",
    getLoadContext: (req, res) => contextFor(clientIp(req), res.locals.nonce as string),
  }),
);

function clientIp(req: express.Request): string {
  if (env().TRUST_PROXY) {
    const forwarded = req.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return req.socket.remoteAddress ?? "";
}

/** Run once before listening: schema, first-start content, background jobs. */
export async function start(): Promise<void> {
  env();
  const applied = await migrateToLatest(db());
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
  await seedContent(db());
  startBackgroundJobs();
}

/** Run at shutdown, after in-flight requests have finished. */
export async function stop(): Promise<void> {
  await stopBackgroundJobs();
  await closeDatabase();
}
