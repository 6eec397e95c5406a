import express from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import type { ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { startBackgroundJobs, stopBackgroundJobs } from "~/server/background.server";
import { serveBackups, stopServingBackups } from "~/server/backup-socket.server";
import { contentVersion } from "~/server/counters.server";
import type { OpenDatabase } from "~/server/db.server";
import { env, requireMailSettings } from "~/server/env.server";
import { logFor } from "~/server/log.server";
import { openAppDatabase } from "~/server/open-app-database.server";
import { outboxBacklog, type OutboxBacklog } from "~/server/outbox-backlog.server";
import { withTimeLimit } from "~/server/outage.server";
import { SESSION_COOKIE_IN_HEADER } from "~/server/session.server";
import { warnIfNoConfiguredOrigin } from "~/server/site-url.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { ROW_BODY_MAX_BYTES } from "~/server/tables/rows.server";
import { uploadStorage } from "~/server/uploads/storage.server";
import { UPLOAD_ENVELOPE_BYTES } from "~/server/uploads/upload.server";
import { quotePostMaxBytes } from "~/server/quote-photos/quote-post.server";
import { conditionPostMaxBytes } from "~/server/jobs/condition-report.server";
import { bodyLimit } from "./body-limit";
import { clientErrors } from "./client-errors";
import { clientAddress } from "./client-ip";
import { lifecycle } from "./lifecycle";
import { originCheck } from "./origin-check";
import { pageCache } from "./page-cache";
import { reactRouterHandler } from "./react-router-handler";
import { requestIds } from "./request-id";
import { securityHeaders } from "./security-headers";
import { databaseErrors } from "./unavailable";
import { unexpectedErrors } from "./unexpected-errors";

// server.js runs outside this bundle: it reads PORT, HOST and TRUST_PROXY from
// the same parsed environment, sets the drain flag on the same object /healthz
// reads, puts the same headers on static files, serves the build's client files
// from memory, and hands the database that start() opened to createApp() (again
// after each reload under the dev server).
export { env } from "~/server/env.server";
export { builtClientFiles } from "./client-files";
export { crashReport } from "./crash-report";
export { lifecycle } from "./lifecycle";
export { logger } from "~/server/log.server";
export { staticSecurityHeaders } from "./security-headers";

// Vite sets this at build time: false in the production bundle, true under the dev server.
const production = !import.meta.env.DEV;

const renderDocument = createFetchHandler(build as unknown as ServerBuild, production ? "production" : "development");

/**
 * The most bytes a request body to `path` may have (docs/decisions/0008), the
 * one place that decides it; bodyLimit enforces it before anything is parsed.
 */
function bodyLimitFor(path: string): number {
  if (path.startsWith("/api/upload/")) return env().UPLOAD_MAX_BYTES + UPLOAD_ENVELOPE_BYTES;
  // A job's page (and the .data address its script posts to) takes the field work with photos: the condition
  // report's (with the drawn signature, docs/decisions/0136) and the before and after photos (0139).
  if (/^\/admin\/jobs\/\d+(\/?|\.data|\/_\.data)$/.test(path)) return conditionPostMaxBytes();
  // Admin row forms and the table API carry rich text: a field may hold 100 000
  // characters, up to 9 bytes each once URL-encoded.
  if (path.startsWith("/admin/") || path.startsWith("/api/tables/")) return ROW_BODY_MAX_BYTES;
  // The quote form (the home page's action, and the same form sent by its script) may carry five
  // photos at the upload limit (docs/decisions/0085); its text fields are still limited to 64 KB.
  if (path === "/" || path === "/api/forms/submit") return quotePostMaxBytes();
  // Sign-in, every other form and JSON API: a few hundred bytes in practice.
  return 64 * 1024;
}

// During an outage the cached pages are served as they are rather than wait
// for the database: the version check gets a second (docs/decisions/0009).
const VERSION_CHECK_LIMIT_MS = 1_000;
// A load balancer's health check wants an answer, not a timeout of its own.
const HEALTH_CHECK_LIMIT_MS = 1_500;

/**
 * The app on the database `start()` opened: every request gets it in its
 * router context (databaseContext), with a time limit on its queries.
 */
export function createApp(database: OpenDatabase): express.Router {
  const { db } = database;
  const contextFor = (clientIp: string, nonce: string, requestId?: string) => {
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { clientIp, nonce, requestId });
    context.set(databaseContext, db);
    return context;
  };

  const publicPages = pageCache({
    paths: ["/", "/about", "/gallery"],
    contentVersion: () => withTimeLimit(contentVersion(db), VERSION_CHECK_LIMIT_MS, "content version check"),
    render: (url, nonce) => renderDocument(new Request(url, { headers: { accept: "text/html" } }), contextFor("", nonce)),
    personal: (req) => SESSION_COOKIE_IN_HEADER.test(req.get("cookie") ?? ""),
  });

  const app = express.Router();

  // First: every line logged while answering carries the request's id.
  app.use(requestIds);
  // A visitor waits seconds at most on a hung database (docs/decisions/0009).
  app.use((_req, _res, next) => database.withRequestQueryLimit(next));
  app.use(securityHeaders({ production }));

  // One query at a time however often the checks come; each answer waits at most HEALTH_CHECK_LIMIT_MS.
  // The query that proves the database answers also says how many e-mails wait, and since when.
  let healthQuery: Promise<OutboxBacklog> | undefined;
  app.get("/healthz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    // Draining (SIGTERM): the load balancer should stop sending before the listener closes.
    if (lifecycle.draining) return void res.status(503).json({ status: "draining", error: "shutting down" });
    try {
      healthQuery ??= outboxBacklog(db).finally(() => (healthQuery = undefined));
      const outbox = await withTimeLimit(healthQuery, HEALTH_CHECK_LIMIT_MS, "health check");
      res.json({ status: "ok", outbox });
    } catch (error) {
      logFor("health").error({ err: error }, "health check failed");
      res.status(503).json({ status: "unavailable", error: "database unreachable" });
    }
  });

  app.use(bodyLimit(bodyLimitFor));
  app.use(originCheck);
  // Under the dev server every request renders afresh, so edits show on reload.
  if (production) app.use(publicPages);

  app.all(
    "/{*splat}",
    reactRouterHandler(renderDocument, (req, res) => contextFor(clientIp(req), res.locals.nonce as string, res.locals.requestId as string)),
  );
  app.use(databaseErrors);
  app.use(clientErrors);
  app.use(unexpectedErrors);
  return app;
}

function clientIp(req: express.Request): string {
  return clientAddress(req.socket.remoteAddress ?? "", req.get("x-forwarded-for"), env().TRUST_PROXY);
}

/**
 * Run once per process before listening: the settings, the database (opened,
 * migrated, first-start content seeded) and the background jobs on it.
 */
export async function start(): Promise<OpenDatabase> {
  requireMailSettings(env());
  warnIfNoConfiguredOrigin();
  // A bucket that cannot be used stops the start, not the first upload.
  await uploadStorage().check();
  const database = await openAppDatabase();
  startBackgroundJobs(database);
  await serveBackups(database, env().DATA_DIR);
  return database;
}

/** Run at shutdown, after in-flight requests have finished. */
export async function stop(database: OpenDatabase): Promise<void> {
  await stopBackgroundJobs();
  await stopServingBackups();
  await database.close();
}
