/**
 * Starting prices (whole cents) and usual durations of the seeded services,
 * by title: typical mobile-detailing rates in West Michigan for a mid-size
 * car or a 20-22 ft boat, for the owner to adjust (seeded once as
 * "services-prices-v1").
 */
export const servicePrices: Record<string, { price_cents: number; duration_minutes: number }> = {
  "Complete Interior & Exterior Detailing": { price_cents: 24_900, duration_minutes: 240 },
  "Professional Paint Corrections": { price_cents: 44_900, duration_minutes: 360 },
  "Premium Ceramic Coating Application": { price_cents: 89_900, duration_minutes: 480 },
  "Headlight Restoration": { price_cents: 8_900, duration_minutes: 60 },
  "Engine Bay Detailing": { price_cents: 7_900, duration_minutes: 60 },
  "Complete Hull & Deck Cleaning": { price_cents: 29_900, duration_minutes: 240 },
  "Professional Wash & Wax": { price_cents: 34_900, duration_minutes: 240 },
  "Interior Cabin Detailing": { price_cents: 19_900, duration_minutes: 180 },
  "Oxidation Removal & Restoration": { price_cents: 49_900, duration_minutes: 360 },
  "Marine-Grade Ceramic Coating": { price_cents: 119_900, duration_minutes: 480 },
  "Gel Coat Polishing & Protection": { price_cents: 39_900, duration_minutes: 300 },
  "Vinyl & Upholstery Cleaning": { price_cents: 14_900, duration_minutes: 120 },
};
