import { sql } from "kysely";
import type { JobInput } from "~/lib/job-input";
import { LIVE_JOB_STATUSES } from "~/lib/job-status";
import { instantIn } from "~/lib/time-zone";
import { AppError } from "../app-error.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { appointmentWhen } from "./job-mail.server";
import { jobsQuery, toJob } from "./job-records.server";

/**
 * Where a job sits in time (docs/decisions/0083): its start from the form, the
 * range it blocks, and the refusal of a time taken. What keeps two jobs apart
 * is the database: `jobs.busy` (the start to the end plus the travel buffer)
 * is under an exclusion constraint per person (docs/decisions/0115), so of two
 * bookings of one time, from two owners' tabs, two customers or two
 * processes, exactly one is stored; the other gets JobOverlapError naming the
 * job it overlaps.
 */

/** The refusal of a time another job (with the travel buffer) already holds; the message says which. */
export class JobOverlapError extends AppError {
  constructor(message: string) {
    super(409, message, { fields: { startTime: message } });
  }
}

/** Where a job is put: the instant, from the form's business-time date and time. */
export const jobStart = (input: Pick<JobInput, "date" | "startTime">) => instantIn(input.date, input.startTime, env().BUSINESS_TIME_ZONE);

/** The range a job blocks, as the exclusion constraint and its CHECK want it. */
export const busyRange = (startsAt: Date, durationMinutes: number, bufferMinutes: number) =>
  sql<string>`tstzrange(${startsAt}::timestamptz, ${startsAt}::timestamptz + make_interval(mins => ${durationMinutes + bufferMinutes}::int), '[)')`;

/** The columns that place a job, as booking and rescheduling write them. */
export const placementColumns = (input: JobInput, startsAt: Date, bufferMinutes: number) => ({
  starts_at: startsAt,
  duration_minutes: input.durationMinutes,
  buffer_minutes: bufferMinutes,
  busy: busyRange(startsAt, input.durationMinutes, bufferMinutes),
  address: input.address,
  notes: input.notes,
});

/** When the customer's reminder is due: APPOINTMENT_REMINDER_HOURS before, if that is still ahead (a job booked later gets none). */
export function reminderDue(startsAt: Date, now = Date.now()): Date | null {
  const due = startsAt.getTime() - env().APPOINTMENT_REMINDER_HOURS * 3_600_000;
  return due > now ? new Date(due) : null;
}

export async function travelBufferMinutes(db: DB): Promise<number> {
  const row = await db.selectFrom("site_settings").select("travel_buffer_minutes").where("id", "=", 1).executeTakeFirst();
  return row?.travel_buffer_minutes ?? 30;
}

/** The exclusion constraint refused the write: the person already has a job then. */
export const isExclusionViolation = (error: unknown) => (error as { code?: string } | null)?.code === "23P01";

/** The refusal's text: the job the wanted time overlaps, its customer and time. */
export async function overlapError(db: DB, startsAt: Date, durationMinutes: number, bufferMinutes: number, person: number | null, exceptId?: number): Promise<JobOverlapError> {
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
