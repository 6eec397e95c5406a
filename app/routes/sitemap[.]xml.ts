import { listCareGuideSitemapEntries } from "~/server/care-guides.server";
import { databaseContext } from "~/server/request-context.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/sitemap[.]xml";

/** The public pages search engines should index. */
const PUBLIC_PATHS = ["/", "/about", "/gallery", "/care-guides"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
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
