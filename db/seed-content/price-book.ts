/**
 * The first price book (issue 35, docs/decisions/0126), seeded once as
 * "price-book-v1": typical mobile-detailing rates in West Michigan, drawn from
 * the seeded services' prices (./service-prices.ts), for the owner to adjust.
 * A full detail is $199 for a car and 20–30 % more for the bigger vehicles;
 * boats are priced per foot of length, with a minimum. Whole cents; minutes.
 */

export interface SeedClass {
  name: string;
  perFoot: boolean;
}

export const vehicleClasses: SeedClass[] = [
  { name: "Car or Coupe", perFoot: false },
  { name: "SUV or Crossover", perFoot: false },
  { name: "Truck", perFoot: false },
  { name: "Minivan or Large SUV", perFoot: false },
  { name: "Boat", perFoot: true },
];

/** A price for one vehicle class: for the boat, per foot, with the minimum price. */
type Price = [priceCents: number, durationMinutes: number, minimumCents?: number];

export interface SeedPackage {
  name: string;
  description: string;
  /** By vehicle class name; a class left out does not offer the package. */
  prices: Record<string, Price>;
  /** The steps of the work, in order: each job booked with the package gets its own copy (docs/decisions/0138). */
  checklist: string[];
}

// A car or coupe's price, then about +20 % (SUV), +25 % (truck) and +30 % (minivan).
const byVehicle = (car: Price, suv: Price, truck: Price, minivan: Price): Record<string, Price> => ({
  "Car or Coupe": car,
  "SUV or Crossover": suv,
  Truck: truck,
  "Minivan or Large SUV": minivan,
});

export const packages: SeedPackage[] = [
  {
    name: "Full Detail",
    description: "Interior and exterior: vacuum, steam and shampoo inside; hand wash, decontamination and protection outside.",
    prices: byVehicle([19_900, 240], [23_900, 270], [24_900, 270], [25_500, 300]),
    checklist: [
      "Walk around the vehicle with the customer",
      "Remove floor mats and personal items",
      "Vacuum seats, carpets and trunk",
      "Steam and shampoo seats, carpets and mats",
      "Clean and dress dashboard, console and door panels",
      "Clean windows and mirrors inside and out",
      "Hand wash and decontaminate the paint",
      "Clean wheels and tires; dress the tires",
      "Apply paint protection",
      "Final walk-around with the customer",
    ],
  },
  {
    name: "Interior Detail",
    description: "Vacuum, steam, shampoo and dressing of every surface inside.",
    prices: byVehicle([12_900, 150], [15_500, 180], [15_900, 180], [16_900, 195]),
    checklist: [
      "Walk around the vehicle with the customer",
      "Remove floor mats and personal items",
      "Vacuum seats, carpets and trunk",
      "Steam and shampoo seats, carpets and mats",
      "Clean and dress dashboard, console and door panels",
      "Clean windows and mirrors inside",
      "Final walk-around with the customer",
    ],
  },
  {
    name: "Exterior Wash & Wax",
    description: "Hand wash, decontamination and a carnauba wax.",
    prices: byVehicle([9_900, 120], [11_900, 135], [12_500, 135], [12_900, 150]),
    checklist: [
      "Walk around the vehicle with the customer",
      "Rinse and foam pre-wash",
      "Two-bucket hand wash",
      "Clay bar decontamination",
      "Clean wheels and tires; dress the tires",
      "Dry and apply carnauba wax",
      "Clean windows and mirrors outside",
      "Final walk-around with the customer",
    ],
  },
  {
    name: "Paint Correction",
    description: "Machine polishing that removes swirl marks, light scratches and dullness.",
    prices: byVehicle([44_900, 360], [53_900, 420], [55_900, 420], [57_900, 450]),
    checklist: [
      "Walk around the vehicle with the customer",
      "Wash and decontaminate the paint",
      "Measure paint thickness and mark the defects",
      "Tape off trim and rubber",
      "Compound the defects",
      "Polish to a high gloss",
      "Panel wipe and inspect under a light",
      "Apply paint protection",
      "Final walk-around with the customer",
    ],
  },
  {
    name: "Ceramic Coating",
    description: "Paint correction and a ceramic coating that protects for years.",
    prices: byVehicle([89_900, 540], [107_900, 600], [112_500, 600], [116_900, 660]),
    checklist: [
      "Walk around the vehicle with the customer",
      "Wash and decontaminate the paint",
      "Machine polish the paint",
      "Panel wipe before coating",
      "Apply the coating panel by panel",
      "Level and buff off high spots",
      "Explain cure time and aftercare to the customer",
    ],
  },
  // Per foot for a boat: a 21 ft boat's wash and wax is 21 × $16.00 = $336.00, as the service's $349 for 20–22 ft.
  {
    name: "Boat Wash & Wax",
    description: "A thorough hand wash and a marine wax.",
    prices: { Boat: [1_600, 12, 29_900] },
    checklist: [
      "Walk around the boat with the customer",
      "Rinse hull and deck",
      "Hand wash hull and deck",
      "Clean the waterline",
      "Apply marine wax and buff",
      "Clean vinyl and chrome",
      "Final walk-around with the customer",
    ],
  },
  {
    name: "Hull & Deck Cleaning",
    description: "Waterline scum, stains and grime lifted from hull and deck.",
    prices: { Boat: [1_400, 11, 24_900] },
    checklist: [
      "Walk around the boat with the customer",
      "Rinse hull and deck",
      "Remove waterline scum",
      "Lift stains from the hull",
      "Scrub the non-skid deck",
      "Rinse and dry",
      "Final walk-around with the customer",
    ],
  },
  {
    name: "Oxidation Removal",
    description: "Chalky gel coat compounded and polished back to a shine.",
    prices: { Boat: [2_400, 17, 39_900] },
    checklist: [
      "Walk around the boat with the customer",
      "Wash and dry the gel coat",
      "Test spot to judge the oxidation",
      "Compound the oxidised gel coat",
      "Polish to a shine",
      "Apply marine wax",
      "Final walk-around with the customer",
    ],
  },
  {
    name: "Marine Ceramic Coating",
    description: "A marine-grade ceramic coating over polished gel coat.",
    prices: { Boat: [5_500, 23, 99_900] },
    checklist: [
      "Walk around the boat with the customer",
      "Wash and decontaminate the gel coat",
      "Compound and polish the gel coat",
      "Panel wipe before coating",
      "Apply the marine ceramic coating",
      "Level and buff off high spots",
      "Explain cure time and aftercare to the customer",
    ],
  },
];

export const addOns: { name: string; priceCents: number; durationMinutes: number }[] = [
  { name: "Headlight Restoration", priceCents: 8_900, durationMinutes: 60 },
  { name: "Engine Bay Detailing", priceCents: 7_900, durationMinutes: 60 },
  { name: "Pet Hair Removal", priceCents: 4_900, durationMinutes: 30 },
  { name: "Vinyl & Upholstery Cleaning", priceCents: 14_900, durationMinutes: 120 },
];

/** Percent added to the package and add-ons for a vehicle's condition. */
export const conditionSurcharges = { light: 0, moderate: 15, heavy: 30 } as const;

/** Free within 15 miles of the base ZIP code, then a fee per zone up to the 50-mile service radius. */
export const travelZones: { upToMiles: number; feeCents: number }[] = [
  { upToMiles: 15, feeCents: 0 },
  { upToMiles: 25, feeCents: 1_500 },
  { upToMiles: 35, feeCents: 2_500 },
  { upToMiles: 50, feeCents: 4_000 },
];
