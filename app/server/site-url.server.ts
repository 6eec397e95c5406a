import { env } from "./env.server";

/** A request, or the URL it came to (e.g. built from an Express request's protocol and Host). */
type RequestOrUrl = Request | URL | string;

const urlOf = (request: RequestOrUrl) => (typeof request === "string" || request instanceof URL ? request : request.url);

/** The site's public URL: APP_URL when set, else the request's own. */
function publicUrl(request: RequestOrUrl): URL {
  return new URL(env().APP_URL ?? urlOf(request));
}

/**
 * The site's public origin: APP_URL when set, else the request's own origin,
 * which comes from the Host header any client chooses. Only for answers to
 * that same client (the same-origin check, the OAuth return address, which
 * the provider checks against its list); never for links written into pages,
 * the sitemap or anything others read: those take configuredOrigin().
 */
export function siteOrigin(request: RequestOrUrl): string {
  return publicUrl(request).origin;
}

/** Whether the site is served over https (APP_URL's scheme when set, else the request's): Secure cookies, __Host- names. */
export function isHttps(request: RequestOrUrl): boolean {
  return publicUrl(request).protocol === "https:";
}

/**
 * The configured public origin (APP_URL) or undefined: for absolute links
 * that others read (e-mails, canonical and og: tags, structured data, the
 * sitemap), where a forged Host header must never go. Without it, those links
 * are relative, or left out where a format needs them absolute.
 */
export function configuredOrigin(): string | undefined {
  const { APP_URL } = env();
  return APP_URL ? new URL(APP_URL).origin : undefined;
}

/** Said once at start-up when APP_URL is unset: what the site leaves out without it. */
export function warnIfNoConfiguredOrigin(): void {
  if (configuredOrigin()) return;
  console.warn(
    "[site] APP_URL is not set: pages link to themselves by relative URLs, without og:image or og:url; " +
      "robots.txt names no sitemap and /sitemap.xml answers 404; e-mails carry no link into the site. " +
      "Set APP_URL to the public origin (e.g. https://example.com) in production.",
  );
}
