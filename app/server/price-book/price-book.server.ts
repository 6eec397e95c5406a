import { CONDITIONS, type Condition, type PriceBook } from "~/lib/price-book";
import type { DB } from "../db.server";
import { getTravelArea, taxRateMilliPercent } from "../settings.server";

/**
 * The whole price book (docs/decisions/0126) in one read of six small tables
 * and the settings' row: what ./quote-price.server.ts prices from and what
 * /admin/price-book shows. In the owner's order (sort order, then name).
 */
export async function loadPriceBook(db: DB): Promise<PriceBook> {
  const [classes, packages, prices, addOns, surcharges, zones, area, taxMilliPercent] = await Promise.all([
    db.selectFrom("vehicle_classes").select(["id", "name", "per_foot"]).orderBy("sort_order").orderBy("name").execute(),
    db.selectFrom("packages").select(["id", "name", "description"]).orderBy("sort_order").orderBy("name").execute(),
    db.selectFrom("package_prices").selectAll().execute(),
    db.selectFrom("add_ons").select(["id", "name", "price_cents", "duration_minutes"]).orderBy("sort_order").orderBy("name").execute(),
    db.selectFrom("condition_surcharges").select(["level", "percent"]).execute(),
    db.selectFrom("travel_zones").select(["id", "up_to_miles", "fee_cents"]).orderBy("up_to_miles").execute(),
    getTravelArea(db),
    taxRateMilliPercent(db),
  ]);
  const percent = new Map(surcharges.map((s) => [s.level, s.percent]));
  return {
    classes: classes.map((c) => ({ id: c.id, name: c.name, perFoot: c.per_foot })),
    packages: packages.map((p) => ({
      ...p,
      prices: prices
        .filter((price) => price.package_id === p.id)
        .map((price) => ({
          vehicleClassId: price.vehicle_class_id,
          priceCents: price.price_cents,
          durationMinutes: price.duration_minutes,
          minimumCents: price.minimum_cents,
        })),
    })),
    addOns: addOns.map((a) => ({ id: a.id, name: a.name, priceCents: a.price_cents, durationMinutes: a.duration_minutes })),
    surcharges: Object.fromEntries(CONDITIONS.map((level) => [level, percent.get(level) ?? 0])) as Record<Condition, number>,
    zones: zones.map((z) => ({ id: z.id, upToMiles: z.up_to_miles, feeCents: z.fee_cents })),
    baseZip: area.baseZip,
    radiusMiles: area.radiusMiles,
    taxMilliPercent,
  };
}
