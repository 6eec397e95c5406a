import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { RouterContextProvider } from "react-router";
import { outageContext, RETRY_AFTER_SECONDS } from "~/server/outage.server";
import { requestBody } from "./body-limit";
import { cleanBody, pathHasControlCharacters, refuseAddress, withCleanQuery } from "./clean-input";
import { coalesceChunks } from "./coalesce-chunks";
import { anyOriginAllowed } from "./origin-check";
import { sendUnavailable } from "./unavailable";

/**
 * React Router behind Express, as @react-router/express does it, with these
 * differences: the request body is the stream ./body-limit.ts counts; the
 * request is cleaned of control characters (./clean-input.ts: a path with one
 * is a 404, the query and text bodies are cleaned); a request our origin check
 * let through from any origin loses its Origin header (./origin-check.ts); a 500
 * that the database caused (entry.server's handleError marks it) goes out as
 * the 503 of ./unavailable.ts (docs/decisions/0008 and 0009); and the answer's
 * chunks ready at once are written (and compressed) as one (./coalesce-chunks.ts).
 */
export function reactRouterHandler(
  handle: (request: Request, context: RouterContextProvider) => Promise<Response>,
  contextFor: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider,
): RequestHandler {
  return async (req, res, next) => {
    if (pathHasControlCharacters(req.path)) return refuseAddress(req, res);
    try {
      const context = contextFor(req, res);
      const outage = { database: false };
      context.set(outageContext, outage);
      const response = await handle(fetchRequest(req, res), context);
      // The body limit has answered 413 meanwhile, or the client has gone.
      if (res.headersSent || res.destroyed) return void (await response.body?.cancel());
      // Single-fetch (.data) answers are read by React Router's client, which shows its own error.
      if (outage.database && response.status >= 500 && !req.path.endsWith(".data")) {
        await response.body?.cancel();
        return sendUnavailable(req, res);
      }
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${withCleanQuery(req.originalUrl)}`);

  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (!values) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  // React Router's own origin check would refuse what ours let through on purpose (RFC 8058's one-click unsubscribe).
  if (anyOriginAllowed(res)) headers.delete("origin");
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = requestBody(req) ?? createReadableStreamFromReadable(req);
    init.body = cleanBody(req.get("content-type"), body);
    // A cleaned body may be shorter than the length the client declared.
    if (init.body !== body) headers.delete("content-length");
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.status === 503 && !response.headers.has("retry-after"))
    res.set("Retry-After", String(RETRY_AFTER_SECONDS));
  if (response.headers.get("content-type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(coalesceChunks(response.body), res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
