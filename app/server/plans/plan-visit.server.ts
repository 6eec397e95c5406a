import { sql } from "kysely";
import { longDate } from "~/lib/time-zone";
import type { DB } from "../db.server";

/**
 * Which plan a job is a visit of (docs/decisions/0145, 0155), for the job's
 * page and the customer's appointment page: the plan's name, the visit's
 * number among the plan's visits in the order of their dates by the rule (a
 * skipped visit keeps its number, a moved one its place) and its day by the
 * rule, and the customer's plan (its id for the owner, its link for the customer).
 */
export interface PlanVisit {
  planName: string;
  number: number;
  /** The day the rule gave it, "March 12, 2027" (a visit moved since keeps it). */
  plannedFor: string;
  customerPlanToken: string;
}

export async function planVisitOf(db: DB, jobId: number): Promise<PlanVisit | null> {
  const row = await db
    .selectFrom("jobs as j")
    .innerJoin("customer_plans as cp", "cp.id", "j.customer_plan_id")
    .innerJoin("plans as p", "p.id", "cp.plan_id")
    .select([
      "p.name",
      "cp.token",
      sql<string>`j.plan_occurrence::text`.as("occurrence"),
      // The index (customer_plan_id, plan_occurrence) answers it.
      sql<string>`(SELECT count(*) FROM jobs o WHERE o.customer_plan_id = j.customer_plan_id AND o.plan_occurrence <= j.plan_occurrence)`.as("number"),
    ])
    .where("j.id", "=", jobId)
    .where("j.plan_occurrence", "is not", null)
    .executeTakeFirst();
  return row ? { planName: row.name, number: Number(row.number), plannedFor: longDate(row.occurrence), customerPlanToken: row.token } : null;
}
