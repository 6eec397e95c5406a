import { formatCents } from "~/lib/money";
import type { PlanDiscount } from "~/lib/priced-lines";
import type { DocumentLine, EditorDiscount } from "~/lib/priced-lines";
import type { DB } from "../db.server";

/**
 * The discount a customer's plan gives their one-off work now
 * (docs/decisions/0155): a plan of theirs not cancelled (a paused one is still
 * theirs: the pause is of the visits, not of the plan), whose plan has a
 * discount. Of two such plans, the larger discount; discounts never add up.
 * The plan's discount as it is today (unlike its price, not fixed at the start).
 */
export async function planDiscountFor(db: DB, customerId: number): Promise<PlanDiscount | null> {
  const row = await db
    .selectFrom("customer_plans as cp")
    .innerJoin("plans as p", "p.id", "cp.plan_id")
    .select(["p.name", "p.discount_percent"])
    .where("cp.customer_id", "=", customerId)
    .where("cp.status", "=", "active")
    .where("p.discount_percent", ">", 0)
    .orderBy("p.discount_percent", "desc")
    .orderBy("cp.id")
    .limit(1)
    .executeTakeFirst();
  return row ? { planName: row.name, percent: row.discount_percent } : null;
}

/** A draft estimate's editor: the discount Save will make, as a percentage of the lines from the price list. */
export async function plannedDiscount(db: DB, customerId: number): Promise<EditorDiscount | null> {
  const discount = await planDiscountFor(db, customerId);
  return discount && { percent: discount };
}

/** An invoice's (or a decided estimate's) editor: the discount line it has, kept as it is. */
export function keptDiscount(lines: readonly DocumentLine[]): EditorDiscount | null {
  const line = lines.find((l) => l.planDiscount);
  return line ? { line } : null;
}

/** The plan discount of the job's estimate and the total after it (the booking's confirmation), or null when it has none. */
export async function jobDiscount(db: DB, estimateId: number | null): Promise<{ description: string; amount: string; total: string } | null> {
  if (estimateId === null) return null;
  const [line, estimate] = await Promise.all([
    db.selectFrom("estimate_lines").select(["description", "unit_price_cents"]).where("estimate_id", "=", estimateId).where("plan_discount", "=", true).executeTakeFirst(),
    db.selectFrom("estimates").select("total_cents").where("id", "=", estimateId).executeTakeFirst(),
  ]);
  if (!line || !estimate) return null;
  return { description: line.description, amount: formatCents(line.unit_price_cents), total: formatCents(Number(estimate.total_cents)) };
}
