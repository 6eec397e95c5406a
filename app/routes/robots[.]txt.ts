import { configuredOrigin } from "~/server/site-url.server";

export function loader() {
  // The Sitemap line needs an absolute URL: only APP_URL's, never the request's Host header.
  const origin = configuredOrigin();
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /login",
    "Disallow: /api",
    "",
    origin ? `Sitemap: ${origin}/sitemap.xml` : "# No Sitemap line: APP_URL (the site's public origin) is not set.",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
