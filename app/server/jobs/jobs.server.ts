import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { JobInput } from "~/lib/job-input";
import { isLiveJob, JOB_STATUS_TITLES, LIVE_JOB_STATUSES, type JobStatus } from "~/lib/job-status";
import { instantIn } from "~/lib/time-zone";
import { asActor, actorColumns, type Actor } from "../actor.server";
import { AppError, badRequest, notFound } from "../app-error.server";
import { requirePermission } from "../auth/permissions.server";
import { kickOutbox } from "../background.server";
import { checkCustomerVehicle } from "../customers/saved-details.server";
import type { WorkOrigin } from "../customers/work-origin.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { enqueueEmail } from "../outbox.server";
import { hasUnpaidInvoice } from "../invoices/invoices.server";
import type { SessionUser } from "../session.server";
import { getBusinessSettings } from "../settings.server";
import { appointmentWhen, jobEmail, type JobEmailKind } from "./job-mail.server";
import { freeWorker } from "./free-times.server";
import { getJob, jobsQuery, toJob, type Job } from "./job-records.server";
import { newBookingEmail } from "./owner-alerts.server";

/**
 * Jobs (docs/decisions/0083): a visit on the schedule, made from a lead (and
 * its accepted estimate, when there is one). What keeps two jobs apart is the
 * database: `jobs.busy` (the start to the end plus the travel buffer) is under
 * an exclusion constraint, so of two bookings of one time, from two owners'
 * tabs, two customers or two processes, exactly one is stored; the other gets
 * JobOverlapError naming the job it overlaps. Each change is one transaction
 * with its event, the lead's status and the customer's e-mail (queued in the
 * outbox with the job's invite).
 */

/** At least 128 random bits (192 here), URL-safe: the customer's appointment link. */
export const newJobToken = () => randomBytes(24).toString("base64url");

/** The refusal of a time another job (with the travel buffer) already holds; the message says which. */
export class JobOverlapError extends AppError {
  constructor(message: string) {
    super(409, message, { fields: { startTime: message } });
  }
}

/** Where a job is put: the instant, from the form's business-time date and time. */
export const jobStart = (input: Pick<JobInput, "date" | "startTime">) => instantIn(input.date, input.startTime, env().BUSINESS_TIME_ZONE);

/** The range a job blocks, as the exclusion constraint and its CHECK want it. */
const busyRange = (startsAt: Date, durationMinutes: number, bufferMinutes: number) =>
  sql<string>`tstzrange(${startsAt}::timestamptz, ${startsAt}::timestamptz + make_interval(mins => ${durationMinutes + bufferMinutes}::int), '[)')`;

/** When the customer's reminder is due: APPOINTMENT_REMINDER_HOURS before, if that is still ahead (a job booked later gets none). */
function reminderDue(startsAt: Date, now = Date.now()): Date | null {
  const due = startsAt.getTime() - env().APPOINTMENT_REMINDER_HOURS * 3_600_000;
  return due > now ? new Date(due) : null;
}

async function travelBufferMinutes(db: DB): Promise<number> {
  const row = await db.selectFrom("site_settings").select("travel_buffer_minutes").where("id", "=", 1).executeTakeFirst();
  return row?.travel_buffer_minutes ?? 30;
}

const isExclusionViolation = (error: unknown) => (error as { code?: string } | null)?.code === "23P01";

