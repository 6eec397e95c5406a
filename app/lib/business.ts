import type { SiteSettings } from "./site-settings";

/**
 * The business's first-start settings: today's texts, written into the
 * `site_settings` row when it is created (db/migrations/2026-11-23-02-site-settings.ts).
 * At run time the owner's values come from the database (app/server/settings.server.ts,
 * the root loader, useSiteSettings): never read these to show a phone number or a name.
 * They are the fallback only while the database has never answered this process;
 * in the browser (an error page without the root loader's data) only the
 * contact part is, so the public bundles do not carry the long texts.
 */
export const SEED_CONTACT = {
  businessName: "Shine On Wheels Mobile Detailing",
  phone: "(616) 555-0142",
  phoneE164: "+16165550142",
  phoneExt: "",
  publicEmail: "info@shineonwheelsgr.com",
  serviceArea: "Grand Rapids, Michigan and surrounding areas",
  facebookUrl: "https://www.facebook.com/shineonwheelsgr",
  // The site has never stated opening hours; empty means "not shown".
  openingHours: "",
  responseTime: "within 24 hours",
} satisfies Partial<SiteSettings>;

export const SEED_SETTINGS: SiteSettings = {
  ...SEED_CONTACT,
  heroHeadline: "Showroom shine for your car & boat, delivered to you",
  heroText:
    "Premium automotive and marine detailing at your home, office, dock or marina: interior and exterior detailing, paint correction, ceramic coating, wash and wax and oxidation removal.",
  founderName: "Jake Morrison",
  aboutStory: [
    "<p>Jake Morrison has always loved a clean car. What he did not love was the car wash: brushes that left swirl marks in the paint, harsh chemicals that dulled the trim, and interiors that were “cleaned” in ten rushed minutes. Unhappy with car washes and tired of paying for results he could do better himself, he started detailing his own vehicles, then those of friends and neighbors.</p>",
    "<p>From the start he refused to use a product he did not understand. Jake researches every chemical before it touches a customer's vehicle or boat: what it is made of, how it reacts with paint, gel coat, vinyl and leather, and what it leaves behind on your driveway or in the lake.</p>",
    "<p>That curiosity never stopped. He keeps studying new coatings, polishing methods and marine care techniques, so every car and boat gets the best the craft has to offer today, not what worked ten years ago. Today Shine On Wheels brings that same care to drivers and boaters across West Michigan.</p>",
  ].join(""),
};

/**
 * Facts the owner does not edit (yet): the search-result texts, where the
 * business is registered and the site's credit. Everything a visitor can
 * reach the business by is in the settings.
 */
export const SITE_FACTS = {
  tagline: "Premium automotive and marine detailing, brought to your driveway or dock.",
  /** For search results and link previews (meta description, structured data). */
  description:
    "Mobile car and boat detailing in Grand Rapids, MI: interior and exterior detailing, paint correction, ceramic coating, boat wash and wax and oxidation removal. Free quotes.",
  areaServed: ["Grand Rapids", "Wyoming", "Kentwood", "Walker", "Grandville", "Rockford", "Ada", "East Grand Rapids", "Holland"],
  region: "MI",
  locality: "Grand Rapids",
  credit: { label: "Site by Lakeshore Web Works", url: "https://lakeshorewebworks.com" },
} as const;
