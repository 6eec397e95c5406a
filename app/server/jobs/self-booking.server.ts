import { zipOfAddress } from "~/lib/address-zip";
import { bookingSchema } from "~/lib/booking-input";
import { clockTime, durationText, longDay } from "~/lib/job-time";
import type { JobStatus } from "~/lib/job-status";
import { dayIn, timeIn } from "~/lib/time-zone";
import { BOOKING_DAYS_MAX, longerThanADay, planWorkDays, workDaysNeeded } from "~/lib/work-days";
import type { DB } from "../db.server";
import { checkForm } from "../form-action.server";
import { env } from "../env.server";
import type { Estimate } from "../estimates/estimates.server";
import { getWorkWeek, type WorkWeek } from "../settings.server";
import { CUSTOMER_REACH, freeTimes, freeWorkersAt, HORIZON_DAYS } from "./free-times.server";
import { appointmentWhen } from "./job-mail.server";
import { getJob, type Job } from "./job-records.server";
import { AlreadyBookedError, scheduleJob } from "./job-booking.server";
import { JobOverlapError } from "./job-placement.server";
import type { NoOnlineBooking } from "./owner-alerts.server";

/**
 * Book This Time (docs/decisions/0086): after accepting an estimate, the
 * customer picks one of the free times of the next 14 days on the estimate's
 * page. The choice is checked against the free times again when it arrives,
 * and the job is stored through scheduleJob, so the database's exclusion
 * constraint decides between two customers who chose the same time at once:
 * one is booked, the other is told and sees the times that are left.
 *
 * The road (docs/decisions/0130): the times offered are those with the drive
 * from the job before and to the job after, from the ZIP code of the
 * request's address; the booking is checked again with the address typed.
 * Work longer than a working day takes consecutive working days
 * (docs/decisions/0131), up to BOOKING_DAYS_MAX.
 */

/** A job's length when the estimate names none (its lines were written freely). */
export const DEFAULT_BOOKING_MINUTES = 120;

export const TIME_TAKEN_MESSAGE = "Sorry, someone booked that time a moment ago. Please choose another time.";

export interface BookingDay {
  /** "Monday, December 7, 2026" */
  label: string;
  times: { value: string; label: string }[];
}

export type BookingView =
  /** The estimate's job, in whatever status but cancelled: booked, on the way or done (one job per estimate, ADR 0101). */
  | { kind: "booked"; status: HeldJobStatus; when: string; appointmentPath: string }
  | {
      kind: "choose";
      days: BookingDay[];
      address: string;
      /** For work over consecutive working days: what the page says of it ("about 16 hours over 2 working days…"); null for a day's work. */
      overDays: string | null;
    }
  /** Nothing free in 14 days, or more working days than a booking online takes: the page says why, and that the owner will call. */
  | { kind: "call"; blocked: NoOnlineBooking };

const bookingMinutes = (estimate: Estimate) => estimate.durationMinutes || DEFAULT_BOOKING_MINUTES;

/** The address of the request the estimate answers, if any: where the booking form starts, and where the times offered are reckoned from. */
async function requestAddress(db: DB, estimate: Estimate): Promise<string> {
  if (estimate.leadId === null) return "";
  const lead = await db.selectFrom("quote_requests").select("service_address").where("id", "=", estimate.leadId).executeTakeFirst();
  return lead?.service_address ?? "";
}

/**
 * The times the estimate's job may be booked at now, from `address` (the
 * request's when not given), or why there are none: more working days than
 * a booking online takes, or nothing free. The owner's `accepted` e-mail and
 * the page say it.
 */
export async function onlineBooking(db: DB, estimate: Estimate, now = new Date(), address?: string): Promise<OnlineTimes> {
  const where = address ?? (await requestAddress(db, estimate));
  return onlineTimes(db, bookingMinutes(estimate), now, zipOfAddress(where));
}

export type OnlineTimes = { times: Date[]; blocked: null; week: WorkWeek } | { times: []; blocked: NoOnlineBooking };

/**
 * The times a job of `jobMinutes` at `zip` may be booked at online now (over
 * consecutive working days when it is longer than one), or why there are
 * none: for an accepted estimate (above) and for a visitor's choice on /book
 * (app/server/online-booking/), alike.
 */
export async function onlineTimes(db: DB, jobMinutes: number, now: Date, zip: string | null): Promise<OnlineTimes> {
  const week = await getWorkWeek(db);
  if (workDaysNeeded(jobMinutes, week) > BOOKING_DAYS_MAX) return { times: [], blocked: { why: "too_many_days", jobMinutes, maxDays: BOOKING_DAYS_MAX } };
  const times = await freeTimes(db, jobMinutes, now, CUSTOMER_REACH, { zip, overDays: true });
  return times.length ? { times, blocked: null, week } : { times: [], blocked: { why: "no_free_time", jobMinutes, horizonDays: HORIZON_DAYS } };
}

/**
 * The booking part of an accepted estimate's page (docs/decisions/0105): its
 * job while one holds the estimate (any status but cancelled, as the unique
 * index jobs_one_per_estimate counts them), else the free times. Past the
 * estimate's Valid Until day too: that day bounds accepting, not booking.
 */
