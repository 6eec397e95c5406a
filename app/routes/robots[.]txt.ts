import { linkOrigin } from "~/server/site-url.server";

export function loader({ request }: { request: Request }) {
  // The Sitemap line needs an absolute URL: APP_URL's, or this machine's own (linkOrigin), never any Host header.
  const origin = linkOrigin(request);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /login",
    "Disallow: /api",
    "",
    origin ? `Sitemap: ${origin}/sitemap.xml` : "# No Sitemap line: APP_URL (the site's public origin) is not set and this host is not this machine's own.",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