/** The refusal's text: the job the wanted time overlaps, its customer and time. */
async function overlapError(db: DB, startsAt: Date, durationMinutes: number, bufferMinutes: number, person: number | null, exceptId?: number): Promise<JobOverlapError> {
  const other = await jobsQuery(db)
    .where("j.status", "in", [...LIVE_JOB_STATUSES, "done"])
    // The same person's jobs only: another person's job at that time is no overlap (docs/decisions/0115).
    .where(sql<boolean>`coalesce(j.assigned_to, 0) = ${person ?? 0}`)
    .where(sql<boolean>`j.busy && ${busyRange(startsAt, durationMinutes, bufferMinutes)}`)
    .$if(exceptId !== undefined, (qb) => qb.where("j.id", "<>", exceptId!))
    .orderBy("j.starts_at")
    .executeTakeFirst();
  const buffer = Math.max(bufferMinutes, other?.buffer_minutes ?? 0);
  const withBuffer = buffer ? ` (with the ${buffer}-minute travel buffer between jobs)` : "";
  if (!other) return new JobOverlapError(`This time overlaps another job${withBuffer}. Choose another time.`);
  const job = toJob(other);
  return new JobOverlapError(`This time overlaps ${job.customer.name}'s job, ${appointmentWhen(job)}${withBuffer}. Choose another time.`);
}

/** Queues one of the job's e-mails to its customer, with the invite; in the caller's transaction. */
async function queueJobEmail(trx: DB, job: Job, kind: JobEmailKind, origin: string | undefined, extra?: { minutes?: number }): Promise<void> {
  const settings = await getBusinessSettings(trx);
  await enqueueEmail(trx, jobEmail(kind, job, settings, origin, extra), { leadId: job.leadId, kind: `job_${kind}` });
}

async function queueNewBookingAlert(trx: DB, job: Job): Promise<void> {
  const estimate = job.estimateId === null ? undefined : await trx.selectFrom("estimates").select("number").where("id", "=", job.estimateId).executeTakeFirst();
  const email = newBookingEmail(job, estimate?.number ?? null, await getBusinessSettings(trx));
  await enqueueEmail(trx, email, { leadId: job.leadId, kind: "job_booked_by_customer" });
}

async function recordEvent(trx: DB, jobId: number, kind: "scheduled" | "rescheduled" | "on_the_way" | "done" | "cancelled" | "reminded", actor: Actor, body = "") {
  await trx.insertInto("job_events").values({ job_id: jobId, kind, body, ...actorColumns(actor) }).execute();
}

export interface ScheduleRequest {
  /** Whose job and where it came from (a lead's, or work without one: docs/decisions/0110). */
  from: WorkOrigin;
  estimateId?: number | null;
  input: JobInput;
  actor: Actor;
  /** Where the customer's links point (linkOrigin). */
  origin: string | undefined;
  /** The customer's own booking: an estimate booked already answers AlreadyBookedError (two tabs book one). */
  onePerEstimate?: boolean;
  /** The customer booked it alone: the owner gets `New booking:` in the same transaction. */
  tellOwner?: boolean;
  /** Who does it (the owner booking it); absent: the first person free then (freeWorker, docs/decisions/0115). */
  assignedTo?: number | null;
}

/**
 * Schedule Job (the owner's form, or the customer's Book This Time): stores
 * the job, makes its lead (if any) Booked, records the event and queues the
 * confirmation with its invite, all or nothing. A time another job holds is
 * refused with JobOverlapError (the database decides, see above).
 */
