import { describe, expect, it } from "vitest";
import type { PriceBook } from "~/lib/price-book";
import { AppError } from "../app-error.server";
import { quotePrice, type PriceChoice } from "./quote-price.server";
import { ROAD_FACTOR, roadMiles, straightLineMiles } from "./zip-distance.server";

// Grand Rapids (49503) is the base. Distances by the package's 2021
// gazetteer × 1.25: Wyoming 49509 ≈ 7 mi, Holland 49423 ≈ 33 mi, Muskegon
// 49440 ≈ 44 mi, Kalamazoo 49006 ≈ 58 mi.
const CAR = 1;
const BOAT = 2;
const FULL = 10;
const WASH = 11;
const HEADLIGHTS = 20;
const PET_HAIR = 21;

const book = (over: Partial<PriceBook> = {}): PriceBook => ({
  classes: [
    { id: CAR, name: "Car or Coupe", perFoot: false },
    { id: BOAT, name: "Boat", perFoot: true },
  ],
  packages: [
    { id: FULL, name: "Full Detail", description: "", checklist: [], prices: [{ vehicleClassId: CAR, priceCents: 19_900, durationMinutes: 240, minimumCents: 0 }] },
    { id: WASH, name: "Boat Wash & Wax", description: "", checklist: [], prices: [{ vehicleClassId: BOAT, priceCents: 1_600, durationMinutes: 12, minimumCents: 29_900 }] },
  ],
  addOns: [
    { id: HEADLIGHTS, name: "Headlight Restoration", priceCents: 8_900, durationMinutes: 60 },
    { id: PET_HAIR, name: "Pet Hair Removal", priceCents: 4_900, durationMinutes: 30 },
  ],
  surcharges: { light: 0, moderate: 15, heavy: 30 },
  zones: [
    { id: 1, upToMiles: 15, feeCents: 0 },
    { id: 2, upToMiles: 35, feeCents: 2_500 },
    { id: 3, upToMiles: 45, feeCents: 4_000 },
  ],
  baseZip: "49503",
  radiusMiles: 50,
  taxMilliPercent: 0,
  ...over,
});

const choice = (over: Partial<PriceChoice> = {}): PriceChoice => ({
  vehicleClassId: CAR,
  boatFeet: null,
  packageId: FULL,
  addOnIds: [],
  condition: "light",
  zip: "49509",
  ...over,
});

function priced(b: PriceBook, c: PriceChoice) {
  const quote = quotePrice(b, c);
  if (!quote.ok) throw new Error(`expected a price, got ${JSON.stringify(quote)}`);
  return quote;
}

/** The AppError a choice is refused with: its field messages. */
function refusal(b: PriceBook, c: PriceChoice) {
  try {
    quotePrice(b, c);
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return error.fields;
  }
  throw new Error("expected a 400");
}

const line = (description: string, quantity: number, unitPriceCents: number) => ({ description, quantity, unitPriceCents, serviceId: null });

