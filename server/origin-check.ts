import type { RequestHandler } from "express";
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

/** The site's public origin (APP_URL, else this request's); undefined for a Host header no URL can hold, which no Origin matches. */
function expectedOrigin(requestOrigin: string): string | undefined {
  try {
    return siteOrigin(requestOrigin);
  } catch {
    return undefined;
  }
}
