/**
 * Facts about the business used across the site (header, footer, structured
 * data, e-mails, About page). Change them here and only here.
 */
export const business = {
  name: "Shine On Wheels Mobile Detailing",
  shortName: "Shine On Wheels",
  tagline: "Premium automotive and marine detailing, brought to your driveway or dock.",
  /** For search results and link previews (meta description, structured data). */
  description:
    "Mobile car and boat detailing in Grand Rapids, MI: interior and exterior detailing, paint correction, ceramic coating, boat wash and wax and oxidation removal. Free quotes.",
  founder: "Jake Morrison",
  phone: "(616) 555-0142",
  phoneE164: "+16165550142",
  email: "info@shineonwheelsgr.com",
  serviceArea: "Grand Rapids, Michigan and surrounding areas",
  areaServed: ["Grand Rapids", "Wyoming", "Kentwood", "Walker", "Grandville", "Rockford", "Ada", "East Grand Rapids", "Holland"],
  region: "MI",
  locality: "Grand Rapids",
  facebookUrl: "https://www.facebook.com/shineonwheelsgr",
  credit: { label: "Site by Lakeshore Web Works", url: "https://lakeshorewebworks.com" },
} as const;
