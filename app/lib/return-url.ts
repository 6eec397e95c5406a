// Any http(s) origin gives the same answer: only the scheme's parsing rules
// (backslash as slash, dot segments) matter, and those are the same for both.
const BASE = "http://site.invalid";

/**
 * Where to go after signing in: a path on this site, or "/".
 *
 * Judged on the URL a browser would actually follow, not on the text: the
 * value is resolved as the WHATWG URL parser does (tabs and newlines dropped,
 * "\" read as "/", dot segments and %2e applied), and the answer is the
 * normalised path + query + hash. That answer becomes a Location header or a
 * client-side navigation and is resolved once more there, so it must not
 * start with "//" (a host): "/.//evil.com" normalises to exactly that. See
 * docs/decisions/0033-return-url-resolved-like-the-browser.md.
 */
export function safeReturnUrl(value: string | null | undefined): string {
  // Only a path-absolute reference: not "admin", not " /admin", not "https:…".
  if (typeof value !== "string" || !value.startsWith("/")) return "/";
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE) return "/";
  const path = url.pathname + url.search + url.hash;
  if (path.startsWith("//")) return "/";
  // Followed a second time (as the browser will), it must land on the same place.
  const again = new URL(path, BASE);
  return again.origin === BASE && again.href === url.href ? path : "/";
}
