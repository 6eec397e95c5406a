import type { ErrorRequestHandler } from "express";
import { pathInLog } from "~/server/log-redaction.server";
import { logFor } from "~/server/log.server";
import { plainPage } from "./plain-page";

/**
 * A client's mistake that Express found before React Router saw the request
 * (an address with a malformed % escape, such as /care-guides/%ff, which its
 * router cannot decode): its 4xx, with a readable page (JSON `{ error }` on
 * /api/*), and one line in the log instead of Express's stack trace.
 */
export const clientErrors: ErrorRequestHandler = (error, req, res, next) => {
  const status = Number((error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode);
  if (res.headersSent || !(status >= 400 && status < 500)) return next(error);
  const message = error instanceof URIError ? "The address has a malformed % escape" : "The request is not valid";
  logFor("request").warn({ method: req.method, path: pathInLog(req.originalUrl), status }, message);
  res.status(status).set("Cache-Control", "no-store");
  if (req.path.startsWith("/api/")) return void res.json({ error: message });
  res.type("html").send(plainPage("This address is not valid", [`${message}. Please check the link, or start again from the home page.`]));
};
