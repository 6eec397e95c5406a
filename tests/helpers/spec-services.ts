/** The product spec's car and boat service titles, in its order: what a fresh database lists on the home page. */
export const SPEC_CAR_SERVICES = [
  "Complete Interior & Exterior Detailing",
  "Professional Paint Corrections",
  "Premium Ceramic Coating Application",
  "Headlight Restoration",
  "Engine Bay Detailing",
];

export const SPEC_BOAT_SERVICES = [
  "Complete Hull & Deck Cleaning",
  "Professional Wash & Wax",
  "Interior Cabin Detailing",
  "Oxidation Removal & Restoration",
  "Marine-Grade Ceramic Coating",
  "Gel Coat Polishing & Protection",
  "Vinyl & Upholstery Cleaning",
];
