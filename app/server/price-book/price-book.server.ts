import { CONDITIONS, type Condition, type PriceBook } from "~/lib/price-book";
import type { DB } from "../db.server";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { sql } from "kysely";
import { parseTaxRate } from "~/lib/money";
import { DEFAULT_TRAVEL_AREA } from "../settings.server";

/**
 * The whole price book (docs/decisions/0126) in one statement: six small
 * tables and the settings' row folded into JSON by the database, so /book's
 * every price costs one round trip (on the embedded database, where
 * statements run one after another, eight reads cost eight). What
 * ./quote-price.server.ts prices from and what /admin/price-book shows, in
 * the owner's order (sort order, then name).
 */
export async function loadPriceBook(db: DB): Promise<PriceBook> {
  const settings = db.selectFrom("site_settings").where("id", "=", 1);
  const row = await db
    .selectNoFrom((eb) => [
      jsonArrayFrom(
        eb.selectFrom("vehicle_classes").select(["id", "name", "per_foot as perFoot"]).orderBy("sort_order").orderBy("name"),
      ).as("classes"),
      jsonArrayFrom(
        eb
          .selectFrom("packages as p")
          .select((inner) => [
            "p.id",
            "p.name",
            "p.description",
            "p.checklist",
            jsonArrayFrom(
              inner
                .selectFrom("package_prices as pp")
                .select([
                  "pp.vehicle_class_id as vehicleClassId",
                  "pp.price_cents as priceCents",
                  "pp.duration_minutes as durationMinutes",
                  "pp.minimum_cents as minimumCents",
                ])
                .whereRef("pp.package_id", "=", "p.id"),
            ).as("prices"),
          ])
          .orderBy("p.sort_order")
          .orderBy("p.name"),
      ).as("packages"),
      jsonArrayFrom(
        eb
          .selectFrom("add_ons")
          .select(["id", "name", "price_cents as priceCents", "duration_minutes as durationMinutes"])
          .orderBy("sort_order")
          .orderBy("name"),
      ).as("addOns"),
      jsonArrayFrom(eb.selectFrom("condition_surcharges").select(["level", "percent"])).as("surcharges"),
      jsonArrayFrom(
        eb.selectFrom("travel_zones").select(["id", "up_to_miles as upToMiles", "fee_cents as feeCents"]).orderBy("up_to_miles"),
      ).as("zones"),
      settings.select("base_zip").as("baseZip"),
      settings.select("service_radius_miles").as("radiusMiles"),
      settings.select(sql<string>`tax_rate::text`.as("rate")).as("taxRate"),
    ])
    .executeTakeFirstOrThrow();
  const percent = new Map(row.surcharges.map((s) => [s.level, s.percent]));
  return {
    classes: row.classes,
    packages: row.packages,
    addOns: row.addOns,
    surcharges: Object.fromEntries(CONDITIONS.map((level) => [level, percent.get(level) ?? 0])) as Record<Condition, number>,
    zones: row.zones,
    // The settings' row exists from the first migration; the defaults are theirs.
    baseZip: row.baseZip ?? DEFAULT_TRAVEL_AREA.baseZip,
    radiusMiles: row.radiusMiles ?? DEFAULT_TRAVEL_AREA.radiusMiles,
    taxMilliPercent: parseTaxRate(row.taxRate ?? "0") ?? 0,
  };
}
