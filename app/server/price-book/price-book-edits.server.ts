import { sql } from "kysely";
import type { z } from "zod";
import { CONDITIONS, type addOnSchema, type packageSchema, type Removable, type surchargesSchema, type travelZoneSchema, type vehicleClassSchema } from "~/lib/price-book";
import { AppError, badRequest, notFound } from "../app-error.server";
import { requirePermission, type Actor } from "../auth/permissions.server";
import type { DB } from "../db.server";

/**
 * The owner's edits of the price book (/admin/price-book,
 * docs/decisions/0126), each given its form's parsed input
 * (app/lib/price-book.ts). An input with no id adds a row, at the end of its
 * list. The database holds the rules (prices not negative, durations
 * positive, names unique whatever their case); a name already taken is a 400
 * on the form's Name field.
 */

type Input<S extends z.ZodType> = z.output<S>;

const SORTED = { vehicle_classes: "vehicle class", packages: "package", add_ons: "add-on" } as const;
type SortedTable = keyof typeof SORTED;

/** The next position at the end of `table`'s list, in tens like the seed's. */
const nextPosition = (db: DB, table: SortedTable) => sql<number>`(SELECT coalesce(max(sort_order), 0) + 10 FROM ${sql.table(table)})`;

/** Runs a write whose unique name (or distance) may be taken: the refusal is a 400 on `field`. */
async function unique<T>(field: string, message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code === "23505") throw badRequest(message, { [field]: message });
    throw error;
  }
}

/** A row an update or a removal names, gone (another tab removed it): 404. */
function found<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw notFound(`This ${what} is no longer in the price book. Reload the page.`);
  return row;
}

const taken = (what: string, name: string) => `Another ${what} is already named ${name}.`;

export async function saveVehicleClass(db: DB, actor: Actor, input: Input<typeof vehicleClassSchema>): Promise<void> {
  requirePermission(actor, "prices.manage");
  const values = { name: input.name, per_foot: input.perFoot };
  await unique("name", taken(SORTED.vehicle_classes, input.name), async () => {
    if (input.id === null) await db.insertInto("vehicle_classes").values({ ...values, sort_order: nextPosition(db, "vehicle_classes") }).execute();
    else found(await db.updateTable("vehicle_classes").set({ ...values, updated_at: new Date() }).where("id", "=", input.id).returning("id").executeTakeFirst(), SORTED.vehicle_classes);
  });
}

/**
 * A package, its checklist and its prices for every vehicle class at once: a
 * class left empty no longer offers it. The checklist is what the jobs
 * booked from now on copy (docs/decisions/0138): jobs booked already keep theirs.
 */
export async function savePackage(db: DB, actor: Actor, input: Input<typeof packageSchema>): Promise<void> {
  requirePermission(actor, "prices.manage");
  const values = { name: input.name, description: input.description, checklist: input.checklist };
  await unique("name", taken(SORTED.packages, input.name), () =>
    db.transaction().execute(async (trx) => {
      const { id } =
        input.id === null
          ? await trx.insertInto("packages").values({ ...values, sort_order: nextPosition(trx, "packages") }).returning("id").executeTakeFirstOrThrow()
          : found(await trx.updateTable("packages").set({ ...values, updated_at: new Date() }).where("id", "=", input.id).returning("id").executeTakeFirst(), SORTED.packages);
      await trx.deleteFrom("package_prices").where("package_id", "=", id).execute();
      if (input.prices.length === 0) return;
      const classes = await trx.selectFrom("vehicle_classes").select("id").where("id", "in", input.prices.map((p) => p.vehicleClassId)).execute();
      if (classes.length !== new Set(input.prices.map((p) => p.vehicleClassId)).size) throw new AppError(409, "A vehicle class of this package is no longer in the price book. Reload the page.");
      await trx
        .insertInto("package_prices")
        .values(
          input.prices.map((p) => ({
            package_id: id,
            vehicle_class_id: p.vehicleClassId,
            price_cents: p.priceCents,
            duration_minutes: p.durationMinutes,
            minimum_cents: p.minimumCents,
          })),
        )
        .execute();
    }),
  );
}

export async function saveAddOn(db: DB, actor: Actor, input: Input<typeof addOnSchema>): Promise<void> {
  requirePermission(actor, "prices.manage");
  const values = { name: input.name, price_cents: input.price, duration_minutes: input.duration };
  await unique("name", taken(SORTED.add_ons, input.name), async () => {
    if (input.id === null) await db.insertInto("add_ons").values({ ...values, sort_order: nextPosition(db, "add_ons") }).execute();
    else found(await db.updateTable("add_ons").set({ ...values, updated_at: new Date() }).where("id", "=", input.id).returning("id").executeTakeFirst(), SORTED.add_ons);
  });
}

export async function saveSurcharges(db: DB, actor: Actor, input: Input<typeof surchargesSchema>): Promise<void> {
  requirePermission(actor, "prices.manage");
  await db.transaction().execute(async (trx) => {
    for (const level of CONDITIONS) {
      await trx.updateTable("condition_surcharges").set({ percent: input[level], updated_at: new Date() }).where("level", "=", level).execute();
    }
  });
}

export async function saveTravelZone(db: DB, actor: Actor, input: Input<typeof travelZoneSchema>): Promise<void> {
  requirePermission(actor, "prices.manage");
  const values = { up_to_miles: input.upToMiles, fee_cents: input.fee };
  await unique("upToMiles", `There is already a zone up to ${input.upToMiles} miles.`, async () => {
    if (input.id === null) await db.insertInto("travel_zones").values(values).execute();
    else found(await db.updateTable("travel_zones").set({ ...values, updated_at: new Date() }).where("id", "=", input.id).returning("id").executeTakeFirst(), "travel zone");
  });
}

const REMOVED: Record<Removable, { table: "vehicle_classes" | "packages" | "add_ons" | "travel_zones"; what: string }> = {
  vehicleClass: { table: "vehicle_classes", what: SORTED.vehicle_classes },
  package: { table: "packages", what: SORTED.packages },
  addOn: { table: "add_ons", what: SORTED.add_ons },
  travelZone: { table: "travel_zones", what: "travel zone" },
};

/** Takes a row out of the price book; a vehicle class or package takes its prices along. Estimates already written keep their lines. */
export async function removeFromPriceBook(db: DB, actor: Actor, input: { kind: Removable; id: number }): Promise<void> {
  requirePermission(actor, "prices.manage");
  const { table, what } = REMOVED[input.kind];
  found(await db.deleteFrom(table).where("id", "=", input.id).returning("id").executeTakeFirst(), what);
}
