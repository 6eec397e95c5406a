import { SITE_FACTS } from "./business";
import { phoneE164, type SiteSettings } from "./site-settings";

/** schema.org data about the business, for search engines' rich results. */
export function businessJsonLd(origin: string, settings: SiteSettings) {
  return {
    "@context": "https://schema.org",
    "@type": "AutoWash",
    "@id": `${origin}/#business`,
    name: settings.businessName,
    description: SITE_FACTS.description,
    url: `${origin}/`,
    telephone: phoneE164(settings.phone),
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
