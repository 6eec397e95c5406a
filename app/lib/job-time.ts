/**
 * A job's time as people read it, in the business's time zone (browser-safe:
 * the pages, the e-mails and the invites' texts say it the same way).
 */
import { dateFormat } from "./date-format";
import { wallTimeRepeats } from "./time-zone";

const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: "long", month: "long", day: "numeric", year: "numeric" };
const CLOCK: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };
const CLOCK_AND_ZONE: Intl.DateTimeFormatOptions = { ...CLOCK, timeZoneName: "short" };

/** "Monday, December 7, 2026" */
export const longDay = (at: Date, timeZone: string) => dateFormat(timeZone, LONG_DAY).format(at);

/**
 * "9:00 AM"; in the hour an autumn clock change repeats, with the zone's
 * abbreviation ("1:30 AM EDT", then "1:30 AM EST"), as the time alone would
 * name two instants (docs/decisions/0109).
 */
export const clockTime = (at: Date, timeZone: string) => dateFormat(timeZone, wallTimeRepeats(at, timeZone) ? CLOCK_AND_ZONE : CLOCK).format(at);

/** "Monday, December 7, 2026, 9:00 AM – 12:00 PM" */
export const appointmentTime = (start: Date, end: Date, timeZone: string) => `${longDay(start, timeZone)}, ${clockTime(start, timeZone)} – ${clockTime(end, timeZone)}`;

/**
 * A job over consecutive working days (docs/decisions/0131), each day as
 * appointmentTime says it: "Monday, December 7, 2026, 8:00 AM – 6:00 PM,
 * then Tuesday, December 8, 2026, 8:00 AM – 2:00 PM". One day: that day.
 */
export const appointmentDays = (days: readonly { startsAt: Date; endsAt: Date }[], timeZone: string) =>
  days.map((day) => appointmentTime(day.startsAt, day.endsAt, timeZone)).join(", then ");

/** A job's length as the e-mails and pages say it: "3 hours"; over days, "16 hours over 2 days". */
export function jobLength(job: { durationMinutes: number; days?: readonly unknown[] }): string {
  const days = job.days?.length ?? 1;
  return days > 1 ? `${durationText(job.durationMinutes)} over ${days} days` : durationText(job.durationMinutes);
}

/** "3 hours", "1 hour 30 minutes", "45 minutes" */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  return [h ? part(h, "hour") : "", m || !h ? part(m, "minute") : ""].filter(Boolean).join(" ");
}

/**
 * The real time on a job beside the time booked (issue 36), from Start Job
 * to its finish: "2 hours 38 minutes (booked 2 hours: 38 minutes over)".
 */
export function timeOnTheJob(startedAt: Date, doneAt: Date, bookedMinutes: number): string {
  const real = Math.max(0, Math.round((doneAt.getTime() - startedAt.getTime()) / 60_000));
  const difference = real - bookedMinutes;
  const against = difference === 0 ? "as booked" : `${durationText(Math.abs(difference))} ${difference > 0 ? "over" : "under"}`;
  return `${durationText(real)} (booked ${durationText(bookedMinutes)}: ${against})`;
}

/** "Tuesday, December 8, 2026 at 2:00 PM": a deadline (a deposit's hold) as the e-mails and pages say it. */
export const dayAndTime = (at: Date, timeZone: string) => `${longDay(at, timeZone)} at ${clockTime(at, timeZone)}`;

const SHORT_DAY: Intl.DateTimeFormatOptions = { weekday: "short", month: "short", day: "numeric" };

/** "Tue, Dec 8, 2:00 PM": the same where space is short (the week's job cards). */
export const shortDayAndTime = (at: Date, timeZone: string) => `${dateFormat(timeZone, SHORT_DAY).format(at)}, ${clockTime(at, timeZone)}`;
