import { env } from "./env.server";

/** A request, or the URL it came to (e.g. built from an Express request's protocol and Host). */
type RequestOrUrl = Request | URL | string;

const urlOf = (request: RequestOrUrl) => (typeof request === "string" || request instanceof URL ? request : request.url);

/** The site's public URL: APP_URL when set, else the request's own. */
function publicUrl(request: RequestOrUrl): URL {
  return new URL(env().APP_URL ?? urlOf(request));
}

/** The site's public origin: APP_URL when set, else the request's own origin. */
export function siteOrigin(request: RequestOrUrl): string {
  return publicUrl(request).origin;
}

/** Whether the site is served over https (APP_URL's scheme when set, else the request's): Secure cookies, __Host- names. */
export function isHttps(request: RequestOrUrl): boolean {
  return publicUrl(request).protocol === "https:";
}

/**
 * The configured public origin (APP_URL) or undefined: for links that leave
 * the request, such as e-mailed ones, where a forged Host header must never go.
 */
export function configuredOrigin(): string | undefined {
  const { APP_URL } = env();
  return APP_URL ? new URL(APP_URL).origin : undefined;
}
