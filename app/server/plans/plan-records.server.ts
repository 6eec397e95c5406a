import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Plan, PlanBilling, PlanCadence } from "~/lib/plans";
import { notFound } from "../app-error.server";
import type { DB } from "../db.server";

/**
 * Reading plans and customers' plans (docs/decisions/0145): what the owner's
 * pages, the customer's /plans/{token}, the placement and the billing need.
 */

/** At least 128 random bits (192 here), URL-safe: the customer's /plans/{token} link. */
export const newPlanToken = () => randomBytes(24).toString("base64url");
export const isPlanToken = (token: string) => /^[A-Za-z0-9_-]{22,64}$/.test(token);

type PlanRow = {
  id: number;
  name: string;
  cadence: "weekly" | "monthly";
  interval_weeks: number | null;
  billing: PlanBilling;
  price_cents: number;
  discount_percent: number;
  max_pause_weeks: number;
  retired_at: Date | null;
  package_ids: number[] | null;
};

const toCadence = (row: Pick<PlanRow, "cadence" | "interval_weeks">): PlanCadence =>
  row.cadence === "monthly" ? { kind: "monthly" } : { kind: "weekly", weeks: row.interval_weeks ?? 1 };

const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  name: row.name,
  cadence: toCadence(row),
  billing: row.billing,
  priceCents: row.price_cents,
  discountPercent: row.discount_percent,
  maxPauseWeeks: row.max_pause_weeks,
  packageIds: row.package_ids ?? [],
  retired: row.retired_at !== null,
});

const plansQuery = (db: DB) =>
  db
    .selectFrom("plans as p")
    .select([
      "p.id",
      "p.name",
      "p.cadence",
      "p.interval_weeks",
      "p.billing",
      "p.price_cents",
      "p.discount_percent",
      "p.max_pause_weeks",
      "p.retired_at",
      sql<number[] | null>`(SELECT array_agg(pp.package_id ORDER BY pp.package_id) FROM plan_packages pp WHERE pp.plan_id = p.id)`.as("package_ids"),
    ]);

/** Every plan, the ones on offer first, by name. */
export async function listPlans(db: DB): Promise<Plan[]> {
  const rows = await plansQuery(db).orderBy(sql`p.retired_at IS NOT NULL`).orderBy("p.name").execute();
  return rows.map((row) => toPlan(row as PlanRow));
}

export async function getPlan(db: DB, id: number): Promise<Plan> {
  const row = await plansQuery(db).where("p.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("This plan is no longer there. Reload the page.");
  return toPlan(row as PlanRow);
}

export type CustomerPlanStatus = "active" | "paused" | "cancelled";

export interface CustomerPlan {
  id: number;
  token: string;
  customerId: number;
  customer: { name: string; email: string };
  plan: Plan;
  rule: string;
  startsOn: string;
  startTime: string;
  durationMinutes: number;
  address: string;
  vehicleId: number | null;
  billing: PlanBilling;
  priceCents: number;
  /** Stored status: active or cancelled; a pause shows as "paused" while it runs (customerPlanStatus). */
  status: "active" | "cancelled";
  pausedFrom: string | null;
  pausedUntil: string | null;
  placedUntil: string | null;
  createdAt: Date;
}

const customerPlansQuery = (db: DB) =>
  db
    .selectFrom("customer_plans as cp")
    .innerJoin("customers as c", "c.id", "cp.customer_id")
    .select([
      "cp.id",
      "cp.token",
      "cp.customer_id",
      "cp.plan_id",
      "cp.rrule",
      "cp.start_time",
      "cp.duration_minutes",
      "cp.address",
      "cp.vehicle_id",
      "cp.billing",
      "cp.price_cents",
      "cp.status",
      "cp.created_at",
      "c.name",
      "c.email",
      sql<string>`cp.starts_on::text`.as("starts_on"),
      sql<string | null>`cp.paused_from::text`.as("paused_from"),
      sql<string | null>`cp.paused_until::text`.as("paused_until"),
      sql<string | null>`cp.placed_until::text`.as("placed_until"),
    ]);

type CustomerPlanRow = Awaited<ReturnType<ReturnType<typeof customerPlansQuery>["executeTakeFirstOrThrow"]>>;

async function withPlans(db: DB, rows: CustomerPlanRow[]): Promise<CustomerPlan[]> {
  const ids = [...new Set(rows.map((r) => r.plan_id))];
  const plans = ids.length ? (await plansQuery(db).where("p.id", "in", ids).execute()).map((r) => toPlan(r as PlanRow)) : [];
  const byId = new Map(plans.map((p) => [p.id, p]));
  return rows.map((row) => ({
    id: row.id,
    token: row.token,
    customerId: row.customer_id,
    customer: { name: row.name, email: row.email },
    plan: byId.get(row.plan_id)!,
    rule: row.rrule,
    startsOn: row.starts_on,
    startTime: row.start_time,
    durationMinutes: row.duration_minutes,
    address: row.address,
    vehicleId: row.vehicle_id,
    billing: row.billing as PlanBilling,
    priceCents: row.price_cents,
    status: row.status as "active" | "cancelled",
    pausedFrom: row.paused_from,
    pausedUntil: row.paused_until,
    placedUntil: row.placed_until,
    createdAt: row.created_at,
  }));
}

export async function getCustomerPlan(db: DB, id: number): Promise<CustomerPlan> {
  const row = await customerPlansQuery(db).where("cp.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("This plan is no longer there. Reload the page.");
  return (await withPlans(db, [row]))[0]!;
}

export async function getCustomerPlanByToken(db: DB, token: string): Promise<CustomerPlan | undefined> {
  if (!isPlanToken(token)) return undefined;
  const row = await customerPlansQuery(db).where("cp.token", "=", token).executeTakeFirst();
  return row ? (await withPlans(db, [row]))[0] : undefined;
}

export async function customerPlans(db: DB, customerId: number): Promise<CustomerPlan[]> {
  const rows = await customerPlansQuery(db).where("cp.customer_id", "=", customerId).orderBy("cp.id", "desc").execute();
  return withPlans(db, rows);
}

/** What the plan is today: cancelled, paused (today within its pause), or active. */
export function customerPlanStatus(plan: Pick<CustomerPlan, "status" | "pausedFrom" | "pausedUntil">, today: string): CustomerPlanStatus {
  if (plan.status === "cancelled") return "cancelled";
  if (plan.pausedFrom !== null && plan.pausedUntil !== null && plan.pausedFrom <= today && today < plan.pausedUntil) return "paused";
  return "active";
}

export const PLAN_STATUS_TITLES: Record<CustomerPlanStatus, string> = { active: "Active", paused: "Paused", cancelled: "Cancelled" };

/** A plan's visits from `fromDay` on (all when absent), by start: id, token, status, when, occurrence. */
export async function planVisits(db: DB, customerPlanId: number) {
  return db
    .selectFrom("jobs")
    .select(["id", "token", "status", "starts_at", "duration_minutes", sql<string>`plan_occurrence::text`.as("occurrence")])
    .where("customer_plan_id", "=", customerPlanId)
    .orderBy("starts_at")
    .execute();
}
