import { sql, type Kysely } from "kysely";
import { FIRST_START_ACTOR } from "../app/lib/row-history";
import { asActor } from "./actor";
import { careGuides } from "./seed-content/care-guides";
import { faqs } from "./seed-content/faqs";
import { services } from "./seed-content/services";
import { testimonials } from "./seed-content/testimonials";
import { servicePrices } from "./seed-content/service-prices";
import { addOns, conditionSurcharges, packages, travelZones, vehicleClasses } from "./seed-content/price-book";
import { seedSettings } from "./site-settings-row";
import type { Database } from "./types";

/**
 * First-start content. Each seed runs once in the life of a database (recorded
 * in `seeds`), so a restart never duplicates rows and content the owner has
 * deleted does not come back.
 */
export async function seedContent(db: Kysely<Database>): Promise<void> {
  // The business settings' one row, with today's texts (app/lib/business.ts),
  // inserted only while there is none: on a database made before the settings
  // existed too, and never over the owner's values.
  await seedSettings(db);
  await seedOnce(db, "public-content-v1", async (trx) => {
    await trx
      .insertInto("testimonials")
      // Shown on the site: the column's default (false) is for customers' reviews (docs/decisions/0091).
      .values(testimonials.map((t, i) => ({ ...t, sort_order: i, published: true })))
      .execute();
    // sort_order counts within each category: the page orders by category, then it.
    const positions = new Map<string, number>();
    await trx
      .insertInto("faqs")
      .values(
        faqs.map((f) => {
          const sort_order = positions.get(f.category) ?? 0;
          positions.set(f.category, sort_order + 1);
          return { ...f, sort_order };
        }),
      )
      .execute();
  });
  await seedServices(db);
  await seedServicePrices(db);
  await seedCareGuides(db);
  await seedPriceBook(db);
}

/**
 * Starting prices and durations for the seeded services (issue 20), once: a
 * service the owner has renamed, or already priced, is left as it is.
 */
async function seedServicePrices(db: Kysely<Database>): Promise<void> {
  await seedOnce(db, "services-prices-v1", async (trx) => {
    for (const [title, values] of Object.entries(servicePrices)) {
      await trx.updateTable("services").set(values).where("title", "=", title).where("price_cents", "=", 0).where("duration_minutes", "=", 0).execute();
    }
  });
}

/**
 * The home page's service lists (a seed of its own: databases seeded before
 * the services table existed get them on their next start, once).
 */
async function seedServices(db: Kysely<Database>): Promise<void> {
  await seedOnce(db, "services-v1", async (trx) => {
    // Positions within each kind, in tens, so the owner can slot one in between.
    const positions = new Map<string, number>();
    await trx
      .insertInto("services")
      .values(
        services.map((s) => {
          const sort_order = (positions.get(s.kind) ?? 0) + 10;
          positions.set(s.kind, sort_order);
          return { ...s, sort_order };
        }),
      )
      .execute();
  });
}

/**
 * Two published care guides, so the FAQ's "Read our care guides" never leads
 * to an empty page. A seed of its own, like the services: a new database gets
 * them at its first start, an existing one at its next start, and either way
 * only once. "Once" is the name `care-guides-v1` in `seeds`: the first start
 * that claims it decides, for good. It adds the guides only to a database that
 * has never held a care guide (none in the table, none in the trash, none in
 * any row's history): an owner who already writes guides, or wrote some and
 * deleted them, does not get ours, and guides the owner deletes later never
 * come back, since the claim is never made again.
 */
async function seedCareGuides(db: Kysely<Database>): Promise<void> {
  await seedOnce(db, "care-guides-v1", async (trx) => {
    const { rows } = await sql<{ held: boolean }>`SELECT
      EXISTS (SELECT 1 FROM care_guides)
      OR EXISTS (SELECT 1 FROM trash WHERE table_name = 'care_guides')
      OR EXISTS (SELECT 1 FROM row_history WHERE table_name = 'care_guides') AS held`.execute(trx);
    if (rows[0]!.held) return;
    // In tens, like the services, so the owner can slot a guide in between.
    await trx
      .insertInto("care_guides")
      .values(careGuides.map((guide, i) => ({ ...guide, published: true, sort_order: (i + 1) * 10 })))
      .execute();
  });
}

/**
 * The first price book (docs/decisions/0126), once, into a price book that is
 * still empty: an owner who has started their own keeps it.
 */
async function seedPriceBook(db: Kysely<Database>): Promise<void> {
  await seedOnce(db, "price-book-v1", async (trx) => {
    const held = await trx.selectFrom("vehicle_classes").select("id").limit(1).executeTakeFirst();
    if (held) return;
    // Positions in tens, like the services, so the owner can slot one in between.
    const classes = await trx
      .insertInto("vehicle_classes")
      .values(vehicleClasses.map((c, i) => ({ name: c.name, per_foot: c.perFoot, sort_order: (i + 1) * 10 })))
      .returning(["id", "name"])
      .execute();
    const classId = new Map(classes.map((c) => [c.name, c.id]));
    for (const [i, p] of packages.entries()) {
      const { id } = await trx
        .insertInto("packages")
        .values({ name: p.name, description: p.description, checklist: p.checklist, sort_order: (i + 1) * 10 })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("package_prices")
        .values(
          Object.entries(p.prices).map(([vehicle, [price, minutes, minimum = 0]]) => ({
            package_id: id,
            vehicle_class_id: classId.get(vehicle)!,
            price_cents: price,
            duration_minutes: minutes,
            minimum_cents: minimum,
          })),
        )
        .execute();
    }
    await trx
      .insertInto("add_ons")
      .values(addOns.map((a, i) => ({ name: a.name, price_cents: a.priceCents, duration_minutes: a.durationMinutes, sort_order: (i + 1) * 10 })))
      .execute();
    for (const level of ["light", "moderate", "heavy"] as const) {
      await trx.updateTable("condition_surcharges").set({ percent: conditionSurcharges[level] }).where("level", "=", level).execute();
    }
    await trx
      .insertInto("travel_zones")
      .values(travelZones.map((z) => ({ up_to_miles: z.upToMiles, fee_cents: z.feeCents })))
      .execute();
  });
}

/**
 * Runs `work` once in the database's life: in one transaction with the claim
 * of `name` in `seeds` (a start that finds it claimed does nothing), as the
 * first start, so each row's history says "Added at first start" rather than
 * naming no one (FIRST_START_ACTOR; the triggers of ADR 0078 record it).
 */
async function seedOnce(db: Kysely<Database>, name: string, work: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
  await asActor(db, FIRST_START_ACTOR, async (trx) => {
    const claimed = await trx
      .insertInto("seeds")
      .values({ name })
      .onConflict((oc) => oc.column("name").doNothing())
      .returning("name")
      .executeTakeFirst();
    if (claimed) await work(trx);
  });
}
