import { sql } from "kysely";
import { isLiveJob } from "~/lib/job-status";
import { appointmentDays } from "~/lib/job-time";
import { cadenceTitle, PLAN_BILLING_TITLES, planPriceTitle } from "~/lib/plans";
import { dayIn, longDate } from "~/lib/time-zone";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { customerPlans, customerPlanStatus, listPlans, PLAN_STATUS_TITLES, planVisits } from "./plan-records.server";

/**
 * The plans on a customer's page (/admin/customers/{id}): each of theirs
 * with its status, next visit and link, the statements made, and what Start
 * a Plan offers (the plans on offer, the address of their latest work).
 */
export async function customerPlansView(db: DB, customerId: number, now = new Date()) {
  const zone = env().BUSINESS_TIME_ZONE;
  const today = dayIn(now, zone);
  const [mine, offered, lastAddress] = await Promise.all([
    customerPlans(db, customerId),
    listPlans(db),
    db
      .selectFrom("jobs")
      .select("address")
      .where("customer_id", "=", customerId)
      .where("address", "<>", "")
      .orderBy("starts_at", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const plans = await Promise.all(
    mine.map(async (cp) => {
      const [visits, statements] = await Promise.all([
        planVisits(db, cp.id),
        db
          .selectFrom("invoices")
          .select(["id", "number", sql<string>`to_char(statement_month, 'YYYY-MM')`.as("month")])
          .where("customer_plan_id", "=", cp.id)
          .where("statement_month", "is not", null)
          .orderBy("statement_month", "desc")
          .execute(),
      ]);
      const next = visits.find((v) => isLiveJob(v.status) && v.starts_at > now);
      const status = customerPlanStatus(cp, today);
      return {
        id: cp.id,
        name: cp.plan.name,
        token: cp.token,
        cadence: cadenceTitle(cp.plan.cadence),
        price: planPriceTitle(cp),
        billing: cp.billing,
        billingTitle: PLAN_BILLING_TITLES[cp.billing],
        status,
        statusTitle: status === "paused" && cp.pausedUntil ? `Paused until ${longDate(cp.pausedUntil)}` : PLAN_STATUS_TITLES[status],
        next: next
          ? { id: next.id, when: appointmentDays([{ startsAt: next.starts_at, endsAt: new Date(next.starts_at.getTime() + next.duration_minutes * 60_000) }], zone) }
          : null,
        visitsDone: visits.filter((v) => v.status === "done").length,
        statements: statements.map((s) => ({ id: s.id, number: Number(s.number), month: s.month })),
      };
    }),
  );
  return {
    plans,
    offered: offered.filter((p) => !p.retired).map((p) => ({ id: p.id, name: p.name, title: `${p.name} (${cadenceTitle(p.cadence).toLowerCase()}, ${planPriceTitle(p)})` })),
    defaults: { startDate: today, startTime: "09:00", address: lastAddress?.address ?? "" },
    thisMonth: today.slice(0, 7),
  };
}
export type CustomerPlansView = Awaited<ReturnType<typeof customerPlansView>>;
