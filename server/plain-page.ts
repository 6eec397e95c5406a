import { businessTel, shortName } from "~/lib/site-settings";
import { lastKnownSettings } from "~/server/settings.server";

/**
 * A small self-contained HTML page for answers the edge gives without React
 * Router (413 for an oversized form post, 503 while the database is down), so
 * that a form posted without JavaScript still ends on a readable page. It needs
 * nothing else: no script, no stylesheet, no database (the business's name and
 * phone are the settings this process read last).
 */
export function plainPage(title: string, paragraphs: string[]): string {
  const business = lastKnownSettings();
  const escape = (text: string) =>
    text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} | ${escape(shortName(business.businessName))}</title>
<style>body{font-family:system-ui,sans-serif;color:#1e293b;max-width:36rem;margin:4rem auto;padding:0 1.5rem;line-height:1.5}h1{font-size:1.75rem}a{color:#0369a1}</style>
</head>
<body>
<main>
<h1>${escape(title)}</h1>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join("\n")}
<p>${businessTel(business) ? `<a href="${escape(businessTel(business))}">Call ${escape(business.phone)}</a>` : `Call ${escape(business.phone)}`} · <a href="/">${escape(business.businessName)}</a></p>
</main>
</body>
</html>
`;
}
