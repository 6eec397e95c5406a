import { sql } from "kysely";
import { LIVE_JOB_STATUSES } from "~/lib/job-status";
import type { StartPlanInput } from "~/lib/plans";
import { addDays, dayIn, longDate } from "~/lib/time-zone";
import { asActor, type Actor } from "../actor.server";
import { AppError, badRequest } from "../app-error.server";
import { requirePermission, type Actor as Staff } from "../auth/permissions.server";
import { kickOutbox } from "../background.server";
import { checkCustomerVehicle } from "../customers/saved-details.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { enqueueEmail } from "../outbox.server";
import { getBusinessSettings } from "../settings.server";
import { cancelLiveJob } from "../jobs/job-cancel.server";
import { queueJobEmail } from "../jobs/job-events.server";
import { appointmentWhen } from "../jobs/job-mail.server";
import { cancelJob } from "../jobs/job-status-changes.server";
import { getJob, type Job } from "../jobs/job-records.server";
import { placeVisits } from "./placement.server";
import { planOwnerEmail } from "./plan-mail.server";
import { getPlan, newPlanToken, type CustomerPlan } from "./plan-records.server";
import { tellVisits } from "./plan-top-up.server";
import { planRule } from "./recurrence.server";

/**
 * A customer's plan (docs/decisions/0145, 0146): Start a Plan (the owner),
 * and what the customer does on /plans/{token}: Skip Next Visit, Pause Plan,
 * Cancel Plan. Each change is one transaction; the customer's e-mails go
 * through the outbox with the visits' own invites (METHOD:CANCEL for a
 * visit cancelled), and the owner is told of what the customer did alone.
 */

const zone = () => env().BUSINESS_TIME_ZONE;

/**
 * Start a Plan: the customer's plan with its rule, and its visits of the
 * next PLAN_HORIZON_DAYS placed into free times, with one e-mail listing
 * them (an invite each). Returns the new plan's id and how many visits could
 * not be placed (no free time near their day).
 */
