import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/sitemap[.]xml";

/** The public pages search engines should index. */
const PUBLIC_PATHS = ["/", "/about"];

export function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const urls = PUBLIC_PATHS.map((path) => `  <url><loc>${escapeXml(new URL(path, origin).href)}</loc></url>`);
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
