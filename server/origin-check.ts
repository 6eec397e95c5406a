import type { RequestHandler, Response } from "express";
import { siteOrigin } from "~/server/site-url.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser says come from another site
 * (cross-site request forgery), for form actions and /api alike. Browsers send
 * Sec-Fetch-Site and Origin on every POST/PUT/DELETE; a request with neither
 * is not from a browser and carries no ambient cookie risk.
 */
export const originCheck: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  if (isBearerOnly(req)) return next();
  if (isOneClickUnsubscribe(req)) {
    res.locals[ANY_ORIGIN] = true;
    return next();
  }
  const fetchSite = req.get("sec-fetch-site");
  const origin = req.get("origin");
  const expected = expectedOrigin(`${req.protocol}://${req.get("host")}`);
  const crossSite =
    (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") ||
    (origin !== undefined && origin !== expected);
  if (!crossSite) return next();
  const error = "Cross-site request refused";
  if (req.path.startsWith("/api/")) res.status(403).json({ error });
  else res.status(403).type("text/plain").send(error);
};

const ANY_ORIGIN = "originCheckAllowsAnyOrigin";

/**
 * Whether this check let the request through from any origin on purpose. React
 * Router checks an action's Origin again (a 400 for any other than the
 * request's own), knowing no exception: such a request reaches it without
 * its Origin header (server/react-router-handler.ts).
 */
export function anyOriginAllowed(res: Response): boolean {
  return res.locals[ANY_ORIGIN] === true;
}

/** The site's public origin (APP_URL, else this request's); undefined for a Host header no URL can hold, which no Origin matches. */
function expectedOrigin(requestOrigin: string): string | undefined {
  try {
    return siteOrigin(requestOrigin);
  } catch {
    return undefined;
  }
}

/** Where an API token (Authorization: Bearer) is accepted: the administrators' API guard's routes. */
const BEARER_PATHS = ["/api/admin/", "/api/tables/", "/api/upload/"];

/**
 * An API client's request: an Authorization: Bearer header and no cookie, on
 * a path that takes tokens. Forgery rides on what a browser adds by itself
 * (cookies); a browser never adds an Authorization header to a cross-site
 * request (another site's script would need a CORS preflight this server
 * never grants), so such a request needs no Origin check. With a cookie as
 * well, the check applies as to any other request (docs/decisions/0036).
 */
function isBearerOnly(req: Parameters<RequestHandler>[0]): boolean {
  if (req.get("cookie") !== undefined) return false;
  if (!/^Bearer\s/i.test(req.get("authorization") ?? "")) return false;
  return BEARER_PATHS.some((prefix) => req.path.startsWith(prefix));
}

/**
 * RFC 8058's one-click unsubscribe: a mail client POSTs
 * `List-Unsubscribe=One-Click` to the link in the List-Unsubscribe header,
 * and a webmail client may do it from its own origin. So a POST to
 * /unsubscribe/{token} passes whatever its origin (docs/decisions/0091). It is
 * safe to: no cookie or session gives it any power (the unguessable token in
 * the path is the whole authority), and all it can do is stop the review
 * requests and reminders of the customer the token names. Only that path, only POST.
 */
function isOneClickUnsubscribe(req: Parameters<RequestHandler>[0]): boolean {
  return req.method === "POST" && /^\/unsubscribe\/[A-Za-z0-9_-]{1,100}\/?$/.test(req.path);
}
