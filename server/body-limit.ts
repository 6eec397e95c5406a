import type { Socket } from "node:net";
import type { Request, RequestHandler, Response } from "express";
import { plainPage } from "./plain-page";

/**
 * Request bodies are limited at the edge, before anything parses them
 * (docs/decisions/0008-request-body-limits.md): a Content-Length over the
 * path's limit is refused before a byte is read, and a body without one
 * (chunked) is counted as it streams into the route and refused the moment it
 * passes the limit. Either way the answer is 413 with "Connection: close", and
 * the rest of the body is never read (see settleTheRest).
 */

/** A body the route left unread is read and dropped after the answer, up to this much... */
const DRAIN_MAX_BYTES = 1024 * 1024;
/** ...for at most this long, so that the connection can serve the next request... */
const DRAIN_MAX_MS = 1_000;
/** ...else it is closed in stages: half-closed at once, closed for good this much later. */
const LINGER_MS = 2_000;

const bodies = new WeakMap<Request, ReadableStream<Uint8Array>>();
/** Per request: unhooks the route's body stream from the socket, once the answer is out. */
const stopFeeding = new WeakMap<Request, () => void>();

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  constructor(readonly limit: number) {
    super(`The request body is larger than the limit of ${size(limit)}`);
  }
}

/** `limitFor(path)`: the most bytes a request body to that path may have. */
export function bodyLimit(limitFor: (path: string) => number): RequestHandler {
  return (req, res, next) => {
    const declared = req.get("content-length");
    const chunked = req.get("transfer-encoding") !== undefined;
    if (!chunked && (declared === undefined || declared === "0")) return next(); // no body
    const limit = limitFor(req.path);
    settleTheRest(req, res);
    if (Number(declared) > limit) return refuse(req, res, limit);
    if (req.method !== "GET" && req.method !== "HEAD") {
      bodies.set(req, countedBody(req, limit, () => refuse(req, res, limit)));
    }
    next();
  };
}

/** The body as the route may read it: the limited stream bodyLimit made, or none. */
export function requestBody(req: Request): ReadableStream<Uint8Array> | undefined {
  return bodies.get(req);
}

function countedBody(req: Request, limit: number, overflow: () => void): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let received = 0;
  let settled = false;
  const detach = () => {
    settled = true;
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onError);
    req.off("close", onClose);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.byteLength;
    if (received > limit) {
      detach();
      req.pause();
      controller.error(new BodyTooLargeError(limit));
      return overflow();
    }
    controller.enqueue(chunk);
    // Backpressure: the socket is read no faster than the route reads.
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => {
    detach();
    controller.close();
  };
  const onError = (error: Error) => {
    detach();
    controller.error(error);
  };
  const onClose = () => {
    if (settled) return;
    detach();
    controller.error(new Error("The client closed the connection before the request body ended"));
  };
  stopFeeding.set(req, () => settled || detach());
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        req.on("data", onData);
        req.once("end", onEnd);
        req.once("error", onError);
        req.once("close", onClose);
      },
      pull() {
        if (!settled) req.resume();
      },
      cancel() {
        // The route has read what it wanted; the rest is settled after the answer.
        detach();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

function refuse(req: Request, res: Response, limit: number): void {
  if (res.headersSent) return;
  const error = new BodyTooLargeError(limit).message;
  res.status(413).set({ "Cache-Control": "no-store", Connection: "close" });
  if (req.path.startsWith("/api/")) {
    res.json({ error });
    return;
  }
  res
    .type("html")
    .send(
      plainPage("Too large to send", [
        `What you sent was too large for this page: ${error.charAt(0).toLowerCase()}${error.slice(1)}.`,
        "Go back, shorten it, and send it again.",
      ]),
    );
}

/**
 * What happens to a body still arriving when the answer is out (a 413, or a
 * route that answered without reading it).
 *
 * After an answer with "Connection: close" (a 413, or a client that asked for
 * it) the connection is closed in stages, as RFC 9112 §9.6 advises: reading
 * stops, a FIN follows the answer, and the socket is closed for good LINGER_MS
 * later. Node itself would close it as soon as the answer is written, and a
 * socket closed with unread bytes sends a reset, which can make a client still
 * sending lose the answer it has not read yet. Node's hook for that close,
 * socket.destroySoon(), is held for the length of this answer.
 *
 * Otherwise the rest is read and dropped, up to DRAIN_MAX_BYTES and
 * DRAIN_MAX_MS, so that the connection serves the next request; past that it
 * is closed in stages too. Never more than that is read (Node itself reads and
 * drops all of a body that nothing started reading).
 */
function settleTheRest(req: Request, res: Response): void {
  const socket = req.socket;
  let closeWanted = false;
  const hold = () => {
    closeWanted = true;
  };
  socket.destroySoon = hold;
  const release = () => {
    if (socket.destroySoon === hold) Reflect.deleteProperty(socket, "destroySoon");
  };
  res.once("close", release);
  res.once("finish", () => {
    release();
    if (req.complete) {
      if (closeWanted) socket.destroySoon();
      return;
    }
    stopFeeding.get(req)?.();
    if (closeWanted) return closeInStages(req, socket);
    let dropped = 0;
    const giveUp = () => {
      req.off("data", drop);
      closeInStages(req, socket);
    };
    const drop = (chunk: Buffer) => {
      dropped += chunk.byteLength;
      if (dropped > DRAIN_MAX_BYTES) {
        clearTimeout(timer);
        giveUp();
      }
    };
    const timer = setTimeout(giveUp, DRAIN_MAX_MS);
    timer.unref();
    req.on("data", drop);
    req.once("end", () => clearTimeout(timer));
    socket.once("close", () => clearTimeout(timer));
    req.resume();
  });
}

function closeInStages(req: Request, socket: Socket): void {
  req.pause();
  socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}

// Rounded down: an upload's limit is UPLOAD_MAX_BYTES plus room for the multipart envelope, and says the former.
function size(bytes: number): string {
  const MiB = 1024 * 1024;
  if (bytes >= MiB) return `${Math.floor((bytes / MiB) * 10) / 10} MB`;
  return `${Math.floor(bytes / 1024)} KB`;
}