export async function bookingView(db: DB, estimate: Estimate, now = new Date()): Promise<BookingView> {
  const job = await heldBy(db, estimate.id);
  if (job) return { kind: "booked", status: job.status as HeldJobStatus, when: appointmentWhen(job), appointmentPath: `/appointments/${job.token}` };
  // The form starts with the address of the request the estimate answers, if any.
  const address = await requestAddress(db, estimate);
  const booking = await onlineBooking(db, estimate, now, address);
  if (booking.blocked) return { kind: "call", blocked: booking.blocked };
  const minutes = bookingMinutes(estimate);
  const overDays = longerThanADay(minutes, booking.week);
  return {
    kind: "choose",
    days: byDay(booking.times, overDays ? booking.week : null, minutes),
    address,
    overDays: overDays ? overDaysNote(minutes, booking.week) : null,
  };
}

/** What the times of work over consecutive working days need said (the estimate's page and /book). */
export function overDaysNote(minutes: number, week: WorkWeek): string {
  return `This work takes about ${durationText(minutes)} over ${workDaysNeeded(minutes, week)} working days in a row: each time is when we start, and when we finish is shown beside it.`;
}

/** The times as the Time radio buttons show them: one group per day, in the business's time zone; for work over working days (`week` given), each with the day and time it ends. */
export function byDay(times: Date[], week: WorkWeek | null, minutes: number): BookingDay[] {
  const zone = env().BUSINESS_TIME_ZONE;
  const days = new Map<string, BookingDay>();
  for (const at of times) {
    const day = dayIn(at, zone);
    let entry = days.get(day);
    if (!entry) days.set(day, (entry = { label: longDay(at, zone), times: [] }));
    const end = week && planWorkDays(week, zone, day, minutes)?.at(-1)?.end;
    const until = end ? `, until ${longDay(new Date(end), zone)}, ${clockTime(new Date(end), zone)}` : "";
    entry.times.push({ value: at.toISOString(), label: `${clockTime(at, zone)}${until}` });
  }
  return [...days.values()];
}

/** A job's statuses that hold its estimate: every one but cancelled. */
export type HeldJobStatus = Exclude<JobStatus, "cancelled">;

/** The id of the job that holds the estimate (at most one: jobs_one_per_estimate), in whatever status but cancelled. */
async function holdingJobId(db: DB, estimateId: number): Promise<number | undefined> {
  const row = await db.selectFrom("jobs").select("id").where("estimate_id", "=", estimateId).where("status", "<>", "cancelled").orderBy("id").executeTakeFirst();
  return row?.id;
}

async function heldBy(db: DB, estimateId: number): Promise<Job | undefined> {
  const id = await holdingJobId(db, estimateId);
  return id === undefined ? undefined : getJob(db, id);
}

/** `booked`: the estimate has its job now (this post's, or one it already had), which its page shows. */
export type BookingOutcome = { booked: true } | { booked: false; errors: { start?: string; address?: string } };

/**
 * The customer's choice, from the form's `start` (an instant the page offered)
 * and `address`. An estimate that already has its job (booked, on the way or
 * done: a stale tab's post, a second press) books nothing and its page shows
 * that job; scheduleJob decides the same under the estimate's row lock, and
 * the unique index jobs_one_per_estimate has the last word.
 */
export async function bookTime(db: DB, estimate: Estimate, form: FormData, origin: string | undefined, now = new Date()): Promise<BookingOutcome> {
  if ((await holdingJobId(db, estimate.id)) !== undefined) return { booked: true };
  const choice = checkForm(form, bookingSchema);
  if (!choice.ok) return { booked: false, errors: choice.errors };
  const { start, address } = choice.value;
  const minutes = bookingMinutes(estimate);
  // Only a time the page would offer now for this address: free with the road to and from the jobs around it, in working hours, 12 hours to 14 days ahead.
  const place = { zip: zipOfAddress(address), overDays: true };
  const people = await freeWorkersAt(db, start, minutes, now, CUSTOMER_REACH, place);
  if (!people.length) return { booked: false, errors: { start: TIME_TAKEN_MESSAGE } };
  const zone = env().BUSINESS_TIME_ZONE;
  try {
    await scheduleJob(db, {
      // The estimate's customer and origin: the job comes from where the estimate came from.
      from: { customerId: estimate.customerId, leadId: estimate.leadId, source: estimate.source },
      estimateId: estimate.id,
      input: { date: dayIn(start, zone), startTime: timeIn(start, zone), durationMinutes: minutes, address, notes: "" },
      actor: `${estimate.customer.name} (customer, estimate #${estimate.number})`,
      origin,
      onePerEstimate: true,
      tellOwner: true,
      people,
      stillFree: (trx) => freeWorkersAt(trx, start, minutes, now, CUSTOMER_REACH, place),
      overDays: true,
    });
    return { booked: true };
  } catch (error) {
    if (error instanceof JobOverlapError) return { booked: false, errors: { start: TIME_TAKEN_MESSAGE } };
    // Booked from another tab meanwhile: the page shows that booking.
    if (error instanceof AlreadyBookedError) return { booked: true };
    throw error;
  }
}
