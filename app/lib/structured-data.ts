import { SITE_FACTS } from "./business";
import type { SiteSettings } from "./site-settings";

/**
 * schema.org data about the business, for search engines' rich results.
 * `origin` is APP_URL's, or undefined when it is unset: the home page's
 * address is then relative, which JSON-LD resolves against the page's own.
 */
export function businessJsonLd(origin: string | undefined, settings: SiteSettings) {
  const home = origin ? `${origin}/` : "/";
  return {
    "@context": "https://schema.org",
    "@type": "AutoWash",
    "@id": `${home}#business`,
    name: settings.businessName,
    description: SITE_FACTS.description,
    url: home,
    // The number as dialled (docs/decisions/0108); none while the settings have none.
    ...(settings.phoneE164 ? { telephone: `${settings.phoneE164}${settings.phoneExt ? ` ext. ${settings.phoneExt}` : ""}` } : {}),
    email: settings.publicEmail,
    founder: { "@type": "Person", name: settings.founderName },
    address: {
      "@type": "PostalAddress",
      addressLocality: SITE_FACTS.locality,
      addressRegion: SITE_FACTS.region,
      addressCountry: "US",
    },
    areaServed: SITE_FACTS.areaServed.map((name) => ({ "@type": "City", name })),
    sameAs: settings.facebookUrl ? [settings.facebookUrl] : [],
    // The owner's lines as written (schema.org takes text); none when the setting is empty.
    ...(settings.openingHours ? { openingHours: openingHoursLines(settings.openingHours) } : {}),
  };
}

function openingHoursLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * JSON for a <script type="application/ld+json"> element. `<` is escaped so no
 * text in the data can close the script element early; `>` and `&` too, for
 * parsers that treat the content as HTML.
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