export async function startPlan(db: DB, customerId: number, input: StartPlanInput, user: Staff & Exclude<Actor, string>, origin: string | undefined, now = new Date()): Promise<{ id: number; placed: number; unplaced: number }> {
  requirePermission(user, "customers.manage");
  const plan = await getPlan(db, input.plan);
  if (plan.retired) throw badRequest(`${plan.name} is retired: choose a plan on offer.`, { plan: "Choose a plan on offer." });
  await checkCustomerVehicle(db, customerId, input.vehicleId);
  const today = dayIn(now, zone());
  if (input.startDate < today) throw badRequest("Start Date cannot be in the past.", { startDate: "Start Date cannot be in the past." });
  if (input.startDate > addDays(today, 366)) throw badRequest("Start Date must be within a year.", { startDate: "Start Date must be within a year." });
  const result = await asActor(db, user, async (trx) => {
    const { id } = await trx
      .insertInto("customer_plans")
      .values({
        token: newPlanToken(),
        customer_id: customerId,
        plan_id: plan.id,
        vehicle_id: input.vehicleId,
        rrule: planRule(plan.cadence, input.startDate, input.startTime),
        starts_on: input.startDate,
        start_time: input.startTime,
        duration_minutes: input.durationMinutes,
        address: input.address,
        billing: plan.billing,
        price_cents: plan.priceCents,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { placed, unplaced } = await placeVisits(trx, id, user, now);
    await tellVisits(trx, "started", id, placed, origin);
    return { id, placed: placed.length, unplaced: unplaced.length };
  });
  kickOutbox(db);
  return result;
}

/** The plan's live visits from now on, soonest first. */
async function comingVisits(db: DB, customerPlanId: number, now: Date) {
  return db
    .selectFrom("jobs")
    .select(["id", "starts_at", sql<string>`plan_occurrence::text`.as("occurrence")])
    .where("customer_plan_id", "=", customerPlanId)
    .where("status", "in", [...LIVE_JOB_STATUSES])
    .where("starts_at", ">", now)
    .orderBy("starts_at")
    .execute();
}

/** The next visit the customer may still skip online: CANCEL_CUTOFF_HOURS ahead at least. */
export async function nextSkippable(db: DB, customerPlanId: number, now = new Date()) {
  const cutoff = new Date(now.getTime() + env().CANCEL_CUTOFF_HOURS * 3_600_000);
  return (await comingVisits(db, customerPlanId, cutoff))[0];
}

const customerActor = (cp: CustomerPlan) => `${cp.customer.name} (customer, plan page)`;

function refuseCancelled(cp: CustomerPlan): void {
  if (cp.status === "cancelled") throw new AppError(409, "This plan is cancelled. To start it again, please call us.");
}

/** Skip Next Visit: the next visit that can still be cancelled online, through the appointments' own cancel (the customer's METHOD:CANCEL, the owner told). */
export async function skipNextVisit(db: DB, cp: CustomerPlan, origin: string | undefined, now = new Date()): Promise<Job> {
  refuseCancelled(cp);
  const next = await nextSkippable(db, cp.id, now);
  if (!next) throw new AppError(409, `There is no visit to skip online: visits can be skipped here until ${env().CANCEL_CUTOFF_HOURS} hours before they start. Please call us.`);
  await cancelJob(db, next.id, "customer", customerActor(cp), origin, "Skipped on the plan page");
  return getJob(db, next.id);
}

/**
 * Pause Plan for `weeks` (1 to the plan's Longest Pause) from today: the
 * visits in the pause cancelled (one e-mail with their METHOD:CANCEL
 * invites), none placed in it; the plan resumes by itself after it.
 */
export async function pausePlan(db: DB, cp: CustomerPlan, weeks: number, origin: string | undefined, now = new Date()): Promise<{ until: string; cancelled: number }> {
  refuseCancelled(cp);
  const max = cp.plan.maxPauseWeeks;
  if (max === 0) throw badRequest("This plan cannot be paused online. Please call us.", { weeks: "This plan cannot be paused online." });
  if (weeks > max) {
    const message = `You can pause this plan for at most ${max} week${max === 1 ? "" : "s"}.`;
    throw badRequest(message, { weeks: message });
  }
  const from = dayIn(now, zone());
  const until = addDays(from, weeks * 7);
  const cancelled = await asActor(db, customerActor(cp), async (trx) => {
    await trx.updateTable("customer_plans").set({ paused_from: from, paused_until: until, updated_at: sql`now()` }).where("id", "=", cp.id).execute();
    const visits = (await comingVisits(trx, cp.id, now)).filter((v) => v.occurrence < until);
    const jobs = await cancelVisits(trx, visits, customerActor(cp), "Plan paused by the customer", origin);
    const settings = await getBusinessSettings(trx);
    const detail = `Paused until ${longDate(until)}; ${jobs.length} visit${jobs.length === 1 ? "" : "s"} cancelled${jobs.length ? `: ${jobs.map(appointmentWhen).join("; ")}` : ""}.`;
    await enqueueEmail(trx, planOwnerEmail("paused", cp, detail, settings), { kind: "plan_paused_by_customer" });
    return jobs.length;
  });
  kickOutbox(db);
  return { until, cancelled };
}

/** Cancel Plan: the plan ends, every coming visit is cancelled (each with its METHOD:CANCEL e-mail), the owner is told. */
export async function cancelPlan(db: DB, cp: CustomerPlan, origin: string | undefined, now = new Date()): Promise<number> {
  refuseCancelled(cp);
  const cancelled = await asActor(db, customerActor(cp), async (trx) => {
    const row = await trx
      .updateTable("customer_plans")
      .set({ status: "cancelled", cancelled_at: sql`now()`, updated_at: sql`now()` })
      .where("id", "=", cp.id)
      .where("status", "=", "active")
      .returning("id")
      .executeTakeFirst();
    if (!row) return null;
    const jobs = await cancelVisits(trx, await comingVisits(trx, cp.id, now), customerActor(cp), "Plan cancelled by the customer", origin);
    const settings = await getBusinessSettings(trx);
    await enqueueEmail(trx, planOwnerEmail("cancelled", cp, `${jobs.length} coming visit${jobs.length === 1 ? "" : "s"} cancelled.`, settings), { kind: "plan_cancelled_by_customer" });
    return jobs.length;
  });
  if (cancelled === null) throw new AppError(409, "This plan is cancelled. To start it again, please call us.");
  kickOutbox(db);
  return cancelled;
}

/** Each visit cancelled by the cancel of every job (cancelLiveJob) with the customer's cancellation and its METHOD:CANCEL invite. */
async function cancelVisits(trx: DB, visits: { id: number }[], actor: Actor, reason: string, origin: string | undefined): Promise<Job[]> {
  const jobs: Job[] = [];
  for (const visit of visits) {
    const job = await cancelLiveJob(trx, visit.id, "customer", actor, reason);
    if (!job) continue;
    await queueJobEmail(trx, job, "cancelled", origin);
    jobs.push(job);
  }
  return jobs;
}