export async function scheduleJob(db: DB, request: ScheduleRequest): Promise<Job> {
  const { from, input, actor, origin } = request;
  const { leadId } = from;
  const estimateId = request.estimateId ?? null;
  let vehicleId = input.vehicleId;
  if (estimateId !== null) {
    const estimate = await db
      .selectFrom("estimates")
      .select(["customer_id", "lead_id", "status", "number", "vehicle_id"])
      .where("id", "=", estimateId)
      .executeTakeFirst();
    if (!estimate || estimate.customer_id !== from.customerId || estimate.lead_id !== leadId) throw notFound("Estimate not found");
    if (estimate.status !== "accepted") throw new AppError(409, `Estimate #${estimate.number} is not accepted: schedule a job from the lead instead.`);
    vehicleId ??= estimate.vehicle_id;
  }
  await checkCustomerVehicle(db, from.customerId, vehicleId);
  const startsAt = jobStart(input);
  const bufferMinutes = await travelBufferMinutes(db);
  const assignedTo = request.assignedTo !== undefined ? request.assignedTo : await freeWorker(db, busyRange(startsAt, input.durationMinutes, bufferMinutes));
  try {
    const job = await asActor(db, actor, async (trx) => {
      if (estimateId !== null) await refuseSecondJob(trx, estimateId, request.onePerEstimate === true);
      const { id } = await trx
        .insertInto("jobs")
        .values({
          customer_id: from.customerId,
          lead_id: leadId,
          source: from.source,
          estimate_id: estimateId,
          token: newJobToken(),
          starts_at: startsAt,
          duration_minutes: input.durationMinutes,
          buffer_minutes: bufferMinutes,
          busy: busyRange(startsAt, input.durationMinutes, bufferMinutes),
          address: input.address,
          notes: input.notes,
          vehicle_id: vehicleId ?? null,
          reminder_due_at: reminderDue(startsAt),
          assigned_to: assignedTo,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const job = await getJob(trx, id);
      await recordEvent(trx, id, "scheduled", actor, appointmentWhen(job));
      if (leadId !== null) {
        await trx.updateTable("quote_requests").set({ status: "booked", lost_reason: "", updated_at: sql`now()` }).where("id", "=", leadId).where("status", "<>", "booked").execute();
      }
      await queueJobEmail(trx, job, "confirmed", origin);
      if (request.tellOwner) await queueNewBookingAlert(trx, job);
      return job;
    });
    kickOutbox(db);
    return job;
  } catch (error) {
    if (isExclusionViolation(error)) throw await overlapError(db, startsAt, input.durationMinutes, bufferMinutes, assignedTo);
    // The database's last word on a second job of one estimate (jobs_one_per_estimate): the same refusal as the check's.
    if (estimateId !== null && isOnePerEstimateViolation(error)) {
      await refuseSecondJob(db, estimateId, request.onePerEstimate === true);
      throw new AppError(409, "This estimate was just scheduled and cancelled again from elsewhere. Please try again.");
    }
    throw error;
  }
}

const isOnePerEstimateViolation = (error: unknown) => {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  return e?.code === "23505" && (e.constraint === "jobs_one_per_estimate" || (e.message ?? "").includes("jobs_one_per_estimate"));
};

/**
 * An estimate is scheduled once (a job that is not cancelled holds it, the
 * unique index jobs_one_per_estimate): the estimate's row lock makes two
 * bookings of one estimate wait for each other, and the second finds the
 * first's job. The customer's is told it is booked (their page shows it); the
 * owner's names the job.
 */
async function refuseSecondJob(db: DB, estimateId: number, customer: boolean): Promise<void> {
  await db.selectFrom("estimates").select("id").where("id", "=", estimateId).forUpdate().execute();
  const row = await db.selectFrom("jobs").select("id").where("estimate_id", "=", estimateId).where("status", "<>", "cancelled").orderBy("id").executeTakeFirst();
  if (!row) return;
  if (customer) throw new AlreadyBookedError();
  const [job, estimate] = await Promise.all([getJob(db, row.id), db.selectFrom("estimates").select("number").where("id", "=", estimateId).executeTakeFirstOrThrow()]);
  throw new EstimateHasJobError(estimate.number, job);
}

/** The owner's second job of one estimate: the message names the job that has it. */
export class EstimateHasJobError extends AppError {
  constructor(
    estimateNumber: number,
    readonly job: Job,
  ) {
    super(409, `Estimate #${estimateNumber} already has a job, ${appointmentWhen(job)} (${JOB_STATUS_TITLES[job.status].toLowerCase()}). Change that job instead, or cancel it first.`);
  }
}

/** The customer's second booking of one estimate. */
export class AlreadyBookedError extends AppError {
  constructor() {
    super(409, "This work is already booked: see your appointment below.");
  }
}

/** A change of a job that is no longer live (done or cancelled) is refused with what it is. */
function notLive(job: Pick<Job, "status">): AppError {
  return new AppError(409, job.status === "done" ? "This job is done and can no longer be changed." : "This job was cancelled and can no longer be changed.");
}

/**
 * Reschedule: a new date, time, length or address (or notes, or vehicle). The customer
 * is told (Appointment changed, the same UID with a higher SEQUENCE) when
 * what they see changed; the reminder is due again for the new time.
 */
export async function rescheduleJob(db: DB, id: number, input: JobInput, actor: Actor, origin: string | undefined): Promise<Job> {
  const before = await getJob(db, id);
  if (!isLiveJob(before.status)) throw notLive(before);
  await checkCustomerVehicle(db, before.customerId, input.vehicleId);
  const startsAt = jobStart(input);
  const told = startsAt.getTime() !== before.startsAt.getTime() || input.durationMinutes !== before.durationMinutes || input.address !== before.address;
  const bufferMinutes = await travelBufferMinutes(db);
  try {
    const job = await asActor(db, actor, async (trx) => {
      const changed = await trx
        .updateTable("jobs")
        .set({
          starts_at: startsAt,
          duration_minutes: input.durationMinutes,
          buffer_minutes: bufferMinutes,
          busy: busyRange(startsAt, input.durationMinutes, bufferMinutes),
          address: input.address,
          notes: input.notes,
          ...(input.vehicleId !== undefined && { vehicle_id: input.vehicleId }),
          status: "scheduled",
          sequence: told ? sql`sequence + 1` : sql`sequence`,
          reminder_due_at: told ? reminderDue(startsAt) : sql`reminder_due_at`,
          updated_at: sql`now()`,
        })
        .where("id", "=", id)
        .where("status", "in", [...LIVE_JOB_STATUSES])
        .returning("id")
        .executeTakeFirst();
      if (!changed) throw notLive(await getJob(trx, id));
      const job = await getJob(trx, id);
      if (told) {
        await recordEvent(trx, id, "rescheduled", actor, `${appointmentWhen(before)} → ${appointmentWhen(job)}`);
        await queueJobEmail(trx, job, "changed", origin);
      }
      return job;
    });
    if (told) kickOutbox(db);
    return job;
  } catch (error) {
    if (isExclusionViolation(error)) throw await overlapError(db, startsAt, input.durationMinutes, bufferMinutes, before.assignedTo, id);
    throw error;
  }
}

/**
 * Assigned To (the owner, on the job's page): gives a live job to another
 * member of staff. Their own job at that time is refused with JobOverlapError,
 * by the per-person exclusion constraint (docs/decisions/0115).
 */
export async function assignJob(db: DB, id: number, assignee: unknown, user: SessionUser): Promise<void> {
  requirePermission(user, "jobs.write");
  const person = typeof assignee === "string" && /^\d{1,9}$/.test(assignee) ? Number(assignee) : NaN;
  const staff = Number.isNaN(person) ? undefined : await db.selectFrom("users").select("id").where("id", "=", person).where("role", "is not", null).executeTakeFirst();
  if (!staff) throw badRequest("Choose a member of staff", { assigned_to: "Choose a member of staff" });
  const before = await getJob(db, id);
  if (!isLiveJob(before.status)) throw notLive(before);
  try {
    await asActor(db, user, (trx) =>
      trx.updateTable("jobs").set({ assigned_to: staff.id, updated_at: sql`now()` }).where("id", "=", id).where("status", "in", [...LIVE_JOB_STATUSES]).execute(),
    );
  } catch (error) {
    if (isExclusionViolation(error)) throw await overlapError(db, before.startsAt, before.durationMinutes, before.bufferMinutes, staff.id, id);
    throw error;
  }
}

/**
 * Cancel Job (the owner) or Cancel Appointment (the customer): frees the time
 * at once (a cancelled job is outside the exclusion constraint), sends the
 * customer the cancellation with METHOD:CANCEL, and when the customer
 * cancelled, tells the owner. A lead left with no live job goes back to
 * Quoted (it has an estimate out) or Contacted. Returns false when the job was
 * no longer live (two presses: one cancels).
 */
export async function cancelJob(db: DB, id: number, by: "owner" | "customer", actor: Actor, origin: string | undefined, reason = ""): Promise<boolean> {
  const cancelled = await asActor(db, actor, async (trx) => {
    const row = await trx
      .updateTable("jobs")
      .set({ status: "cancelled", cancelled_by: by, cancelled_at: sql`now()`, sequence: sql`sequence + 1`, reminder_due_at: null, updated_at: sql`now()` })
      .where("id", "=", id)
      .where("status", "in", [...LIVE_JOB_STATUSES])
      .returning("id")
      .executeTakeFirst();
    if (!row) return false;
    const job = await getJob(trx, id);
    await recordEvent(trx, id, "cancelled", actor, [by === "customer" ? "By the customer" : "", reason].filter(Boolean).join(": "));
    await queueJobEmail(trx, job, "cancelled", origin);
    if (by === "customer") {
      const settings = await getBusinessSettings(trx);
      await enqueueEmail(trx, jobEmail("cancelled_by_customer", job, settings, origin), { leadId: job.leadId, kind: "job_cancelled_by_customer" });
    }
    if (job.leadId !== null) await leadAfterCancel(trx, job.leadId);
    return true;
  });
  if (cancelled) kickOutbox(db);
  return cancelled;
}

async function leadAfterCancel(trx: DB, leadId: number): Promise<void> {
  const live = await trx.selectFrom("jobs").select("id").where("lead_id", "=", leadId).where("status", "in", [...LIVE_JOB_STATUSES]).executeTakeFirst();
  if (live) return;
  const quoted = await trx.selectFrom("estimates").select("id").where("lead_id", "=", leadId).where("status", "in", ["sent", "viewed", "accepted"]).executeTakeFirst();
  await trx
    .updateTable("quote_requests")
    .set({ status: quoted ? "quoted" : "contacted", updated_at: sql`now()` })
    .where("id", "=", leadId)
    .where("status", "=", "booked")
    .execute();
}

/** On My Way: the customer's e-mail "On our way", arriving in about `minutes`. Once per job (a second press is refused). */
export async function markOnTheWay(db: DB, id: number, minutes: number, actor: Actor, origin: string | undefined): Promise<void> {
  await asActor(db, actor, async (trx) => {
    const row = await trx
      .updateTable("jobs")
      .set({ status: "on_the_way", reminder_due_at: null, updated_at: sql`now()` })
      .where("id", "=", id)
      .where("status", "=", "scheduled")
      .returning("id")
      .executeTakeFirst();
    const job = await getJob(trx, id);
    if (!row) throw job.status === "on_the_way" ? new AppError(409, "The customer was already told you are on your way.") : notLive(job);
    await recordEvent(trx, id, "on_the_way", actor, `Arriving in about ${minutes} minutes`);
    await queueJobEmail(trx, job, "on_the_way", origin, { minutes });
  });
  kickOutbox(db);
}

/** Mark Done: the job is done, and its lead Completed unless an invoice of it is still unpaid (then the last payment completes it). */
export async function markDone(db: DB, id: number, actor: Actor): Promise<void> {
  await asActor(db, actor, async (trx) => {
    const row = await trx
      .updateTable("jobs")
      // The review request goes REVIEW_REQUEST_MINUTES later (../reviews/review-requests.server.ts).
      .set({
        status: "done",
        done_at: sql`now()`,
        reminder_due_at: null,
        review_due_at: sql`now() + make_interval(secs => ${env().REVIEW_REQUEST_MINUTES * 60}::double precision)`,
        updated_at: sql`now()`,
      })
      .where("id", "=", id)
      .where("status", "in", [...LIVE_JOB_STATUSES])
      .returning("lead_id")
      .executeTakeFirst();
    if (!row) throw notLive(await getJob(trx, id));
    await recordEvent(trx, id, "done", actor);
    if (row.lead_id === null || (await hasUnpaidInvoice(trx, row.lead_id))) return;
    await trx.updateTable("quote_requests").set({ status: "completed", updated_at: sql`now()` }).where("id", "=", row.lead_id).where("status", "<>", "completed").execute();
  });
}

