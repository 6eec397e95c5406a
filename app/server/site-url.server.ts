import { isIP } from "node:net";
import { networkInterfaces } from "node:os";
import { env } from "./env.server";
import { logFor } from "./log.server";

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
 * the sitemap or anything others read: those take linkOrigin().
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

/**
 * The origin for absolute links written into pages and files others read
 * (og:image, og:url, the canonical link, structured data, the sitemap):
 * APP_URL; without it, the request's own origin only when its host is this
 * machine by name or address (localhost, a loopback or one of its network
 * interfaces' addresses: how a site started with `npm start` is reached before
 * it has a domain), never any other Host header. Undefined otherwise: then
 * those links are relative, or left out where a format needs them absolute.
 */
export function linkOrigin(request: RequestOrUrl): string | undefined {
  const configured = configuredOrigin();
  if (configured) return configured;
  const url = new URL(urlOf(request));
  return isThisMachine(url.hostname) ? url.origin : undefined;
}

function isThisMachine(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4 && host.startsWith("127.")) return true;
  return Object.values(networkInterfaces()).some((list) => list?.some((i) => i.address.toLowerCase() === host));
}

/** Said once at start-up when APP_URL is unset: what the site leaves out without it. */
export function warnIfNoConfiguredOrigin(): void {
  if (configuredOrigin()) return;
  logFor("site").warn(
    "APP_URL is not set: absolute links (og:image, og:url, the sitemap, structured data) are made only for " +
      "requests to this machine's own names and addresses (localhost, its IP addresses); any other Host gets relative " +
      "links, no og:image or og:url, no sitemap; e-mails written to the log carry relative links (with SMTP_URL, APP_URL is required). " +
      "Set APP_URL to the public origin (e.g. https://example.com) in production.",
  );
}
