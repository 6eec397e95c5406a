import { randomInt } from "node:crypto";
import type { RequestHandler } from "express";
import { pathInLog } from "~/server/log-redaction.server";
import { currentRequest, logFor } from "~/server/log.server";

const log = logFor("request");

/**
 * An incoming X-Request-Id (a load balancer's) is kept when it is a short
 * token of letters, digits, `.`, `_` and `-`, at most 36 (a UUID fits):
 * anything else (a sentence, a header meant to forge a log line, kilobytes)
 * is replaced. An id we make is short enough to read out over the phone.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const ID_LENGTH = 10;

export function requestIdFrom(incoming: string | undefined): string {
  if (incoming && SAFE_REQUEST_ID.test(incoming)) return incoming;
  return Array.from({ length: ID_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}

/**
 * First on every request the app answers (docs/decisions/0120): gives it an
 * id, sends the id back as X-Request-Id, runs the rest of the request inside
 * currentRequest (so each of its log lines carries the id) and logs one line
 * when the answer is sent: method, path (./log-redaction.server's pathInLog),
 * status and time. Health checks log at debug: a load balancer asks every few seconds.
 */
export const requestIds: RequestHandler = (req, res, next) => {
  const requestId = requestIdFrom(req.get("x-request-id"));
  res.set("X-Request-Id", requestId);
  res.locals.requestId = requestId;
  const started = performance.now();
  res.once("finish", () => {
    const line = { requestId, method: req.method, path: pathInLog(req.originalUrl), status: res.statusCode, ms: Math.round(performance.now() - started) };
    if (req.path === "/healthz") log.debug(line, "answered");
    else log.info(line, "answered");
  });
  currentRequest.run({ requestId }, next);
};
