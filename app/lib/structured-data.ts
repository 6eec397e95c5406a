import { business } from "./business";

/** schema.org data about the business, for search engines' rich results. */
export function businessJsonLd(origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "AutoWash",
    "@id": `${origin}/#business`,
    name: business.name,
    description: business.description,
    url: `${origin}/`,
    telephone: business.phoneE164,
    email: business.email,
    founder: { "@type": "Person", name: business.founder },
    address: {
      "@type": "PostalAddress",
      addressLocality: business.locality,
      addressRegion: business.region,
      addressCountry: "US",
    },
    areaServed: business.areaServed.map((name) => ({ "@type": "City", name })),
    sameAs: [business.facebookUrl],
  };
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
