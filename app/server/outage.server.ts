import { createContext, type RouterContextProvider } from "react-router";

/**
 * Telling "the database is down, slow or unreachable" apart from a bug, in one
 * place, so that the edge can answer the first with 503 and Retry-After
 * (docs/decisions/0009-database-outages.md).
 */

/** Thrown by our own time limits (db.server.ts, /healthz, the page cache's version check). */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

// Network errors from connecting to or talking with the server.
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// SQLSTATEs: 08xxx connection exceptions; the server shutting down, crashed or
// starting (57P01–57P03); a statement cancelled by statement_timeout (57014);
// no connection slots left (53300).
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "57014", "53300"]);
// What pg and pg-pool say when a connection breaks or cannot be had in time,
// and db.server's refusal during shutdown.
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|is not queryable|The database is closed/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  if (typeof message === "string" && MESSAGES.test(message)) return true;
  // A connection refused on both ::1 and 127.0.0.1 comes as an AggregateError.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** `work`, or a DatabaseUnavailableError after `ms` (the work itself goes on: give it its own limit too). */
export function withTimeLimit<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DatabaseUnavailableError(`${what}: no answer from the database in ${ms} ms`)),
      ms,
    );
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/**
 * Per request: set by entry.server's handleError when a loader or action
 * failed because of the database, read by the edge (server/app.ts), which then
 * answers 503 instead of React Router's 500. React Router hands handleError the
 * error but not the response, and the response but not the error. No default:
 * a shared default object would carry one request's mark into the next.
 */
export const outageContext = createContext<{ database: boolean }>();

/** Marks the request as failed by the database, when the edge asked to hear of it. */
export function noteDatabaseOutage(context: Readonly<RouterContextProvider> | undefined): void {
  try {
    context!.get(outageContext).database = true;
  } catch {
    // Rendered outside the edge (the page cache's renders, tests): nobody to tell.
  }
}

/** Seconds a client should wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 30;
