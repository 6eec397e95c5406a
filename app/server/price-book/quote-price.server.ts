import type { DocumentLine } from "~/lib/priced-lines";
import { BOAT_FEET_MAX, BOAT_FEET_MESSAGE, BOAT_FEET_MIN, CONDITION_TITLES, type Condition, type Package, type PackagePrice, type PriceBook, type VehicleClass } from "~/lib/price-book";
import { formatCents, percentOfCents, totals } from "~/lib/money";
import { badRequest } from "../app-error.server";
import { roadMiles } from "./zip-distance.server";

/**
 * The price of a choice from the price book (docs/decisions/0126): pure,
 * given the book (./price-book.server.ts loads it), so the booking page and
 * its benchmark price without a query. The lines are a priced document's
 * (app/lib/priced-lines.ts, docs/decisions/0116), so an accepted estimate can
 * be made of them as they are. The server decides every price; a choice the
 * book does not hold is an AppError 400 on the field at fault.
 */

export interface PriceChoice {
  vehicleClassId: number;
  /** The boat's length, for a vehicle class priced per foot. */
  boatFeet: number | null;
  packageId: number;
  addOnIds: readonly number[];
  condition: Condition;
  zip: string;
}

export type PriceQuote =
  | {
      ok: true;
      lines: DocumentLine[];
      /** How many of the lines, from the first, are the work (package, add-ons, condition): the rest is travel. A plan discount is on these (docs/decisions/0155). */
      workLines: number;
      subtotalCents: number;
      taxCents: number;
      totalCents: number;
      durationMinutes: number;
      miles: number;
    }
  /** Farther than the Service Radius: no price; the page points to the quote form. */
  | { ok: false; reason: "beyond-radius"; miles: number; radiusMiles: number };

const line = (description: string, quantity: number, unitPriceCents: number): DocumentLine => ({ description, quantity, unitPriceCents, serviceId: null });

export function quotePrice(book: PriceBook, choice: PriceChoice): PriceQuote {
  const vehicle = book.classes.find((c) => c.id === choice.vehicleClassId);
  if (!vehicle) throw refused("vehicle", "Choose a vehicle.");
  const pack = book.packages.find((p) => p.id === choice.packageId);
  const price = pack?.prices.find((p) => p.vehicleClassId === vehicle.id);
  if (!pack || !price) throw refused("package", `Choose a package offered for ${vehicle.name}.`);
  const feet = choice.boatFeet;
  if (vehicle.perFoot && (feet === null || !Number.isInteger(feet) || feet < BOAT_FEET_MIN || feet > BOAT_FEET_MAX)) {
    throw refused("boatFeet", BOAT_FEET_MESSAGE);
  }
  const addOns = [...new Set(choice.addOnIds)].map((id) => {
    const addOn = book.addOns.find((a) => a.id === id);
    if (!addOn) throw refused("addOns", "Choose add-ons from the list.");
    return addOn;
  });

  const miles = roadMiles(book.baseZip, choice.zip);
  if (miles > book.radiusMiles) return { ok: false, reason: "beyond-radius", miles, radiusMiles: book.radiusMiles };

  const first = packageLine(vehicle, pack, price, feet);
  const lines: DocumentLine[] = [first.line];
  let minutes = first.minutes;
  for (const addOn of addOns) {
    lines.push(line(addOn.name, 1, addOn.priceCents));
    minutes += addOn.durationMinutes;
  }

  // On the work itself (package and add-ons), never on travel.
  const percent = book.surcharges[choice.condition];
  if (percent > 0) {
    const work = totals(lines, 0).subtotalCents;
    lines.push(line(`${CONDITION_TITLES[choice.condition]} condition (+${percent} %)`, 1, percentOfCents(work, percent)));
  }

  const workLines = lines.length;
  // The nearest zone that reaches the address; past the last zone (but within the radius), the last zone's fee.
  const zone = book.zones.find((z) => miles <= z.upToMiles) ?? book.zones.at(-1);
  if (zone && zone.feeCents > 0) lines.push(line(`Travel fee (${miles} miles)`, 1, zone.feeCents));

  const sums = totals(lines, book.taxMilliPercent);
  return { ok: true, lines, workLines, subtotalCents: sums.subtotalCents, taxCents: sums.taxCents, totalCents: sums.totalCents, durationMinutes: minutes, miles };
}

/**
 * The package's line for the vehicle (and, priced per foot, the boat's
 * length): what a quote starts with, and what the booking page shows beside
 * each package before the rest is chosen.
 */
export function packageLine(vehicle: VehicleClass, pack: Package, price: PackagePrice, feet: number | null): { line: DocumentLine; minutes: number } {
  if (vehicle.perFoot && feet !== null) {
    // Per foot, or the package's minimum when the boat is short: one line either way, quantity × unit price.
    return {
      line:
        feet * price.priceCents >= price.minimumCents
          ? line(`${pack.name}, ${vehicle.name} (${feet} ft at ${formatCents(price.priceCents)} per foot)`, feet, price.priceCents)
          : line(`${pack.name}, ${vehicle.name} (${feet} ft, minimum price)`, 1, price.minimumCents),
      minutes: feet * price.durationMinutes,
    };
  }
  return { line: line(`${pack.name}, ${vehicle.name}`, 1, price.priceCents), minutes: price.durationMinutes };
}

const refused = (field: string, message: string) => badRequest(message, { [field]: message });
