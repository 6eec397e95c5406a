import { listCareGuideSitemapEntries } from "~/server/care-guides.server";
import { databaseContext } from "~/server/request-context.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/sitemap[.]xml";

/** The public pages search engines should index. */
const PUBLIC_PATHS = ["/", "/about", "/book", "/gallery", "/care-guides"];

/**
 * A sitemap's <loc> must be an absolute URL, and the request's Host header is
 * the client's to choose: without APP_URL, only a request to this machine's
 * own name or address gets one (linkOrigin); any other host a 404 saying why,
 * rather than a sitemap naming whichever host the asker wrote.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = linkOrigin(request);
  if (!origin) {
    return new Response("No sitemap: APP_URL (the site's public origin) is not set, and a sitemap needs absolute URLs of a known host.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const urls = PUBLIC_PATHS.map((path) => `  <url><loc>${escapeXml(new URL(path, origin).href)}</loc></url>`);
  // Each published care guide, with its last change.
  for (const guide of await listCareGuideSitemapEntries(context.get(databaseContext))) {
    const loc = escapeXml(new URL(`/care-guides/${guide.slug}`, origin).href);
    urls.push(`  <url><loc>${loc}</loc><lastmod>${guide.updatedAt.toISOString()}</lastmod></url>`);
  }
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
