import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { JobInput } from "~/lib/job-input";
import { JOB_STATUS_TITLES } from "~/lib/job-status";
import { asActor, type Actor } from "../actor.server";
import { AppError, notFound } from "../app-error.server";
import { kickOutbox } from "../background.server";
import { checkCustomerVehicle } from "../customers/saved-details.server";
import type { WorkOrigin } from "../customers/work-origin.server";
import type { DB } from "../db.server";
import { enqueueEmail } from "../outbox.server";
import { inSavepoint } from "../savepoint.server";
import { getBusinessSettings } from "../settings.server";
import { carryDeposit, holdForDeposit } from "./deposit-holds.server";
import { depositOwnerLines } from "./deposit-mail.server";
import { jobDeposit } from "./deposit-records.server";
import { estimateWork, queueJobEmail, recordEvent } from "./job-events.server";
import { appointmentWhen } from "./job-mail.server";
import { refuseDaysOff } from "./days-off.server";
import { busyRange, isExclusionViolation, timeDays, jobTime, overlapError, placementColumns, reminderDue, travelBufferMinutes } from "./job-placement.server";
import { freeWorkers } from "./free-times.server";
import { getJob, type Job } from "./job-records.server";
import { newBookingEmail } from "./owner-alerts.server";

/**
 * Booking a job (docs/decisions/0083): a visit on the schedule, made for a
 * customer (from a lead and its accepted estimate, when there is one). One
 * transaction stores the job with its event, the lead's status and the
 * customer's e-mail; the exclusion constraint refuses a time taken
 * (./job-placement.server.ts) and the unique index jobs_one_per_estimate a
 * second job of one estimate.
 */

/** At least 128 random bits (192 here), URL-safe: the customer's appointment link. */
export const newJobToken = () => randomBytes(24).toString("base64url");

async function queueNewBookingAlert(trx: DB, job: Job): Promise<void> {
  const estimate = job.estimateId === null ? undefined : await trx.selectFrom("estimates").select("number").where("id", "=", job.estimateId).executeTakeFirst();
  const work = job.estimateId === null ? undefined : await estimateWork(trx, job.estimateId);
  const email = newBookingEmail(job, estimate?.number ?? null, await getBusinessSettings(trx), work, depositOwnerLines(await jobDeposit(trx, job.id), job));
  await enqueueEmail(trx, email, { leadId: job.leadId, kind: "job_booked_by_customer" });
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
  /**
   * A deposit to ask for, in cents: depositFor(getDepositPolicy(db), the booking's total), null or absent for none.
   * The job is held for it (holdForDeposit) in the booking's transaction, before the confirmation is queued,
   * so the confirmation (and the owner's `New booking:`) say the amount, how to pay and until when (docs/decisions/0132).
   */
  depositCents?: number | null;
  /** Who does it (the owner booking it); absent: the least busy person free then (that day's booked minutes), or the next if a booking at the same moment takes them (freeWorkers, docs/decisions/0115, 0125). */
  assignedTo?: number | null;
  /** Who may do it, in the order to try (a customer's booking: those the free times found free then, the road included: freeWorkersAt); absent: freeWorkers. */
  people?: (number | null)[];
  /**
   * A customer's booking: who is free then with the road, read again
   * (freeWorkersAt) under the customers' booking lock, inside the try's
   * transaction. The exclusion constraint keeps two jobs' times and buffers
   * apart, but not the drive between two ZIP codes that two bookings at once
   * would each find clear (docs/decisions/0130).
   */
  stillFree?: (trx: DB) => Promise<(number | null)[]>;
  /** The job a Weather Day cancelled that this one books again: its deposit, if any, moves here instead of one being asked (carryDeposit, docs/decisions/0148). */
  depositFrom?: number;
  /** A job longer than a working day takes consecutive working days from Workday Start (a customer's booking, docs/decisions/0131); absent: one day as given. */
  overDays?: boolean;
}

