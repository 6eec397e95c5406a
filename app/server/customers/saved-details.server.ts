import { sql } from "kysely";
import { NOT_THEIR_VEHICLE, vehicleLabel } from "~/lib/vehicles";
import { AppError } from "../app-error.server";
import type { DB } from "../db.server";

/**
 * What a returning customer gave us before, offered on a new estimate or job
 * of theirs: their vehicles, and the addresses of their
 * earlier jobs and requests (newest first, each once).
 */
export interface SavedDetails {
  vehicles: { id: number; label: string }[];
  addresses: string[];
}

/** At most this many earlier addresses are offered. */
const ADDRESSES_MAX = 10;

export async function savedDetails(db: DB, customerId: number): Promise<SavedDetails> {
  const [vehicles, addresses] = await Promise.all([
    db
      .selectFrom("vehicles")
      .select(["id", "kind", "make", "model", "year", "color"])
      .where("customer_id", "=", customerId)
      .orderBy("id")
      .execute(),
    // Each address once, at its latest use: jobs (where we went) and requests (where we were asked to go).
    db
      .selectFrom(
        db
          .selectFrom("jobs")
          .select(["address", "starts_at as used_at"])
          .where("customer_id", "=", customerId)
          .unionAll(
            db
              .selectFrom("quote_requests")
              .select(["service_address as address", "created_at as used_at"])
              .where("customer_id", "=", customerId),
          )
          .as("a"),
      )
      .select("address")
      .where("address", "<>", "")
      .groupBy("address")
      .orderBy(sql`max(used_at)`, "desc")
      .limit(ADDRESSES_MAX)
      .execute(),
  ]);
  return { vehicles: vehicles.map((v) => ({ id: v.id, label: vehicleLabel(v) })), addresses: addresses.map((a) => a.address) };
}

/** A vehicle chosen for a customer's estimate or job must be one of that customer's: else the field's refusal. */
export async function checkCustomerVehicle(db: DB, customerId: number, vehicleId: number | null | undefined): Promise<void> {
  if (vehicleId == null) return;
  const found = await db.selectFrom("vehicles").select("id").where("customer_id", "=", customerId).where("id", "=", vehicleId).executeTakeFirst();
  if (!found) {
    throw new AppError(400, "Please correct the highlighted fields.", { fields: { vehicleId: NOT_THEIR_VEHICLE } });
  }
}

/** A vehicle read through a LEFT JOIN on `vehicle_id` (an estimate's, a job's): null when none was picked or it was removed. */
export function joinedVehicle(row: {
  vehicle_id: number | null;
  kind: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  color: string | null;
}): { id: number; label: string } | null {
  if (row.vehicle_id === null || row.kind === null) return null;
  return { id: row.vehicle_id, label: vehicleLabel({ kind: row.kind, make: row.make ?? "", model: row.model ?? "", year: row.year, color: row.color ?? "" }) };
}

/** The customer's vehicle when they have exactly one (what a new estimate starts with), else null. */
export async function onlyVehicle(db: DB, customerId: number): Promise<number | null> {
  const vehicles = await db.selectFrom("vehicles").select("id").where("customer_id", "=", customerId).limit(2).execute();
  return vehicles.length === 1 ? vehicles[0]!.id : null;
}
