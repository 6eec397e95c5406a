import type { Request, Response } from "express";
import { jsonCleaner, percentEncodedCleaner, withoutControlCharacters, type ByteCleaner } from "~/server/control-characters.server";
import { plainPage } from "./plain-page";

/**
 * Control characters never reach a route (docs/decisions/0107): every request
 * React Router answers is made here (./react-router-handler.ts), so no route
 * can forget. An address that holds one is no address of this site (404,
 * before any route runs); the query string and the form-urlencoded and JSON
 * bodies are cleaned as they stream in (app/server/control-characters.server.ts
 * says what is removed). Multipart bodies carry files, which are not text to
 * clean: their readers clean the text fields (readForm, the quote form's
 * reader, the CSV import).
 */

/** Percent-encoded text through the cleaner, byte for byte (a request line is read as latin1). */
function cleanPercentEncoded(text: string): string {
  const cleaner = percentEncodedCleaner();
  const bytes = Buffer.from(text, "latin1");
  return Buffer.concat([cleaner.push(bytes), cleaner.end()]).toString("latin1");
}

/** Whether the path (as sent, still percent-encoded) holds a control character. */
export function pathHasControlCharacters(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false; // a malformed escape: Express answers 400 (./client-errors.ts)
  }
  return withoutControlCharacters(decoded) !== decoded;
}

/** The request's path and query (Express's originalUrl) with the query string cleaned. */
export function withCleanQuery(pathAndQuery: string): string {
  const at = pathAndQuery.indexOf("?");
  if (at < 0) return pathAndQuery;
  return pathAndQuery.slice(0, at + 1) + cleanPercentEncoded(pathAndQuery.slice(at + 1));
}

/** The body a route reads: cleaned as it streams when it is form-urlencoded or JSON, else as it came. */
export function cleanBody(contentType: string | undefined, body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return body.pipeThrough(transform(percentEncodedCleaner()));
  if (type === "application/json" || type.endsWith("+json")) return body.pipeThrough(transform(jsonCleaner()));
  return body;
}

function transform(cleaner: ByteCleaner): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    transform(chunk, controller) {
      const clean = cleaner.push(chunk);
      if (clean.length) controller.enqueue(clean);
    },
    flush(controller) {
      const rest = cleaner.end();
      if (rest.length) controller.enqueue(rest);
    },
  });
}

/** The answer to an address with a control character: 404, JSON `{ error }` on /api/*, never cached or indexed. */
export function refuseAddress(req: Request, res: Response): void {
  const error = "There is no page at this address";
  res.status(404).set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
  if (req.path.startsWith("/api/")) return void res.json({ error });
  res.type("html").send(plainPage("Page not found", [`${error}. Please check the link, or start again from the home page.`]));
}