/**
 * Schedule Job (the owner's form, or the customer's Book This Time): stores
 * the job, makes its lead (if any) Booked, records the event and queues the
 * confirmation with its invite, all or nothing. A time another job holds is
 * refused with JobOverlapError (the database decides). Given a transaction
 * (online booking's, which makes the customer and the estimate first), it
 * works inside it (docs/decisions/0129): the caller commits, and delivers.
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
  const time = await jobTime(db, input, request.overDays);
  // Nobody is booked on a day off (docs/decisions/0143): the owner is told why; a customer was never offered one.
  await refuseDaysOff(db, timeDays(time));
  const bufferMinutes = await travelBufferMinutes(db);
  const people = request.assignedTo !== undefined ? [request.assignedTo] : request.people?.length ? request.people : await freeWorkers(db, busyRange(time, bufferMinutes), time.startsAt);
  // Each try is its own transaction: the refused one's has rolled back. In a
  // caller's transaction (an online booking's, with its customer and estimate)
  // each try is a savepoint of it, so a refused try leaves it usable.
  const attempt = <T,>(work: (trx: DB) => Promise<T>) => asActor(db, actor, db.isTransaction ? (trx) => inSavepoint(trx, () => work(trx)) : work);
  for (let i = 0; ; i++) {
    const assignedTo = people[i]!;
    try {
      const job = await attempt(async (trx) => {
        if (estimateId !== null) await refuseSecondJob(trx, estimateId, request.onePerEstimate === true);
        if (request.stillFree) {
          // One customer's booking at a time reads and writes the day (held to the commit): the next one's read sees this one's job.
          await sql`SELECT pg_advisory_xact_lock(hashtext('jobs:customer-booking'))`.execute(trx);
          if (!(await request.stillFree(trx)).includes(assignedTo)) throw new NoLongerFree();
        }
        const { id } = await trx
          .insertInto("jobs")
          .values({
            customer_id: from.customerId,
            lead_id: leadId,
            source: from.source,
            estimate_id: estimateId,
            token: newJobToken(),
            ...placementColumns(input, time, bufferMinutes),
            vehicle_id: vehicleId ?? null,
            reminder_due_at: reminderDue(time.startsAt),
            assigned_to: assignedTo,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const job = await getJob(trx, id);
        await recordEvent(trx, id, "scheduled", actor, appointmentWhen(job));
        if (request.depositFrom !== undefined) await carryDeposit(trx, request.depositFrom, id);
        else if (request.depositCents) await holdForDeposit(trx, id, request.depositCents);
        if (leadId !== null) {
          await trx.updateTable("quote_requests").set({ status: "booked", lost_reason: "", updated_at: sql`now()` }).where("id", "=", leadId).where("status", "<>", "booked").execute();
        }
        await queueJobEmail(trx, job, "confirmed", origin);
        if (request.tellOwner) await queueNewBookingAlert(trx, job);
        return job;
      });
      // The caller's transaction is not committed yet: the caller delivers once it is.
      if (!db.isTransaction) kickOutbox(db);
      return job;
    } catch (error) {
      if (isExclusionViolation(error) || error instanceof NoLongerFree) {
        // A booking at the same moment took this person: the next one free then takes the job, in a transaction of its own (ADR 0125).
        if (i < people.length - 1) continue;
        throw await overlapError(db, time, bufferMinutes, assignedTo);
      }
      // The database's last word on a second job of one estimate (jobs_one_per_estimate): the same refusal as the check's.
      if (estimateId !== null && isOnePerEstimateViolation(error)) {
        await refuseSecondJob(db, estimateId, request.onePerEstimate === true);
        throw new AppError(409, "This estimate was just scheduled and cancelled again from elsewhere. Please try again.");
      }
      throw error;
    }
  }
}

/** The person is no longer free then with the road: a booking at the same moment took the day's room first. */
class NoLongerFree extends Error {}

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
