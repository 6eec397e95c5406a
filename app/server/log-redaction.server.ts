/**
 * What never reaches a log line (docs/decisions/0121): the scrub of free text
 * (a message, an error's message and stack) and the paths of fields redacted
 * whole. One module, so the crash report (server/crash-report.ts) and every
 * logger line (./log.server.ts) keep out the same things.
 */

/**
 * The text with what could name or reach a person replaced: e-mail addresses,
 * runs of 7 or more digits however separated (phone numbers, card and account
 * numbers), and long URL-safe tokens (a customer's link, a session). A code
 * sent by e-mail is 6 digits and is never put in a message: it is a field
 * (`code`, `otp`), redacted whole.
 */
export function withoutPersonalData(text: string): string {
  return text
    .replace(/[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[A-Za-z]{2,}/g, "<e-mail>")
    .replace(/\b[A-Za-z0-9_-]{22,}\b/g, (run) => (/[0-9]/.test(run) && /[A-Za-z]/.test(run) ? "<token>" : run))
    .replace(/(?:\(\d{3}\)\s*)?\+?\d(?:[\s().-]*\d){6,}/g, "<number>");
}

/** Fields whose value is replaced whole, at the top of a line's object or one level down (pino's redact paths). */
const SECRET_FIELDS = ["email", "to", "otp", "token", "password", "cookie", "authorization", "secret", "headers"];
// `code` only at the top: an error's code one level down (err.code, ECONNREFUSED) is what an operator needs.
export const REDACTED_PATHS = [...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]), "code"];
export const REDACTED = "[redacted]";

// The customer pages and the owner's calendar feed are reached by a token in
// the path (app/routes.ts): the segment after these is the token.
const TOKEN_IN_PATH = /^\/(estimates|appointments|invoices|reviews|unsubscribe|calendar)\/[^/]+/;
/** The longest request path a log line repeats: a fuzzer's path may be kilobytes long. */
const PATH_IN_LOG_MAX = 200;

/**
 * A request's path as a log line may show it: no query string (a search, a
 * return address, a code), a customer's token as `:token`, at most
 * PATH_IN_LOG_MAX characters. Admin paths keep their ids (/admin/estimates/12).
 */
export function pathInLog(url: string): string {
  const path = url.split("?")[0]!.replace(TOKEN_IN_PATH, "/$1/:token");
  return path.length > PATH_IN_LOG_MAX ? `${path.slice(0, PATH_IN_LOG_MAX)}…` : path;
}

/** A Fetch API request's method and path as a log line shows them (pathInLog). */
export function requestInLog(request: Request): { method: string; path: string } {
  return { method: request.method, path: pathInLog(new URL(request.url).pathname) };
}