describe("quotePrice", () => {
  it("prices the package for the vehicle, nearby with no travel fee: one line, its duration", () => {
    const quote = priced(book(), choice());
    expect(quote.lines).toEqual([line("Full Detail, Car or Coupe", 1, 19_900)]);
    expect(quote).toMatchObject({ subtotalCents: 19_900, taxCents: 0, totalCents: 19_900, durationMinutes: 240 });
    expect(quote.miles).toBeLessThan(15);
  });

  it("adds each add-on once with its duration, a condition surcharge on the work, and the zone's travel fee", () => {
    const quote = priced(book(), choice({ addOnIds: [HEADLIGHTS, PET_HAIR, HEADLIGHTS], condition: "heavy", zip: "49423" }));
    // Work: 199 + 89 + 49 = 337; 30 % of it = 101.10; Holland is in the 35-mile zone.
    expect(quote.lines).toEqual([
      line("Full Detail, Car or Coupe", 1, 19_900),
      line("Headlight Restoration", 1, 8_900),
      line("Pet Hair Removal", 1, 4_900),
      line("Heavy condition (+30 %)", 1, 10_110),
      line(`Travel fee (${quote.miles} miles)`, 1, 2_500),
    ]);
    expect(quote).toMatchObject({ subtotalCents: 46_310, totalCents: 46_310, durationMinutes: 330 });
    expect(quote.miles).toBeGreaterThan(15);
    expect(quote.miles).toBeLessThanOrEqual(35);
  });

  it("rounds a surcharge half up to a whole cent and adds the tax rate of the settings", () => {
    const b = book({ surcharges: { light: 0, moderate: 15, heavy: 30 }, taxMilliPercent: 6_000 });
    // 15 % of 199.99 = 29.9985 → 30.00; 6 % tax of 229.99 = 13.7994 → 13.80.
    const free = book({ ...b, packages: [{ ...b.packages[0]!, prices: [{ vehicleClassId: CAR, priceCents: 19_999, durationMinutes: 60, minimumCents: 0 }] }] });
    const quote = priced(free, choice({ condition: "moderate" }));
    expect(quote.lines.at(-1)).toEqual(line("Moderate condition (+15 %)", 1, 3_000));
    expect(quote).toMatchObject({ subtotalCents: 22_999, taxCents: 1_380, totalCents: 24_379 });
  });

  it("prices a boat per foot, its duration per foot too", () => {
    const quote = priced(book(), choice({ vehicleClassId: BOAT, packageId: WASH, boatFeet: 24 }));
    expect(quote.lines).toEqual([line("Boat Wash & Wax, Boat (24 ft at $16.00 per foot)", 24, 1_600)]);
    expect(quote).toMatchObject({ subtotalCents: 38_400, durationMinutes: 288 });
  });

  it("charges a short boat the package's minimum", () => {
    const quote = priced(book(), choice({ vehicleClassId: BOAT, packageId: WASH, boatFeet: 16 }));
    // 16 × 16.00 = 256.00 is under the 299.00 minimum.
    expect(quote.lines).toEqual([line("Boat Wash & Wax, Boat (16 ft, minimum price)", 1, 29_900)]);
    expect(quote).toMatchObject({ subtotalCents: 29_900, durationMinutes: 192 });
  });

  it("charges the last zone's fee past the last zone but within the radius, and nothing without zones", () => {
    const muskegonOrFarther = priced(book({ zones: [{ id: 1, upToMiles: 15, feeCents: 0 }, { id: 2, upToMiles: 25, feeCents: 1_500 }] }), choice({ zip: "49440" }));
    expect(muskegonOrFarther.lines.at(-1)).toEqual(line(`Travel fee (${muskegonOrFarther.miles} miles)`, 1, 1_500));
    expect(priced(book({ zones: [] }), choice({ zip: "49440" })).lines).toHaveLength(1);
  });

  it("says a ZIP code beyond the Service Radius is beyond it, with no price", () => {
    const quote = quotePrice(book(), choice({ zip: "49006" }));
    expect(quote).toMatchObject({ ok: false, reason: "beyond-radius", radiusMiles: 50 });
    expect(quote.miles).toBeGreaterThan(50);
    expect(quotePrice(book({ radiusMiles: 60 }), choice({ zip: "49006" })).ok).toBe(true);
  });

  it("refuses an unknown ZIP code, and a choice the book does not hold, on the field at fault", () => {
    expect(refusal(book(), choice({ zip: "00000" }))).toEqual({ zip: "ZIP Code 00000 is not a US ZIP code we know. Check the five digits." });
    expect(refusal(book(), choice({ vehicleClassId: 99 }))).toEqual({ vehicle: "Choose a vehicle." });
    // The boat's package is not offered for a car.
    expect(refusal(book(), choice({ packageId: WASH }))).toEqual({ package: "Choose a package offered for Car or Coupe." });
    expect(refusal(book(), choice({ addOnIds: [99] }))).toEqual({ addOns: "Choose add-ons from the list." });
    for (const boatFeet of [null, 9, 61, 20.5]) {
      expect(refusal(book(), choice({ vehicleClassId: BOAT, packageId: WASH, boatFeet }))).toEqual({ boatFeet: "Boat Length (feet) must be a whole number from 10 to 60." });
    }
  });
});

describe("roadMiles", () => {
  it("is the straight line between the ZIP codes' centres times the road factor, to a tenth of a mile", () => {
    expect(roadMiles("49503", "49503")).toBe(0);
    const straight = straightLineMiles({ latitude: 42.9634, longitude: -85.6681 }, { latitude: 42.7875, longitude: -86.1089 });
    // Grand Rapids to Holland: about 25 miles as the crow flies.
    expect(straight).toBeGreaterThan(24);
    expect(straight).toBeLessThan(26);
    expect(roadMiles("49503", "49423")).toBeCloseTo(roadMiles("49423", "49503"), 5);
    expect(roadMiles("49503", "49423") / ROAD_FACTOR).toBeGreaterThan(24);
    expect(roadMiles("49503", "49423") / ROAD_FACTOR).toBeLessThan(28);
  });
});
