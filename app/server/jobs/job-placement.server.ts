import { sql } from "kysely";
import { zipOfAddress } from "~/lib/address-zip";
import type { JobInput } from "~/lib/job-input";
import { LIVE_JOB_STATUSES } from "~/lib/job-status";
import { dayIn, instantIn } from "~/lib/time-zone";
import { JOB_SPAN_MAX_DAYS, longerThanADay, planWorkDays, workDaysNeeded, type WorkPeriod } from "~/lib/work-days";
import { AppError } from "../app-error.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { getWorkWeek } from "../settings.server";
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

/**
 * Where a job sits in time: its start, when its work ends, and for a job
 * over consecutive working days each day's period (docs/decisions/0131);
 * `days` is null for a job of one day.
 */
export interface JobTime {
  startsAt: Date;
  endsAt: Date;
  days: WorkPeriod[] | null;
}

/** A job of one day: from its start, its duration. */
export const oneDayTime = (startsAt: Date, durationMinutes: number): JobTime => ({ startsAt, endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000), days: null });

/** A job over the working days of `days` (two or more), from the first day's start to the last day's end. */
export const daysTime = (days: WorkPeriod[]): JobTime => ({ startsAt: new Date(days[0]!.start), endsAt: new Date(days.at(-1)!.end), days });

/**
 * Where a job goes from the input: one day from its start; or, when it may
 * take consecutive working days (`overDays`, the customer's booking) and is
 * longer than a working day, each day of the plan the free times offered
 * (planWorkDays), which starts at Workday Start of the input's date.
 */
export async function jobTime(db: DB, input: Pick<JobInput, "date" | "startTime" | "durationMinutes">, overDays = false): Promise<JobTime> {
  const startsAt = jobStart(input);
  if (!overDays) return oneDayTime(startsAt, input.durationMinutes);
  const week = await getWorkWeek(db);
  if (!longerThanADay(input.durationMinutes, week)) return oneDayTime(startsAt, input.durationMinutes);
  const days = planWorkDays(week, env().BUSINESS_TIME_ZONE, input.date, input.durationMinutes);
  if (!days || days[0]!.start !== startsAt.getTime()) {
    throw new JobOverlapError(`A job over ${workDaysNeeded(input.durationMinutes, week)} working days starts at Workday Start of a working day and ends within ${JOB_SPAN_MAX_DAYS} days. Choose another time.`);
  }
  return daysTime(days);
}

/** The days (YYYY-MM-DD, the business's) a job works on: the one it starts on, or each of its days over days. */
export const timeDays = (time: JobTime) => (time.days ?? [{ start: time.startsAt.getTime() }]).map((d) => dayIn(new Date(d.start), env().BUSINESS_TIME_ZONE));

/** The range a job blocks, as the exclusion constraint and its CHECK want it: from its start to the end of its work plus the buffer. */
export const busyRange = (time: Pick<JobTime, "startsAt" | "endsAt">, bufferMinutes: number) =>
  sql<string>`tstzrange(${time.startsAt}::timestamptz, ${time.endsAt}::timestamptz + make_interval(mins => ${bufferMinutes}::int), '[)')`;

/** jobs.work_days: each day's period, or NULL for a job of one day. */
const workDays = (days: WorkPeriod[] | null) =>
  days === null ? null : sql<string>`tstzmultirange(${sql.join(days.map((d) => sql`tstzrange(${new Date(d.start)}::timestamptz, ${new Date(d.end)}::timestamptz, '[)')`))})`;

/** The job's ZIP code: the one given, else the one its address ends with (docs/decisions/0130). */
export const jobZip = (input: Pick<JobInput, "zip" | "address">) => (input.zip !== undefined ? input.zip : zipOfAddress(input.address));

/** The columns that place a job, as booking and rescheduling write them. */
export const placementColumns = (input: JobInput, time: JobTime, bufferMinutes: number) => ({
  starts_at: time.startsAt,
  duration_minutes: input.durationMinutes,
  buffer_minutes: bufferMinutes,
  busy: busyRange(time, bufferMinutes),
  work_days: workDays(time.days),
  address: input.address,
  zip: jobZip(input),
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
export async function overlapError(db: DB, time: Pick<JobTime, "startsAt" | "endsAt">, bufferMinutes: number, person: number | null, exceptId?: number): Promise<JobOverlapError> {
  const other = await jobsQuery(db)
    .where("j.status", "in", [...LIVE_JOB_STATUSES, "done"])
    // The same person's jobs only: another person's job at that time is no overlap (docs/decisions/0115).
    .where(sql<boolean>`coalesce(j.assigned_to, 0) = ${person ?? 0}`)
    .where(sql<boolean>`j.busy && ${busyRange(time, bufferMinutes)}`)
    .$if(exceptId !== undefined, (qb) => qb.where("j.id", "<>", exceptId!))
    .orderBy("j.starts_at")
    .executeTakeFirst();
  const buffer = Math.max(bufferMinutes, other?.buffer_minutes ?? 0);
  const withBuffer = buffer ? ` (with the ${buffer}-minute travel buffer between jobs)` : "";
  if (!other) return new JobOverlapError(`This time overlaps another job${withBuffer}. Choose another time.`);
  const job = toJob(other);
  return new JobOverlapError(`This time overlaps ${job.customer.name}'s job, ${appointmentWhen(job)}${withBuffer}. Choose another time.`);
}
