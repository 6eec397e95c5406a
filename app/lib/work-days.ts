import { addDays, localInstant } from "./time-zone";
import { isoWeekday, minutesOfDay, type WorkWeek } from "./work-week";

/**
 * A job longer than a working day, spread over consecutive working days
 * (issue 35, docs/decisions/0131): from Workday Start of its first day, a
 * whole working day each day, the rest on the last. What the free times
 * offer and what booking stores (jobs.work_days) come from this one plan.
 */

/** One day's work, [start, end) in epoch milliseconds. */
export interface WorkPeriod {
  start: number;
  end: number;
}

/** The longest a job of one day may be (jobs.duration_minutes' one-day limit, the Schedule Job form's). */
export const ONE_DAY_MAX_MINUTES = 12 * 60;
/** The longest a job's work may be, over all its days (jobs_duration_minutes_check): a week of minutes. */
export const JOB_MINUTES_MAX = 7 * 24 * 60;
/**
 * Whether the owner's forms (Schedule Job, Reschedule) place a job over
 * working days: when it cannot be one day, or when it was booked over days
 * and is still longer than a working day (jobTime decides the latter).
 */
export const ownerOverDays = (minutes: number, wasOverDays = false) => minutes > ONE_DAY_MAX_MINUTES || wasOverDays;
/** The most working days a customer books online: a longer job is the owner's to plan with them. */
export const BOOKING_DAYS_MAX = 5;
/** The longest a job runs from its first start to its last end, nights and days off between included (jobs_work_days_check). */
export const JOB_SPAN_MAX_DAYS = 14;

type Hours = Pick<WorkWeek, "workdayStart" | "workdayEnd">;

/** The minutes of a job's working day: Workday Start to Workday End, at most 12 hours. */
export const workdayMinutes = (week: Hours) => Math.min(minutesOfDay(week.workdayEnd) - minutesOfDay(week.workdayStart), ONE_DAY_MAX_MINUTES);

/** Whether a job of `minutes` needs more than one working day. */
export const longerThanADay = (minutes: number, week: Hours) => minutes > workdayMinutes(week);

/** How many working days a job of `minutes` takes. */
export const workDaysNeeded = (minutes: number, week: Hours) => Math.ceil(minutes / Math.max(1, workdayMinutes(week)));

/**
 * The working periods of a job of `minutes` that starts at Workday Start of
 * `day` (YYYY-MM-DD in `timeZone`): that day and each next working day, a
 * whole working day each, the rest on the last; or null when `day` is not a
 * working day, a Workday Start does not exist that day (a clock change), or
 * the job would run past JOB_SPAN_MAX_DAYS.
 */
export function planWorkDays(week: Hours & Pick<WorkWeek, "workingDays">, timeZone: string, day: string, minutes: number): WorkPeriod[] | null {
  const perDay = workdayMinutes(week);
  const working = new Set(week.workingDays);
  if (perDay <= 0 || minutes <= 0 || !working.has(isoWeekday(day))) return null;
  const open = minutesOfDay(week.workdayStart);
  const periods: WorkPeriod[] = [];
  const last = addDays(day, JOB_SPAN_MAX_DAYS);
  for (let d = day, left = minutes; left > 0; d = addDays(d, 1)) {
    if (d > last) return null;
    if (!working.has(isoWeekday(d))) continue;
    const start = localInstant(d, open, timeZone);
    if (start === null) return null;
    const length = Math.min(left, perDay);
    periods.push({ start, end: start + length * 60_000 });
    left -= length;
  }
  return periods.at(-1)!.end - periods[0]!.start <= JOB_SPAN_MAX_DAYS * 86_400_000 ? periods : null;
}
