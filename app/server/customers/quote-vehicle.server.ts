import { newestYear, OLDEST_YEAR, type VehicleKind } from "~/lib/vehicle-kinds";
import type { DB } from "../db.server";

/**
 * The vehicle a visitor names in the quote form's free-text Vehicle Type
 * ("Boat", "2019 Chevy Silverado", "Sea Ray pontoon") becomes one of their
 * customer's vehicles (docs/decisions/0102): its kind from a word that names
 * one, its year from a model year, the other words as the model (where the
 * make ends we cannot tell; the owner may split it on the customer's page).
 */
export interface QuoteVehicle {
  kind: VehicleKind;
  year: number | null;
  /** The other words, as typed (at most the column's 60 characters). */
  model: string;
}

/** Words that name a kind, lower-cased. */
const KIND_WORDS: Record<string, VehicleKind> = {
  car: "Car", sedan: "Car", coupe: "Car", hatchback: "Car", wagon: "Car", convertible: "Car",
  truck: "Truck", pickup: "Truck",
  suv: "SUV", crossover: "SUV",
  van: "Van", minivan: "Van",
  boat: "Boat", pontoon: "Boat", yacht: "Boat", sailboat: "Boat",
  rv: "RV", camper: "RV", motorhome: "RV",
  motorcycle: "Motorcycle", motorbike: "Motorcycle",
  other: "Other",
};
const MODEL_MAX = 60;

/** The vehicle named, or null when it names none ("Other" alone, or nothing). */
export function quoteVehicle(vehicleType: string, now = new Date()): QuoteVehicle | null {
  let kind: VehicleKind | null = null;
  let year: number | null = null;
  const rest: string[] = [];
  for (const word of vehicleType.split(/\s+/).filter(Boolean)) {
    const bare = word.toLowerCase().replace(/[^a-z0-9]/g, "");
    const asYear = /^\d{4}$/.test(word) ? Number(word) : NaN;
    if (!kind && KIND_WORDS[bare]) kind = KIND_WORDS[bare];
    else if (year === null && asYear >= OLDEST_YEAR && asYear <= newestYear(now)) year = asYear;
    else rest.push(word);
  }
  const model = rest.join(" ").slice(0, MODEL_MAX).trim();
  if ((!kind || kind === "Other") && !model && year === null) return null;
  return { kind: kind ?? "Other", year, model };
}

const normal = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Adds the request's vehicle to the customer, unless they have it already:
 * one of the same kind (any, when the request names none) that, when the request says more than the kind, has
 * the same make and model (letter case and spacing aside) and, when it gives
 * a year, that year. Call it in the request's transaction, after
 * matchCustomer: its lock keeps two requests of one customer from both adding
 * it. Returns the vehicle's id, or null when the request names none.
 */
export async function saveQuoteVehicle(trx: DB, customerId: number, vehicleType: string, now = new Date()): Promise<number | null> {
  const vehicle = quoteVehicle(vehicleType, now);
  if (!vehicle) return null;
  const owned = await trx
    .selectFrom("vehicles")
    .select(["id", "make", "model", "year"])
    .where("customer_id", "=", customerId)
    // A request that names no kind ("2019 Silverado") may be a vehicle saved with one.
    .$if(vehicle.kind !== "Other", (qb) => qb.where("kind", "=", vehicle.kind))
    .orderBy("id")
    .execute();
  const same = owned.find(
    (v) =>
      (!vehicle.model && vehicle.year === null) ||
      ((vehicle.year === null || v.year === vehicle.year) && [normal(`${v.make} ${v.model}`), normal(v.model)].includes(normal(vehicle.model))),
  );
  if (same) return same.id;
  const row = await trx
    .insertInto("vehicles")
    .values({ customer_id: customerId, kind: vehicle.kind, year: vehicle.year, model: vehicle.model })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
