import { isLiveJob, JOB_STATUS_TITLES } from "~/lib/job-status";
import { cadenceTitle, PLAN_BILLING_TITLES, planPriceTitle } from "~/lib/plans";
import { dayIn, longDate } from "~/lib/time-zone";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { findByToken, limitCustomer } from "../customer-pages.server";
import type { Limit } from "../rate-limit.server";
import { appointmentDays } from "~/lib/job-time";
import { nextSkippable } from "./customer-plans.server";
import { customerPlanStatus, getCustomerPlanByToken, PLAN_STATUS_TITLES, planVisits, type CustomerPlan } from "./plan-records.server";

/**
 * What /plans/{token} (the customer's plan page, no sign-in) reads, and its
 * limits: a wrong token costs a hit of the client's wrong-token limit, as on
 * every customer page; the plan's buttons are counted like Cancel Appointment.
 */

export const PLAN_ACTION_LIMITS: Limit[] = [
  { bucket: "plan-page:ip", max: 10, windowMs: 10 * 60_000 },
  { bucket: "plan-page:ip:day", max: 40, windowMs: 24 * 3600_000 },
];

export const PLAN_NOT_FOUND = "There is no plan at this address. Please check the link in your e-mail.";

/** The plan for its token, or a 404 (counted against the client's wrong-token limit). */
export async function planForCustomer(db: DB, token: string | undefined, clientIp: string): Promise<CustomerPlan> {
  return findByToken(db, clientIp, async () => (token ? await getCustomerPlanByToken(db, token) : undefined), PLAN_NOT_FOUND);
}

export const countPlanAction = (db: DB, clientIp: string) => limitCustomer(db, PLAN_ACTION_LIMITS, clientIp);

/** The page's data, in words: the plan, its status, the coming visits, what may be skipped and for how long it may pause. */
export async function planPageView(db: DB, cp: CustomerPlan, now = new Date()) {
  const zone = env().BUSINESS_TIME_ZONE;
  const today = dayIn(now, zone);
  const [visits, skippable] = await Promise.all([planVisits(db, cp.id), nextSkippable(db, cp.id, now)]);
  const status = customerPlanStatus(cp, today);
  const coming = visits.filter((v) => isLiveJob(v.status) && v.starts_at > now);
  const when = (v: { starts_at: Date; duration_minutes: number }) =>
    appointmentDays([{ startsAt: v.starts_at, endsAt: new Date(v.starts_at.getTime() + v.duration_minutes * 60_000) }], zone);
  return {
    name: cp.plan.name,
    customerName: cp.customer.name,
    cadence: cadenceTitle(cp.plan.cadence),
    price: planPriceTitle(cp),
    billing: PLAN_BILLING_TITLES[cp.billing],
    discountPercent: cp.plan.discountPercent,
    address: cp.address,
    status,
    statusTitle: PLAN_STATUS_TITLES[status],
    pausedUntil: status === "paused" && cp.pausedUntil ? longDate(cp.pausedUntil) : null,
    maxPauseWeeks: cp.plan.maxPauseWeeks,
    coming: coming.map((v) => ({ id: v.id, when: when(v), href: `/appointments/${v.token}`, status: JOB_STATUS_TITLES[v.status] })),
    skippable: skippable ? when({ starts_at: skippable.starts_at, duration_minutes: coming.find((v) => v.id === skippable.id)?.duration_minutes ?? cp.durationMinutes }) : null,
    cutoffHours: env().CANCEL_CUTOFF_HOURS,
  };
}
export type PlanPageView = Awaited<ReturnType<typeof planPageView>>;
