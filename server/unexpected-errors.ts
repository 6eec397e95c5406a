import type { ErrorRequestHandler } from "express";
import { quoteThisId } from "~/lib/request-id";
import { pathInLog } from "~/server/log-redaction.server";
import { logFor } from "~/server/log.server";
import { plainPage } from "./plain-page";

const log = logFor("request");

/**
 * The last error handler: an error nothing before it answered. Logged once,
 * with the request's method, path, the status and the stack; answered 500
 * with the request's id (JSON `{ error, requestId }` on /api/*).
 */
export const unexpectedErrors: ErrorRequestHandler = (error, req, res, _next) => {
  log.error({ err: error, method: req.method, path: pathInLog(req.originalUrl), status: 500 }, "unexpected error");
  if (res.headersSent) return void res.destroy();
  const requestId = String(res.locals.requestId ?? "");
  res.status(500).set("Cache-Control", "no-store");
  if (req.path.startsWith("/api/")) return void res.json({ error: "Something went wrong on our side.", requestId });
  res.type("html").send(plainPage("Something went wrong", ["An unexpected error occurred. Please try again, or call us directly.", quoteThisId(requestId)]));
};
