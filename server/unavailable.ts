import type { ErrorRequestHandler, Request, Response } from "express";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/server/outage.server";
import { plainPage } from "./plain-page";
import { pathInLog } from "~/server/log-redaction.server";
import { logFor } from "~/server/log.server";

/**
 * The answer while the database is down, slow or unreachable
 * (docs/decisions/0009): 503 with Retry-After, JSON `{ error }` on /api/*, and
 * a page that needs nothing from the database anywhere else.
 */
export function sendUnavailable(req: Request, res: Response): void {
  res.status(503).set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
  if (req.path.startsWith("/api/")) {
    res.json({ error: "The site's database is unavailable right now. Please try again in a minute." });
    return;
  }
  res
    .type("html")
    .send(
      plainPage("We'll be right back", [
        "This page can't be shown right now: the site can't reach its records. Please try again in a minute.",
        "Need us now? Give us a call.",
      ]),
    );
}

/** For errors passed on with next(error) (the page cache, the request handler itself). */
export const databaseErrors: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent || !isDatabaseUnavailable(error)) return next(error);
  logFor("db").error({ method: req.method, path: pathInLog(req.originalUrl), status: 503 }, `unavailable: ${error instanceof Error ? error.message : String(error)}`);
  sendUnavailable(req, res);
};
