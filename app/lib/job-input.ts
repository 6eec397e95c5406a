import { z } from "zod";
import { formConstraint, optionalText, parseFields, trimmed, vehicleChoice } from "./form-schema";
import { addDays, isCalendarDay, skippedTimeMessage } from "./time-zone";
import { JOB_MINUTES_MAX } from "./work-days";

/**
 * The Schedule Job form (and Reschedule's): one zod schema for the browser's
 * fields and the action (docs/decisions/0118); each refusal names its field
 * as the form labels it. Times are the business's wall clock; the server
 * turns them into an instant (app/lib/time-zone.ts).
 */

/** Work over 12 hours goes over consecutive working days (docs/decisions/0131). */
export const JOB_DURATION_MAX_MINUTES = JOB_MINUTES_MAX;
export const JOB_ADDRESS_MAX = 300;
export const JOB_NOTES_MAX = 2000;
/** How far ahead a job may be put: a year (366 days, so the same date next year is fine). */
export const JOB_DAYS_AHEAD_MAX = 366;

export interface JobInput {
  /** YYYY-MM-DD, business time. */
  date: string;
  /** HH:MM, 24-hour, business time. */
  startTime: string;
  durationMinutes: number;
  address: string;
  notes: string;
  /** One of the customer's saved vehicles, null for none; left out (the customer's own booking), the estimate's. */
  vehicleId?: number | null;
  /** Where the job is, for the road between jobs (docs/decisions/0130): five digits; left out, the ZIP code the address ends with, if any. */
  zip?: string | null;
}

/** The form's fields (the ZIP code is the address's: the form has no field of its own for it). */
export type JobForm = Record<Exclude<keyof JobInput, "zip">, string>;

/** Messages by field (`date`, `startTime`, `durationMinutes`, `address`, `notes`, `vehicleId`). */
export type JobFieldErrors = Partial<Record<keyof JobForm, string>>;

export type ParsedJob = { ok: true; input: JobInput } | { ok: false; errors: JobFieldErrors };

/** The form's fields as posted (what a refused form shows again). */
export function readJobForm(form: FormData | URLSearchParams): JobForm {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    date: text("date"),
    startTime: text("startTime"),
    durationMinutes: text("durationMinutes"),
    address: text("address"),
    notes: text("notes"),
    vehicleId: text("vehicleId"),
  };
}

const DATE_INVALID = "Date must be a date, like 2026-12-31.";
const START_INVALID = "Start Time must be a time from 00:00 to 23:59.";
const DURATION_INVALID = `Duration (minutes) must be a whole number from 1 to ${JOB_DURATION_MAX_MINUTES} (a week).`;
const ADDRESS_MISSING = "Address is required: where the job is done.";

/**
 * The fields' own rules, which need no day: what the browser's inputs take as
 * constraints (JOB_CONSTRAINT) and what jobSchema checks first.
 */
const jobFields = z.object({
  date: trimmed(z.string({ error: DATE_INVALID }).refine(isCalendarDay, DATE_INVALID)),
  // A time input posts HH:MM, or HH:MM:SS when it has a step under a minute.
  startTime: trimmed(z.string({ error: START_INVALID }).regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, START_INVALID)).transform((time) => time.slice(0, 5)),
  durationMinutes: trimmed(z.string({ error: DURATION_INVALID }).regex(/^\d{1,5}$/, DURATION_INVALID))
    .transform(Number)
    .pipe(z.number().min(1, DURATION_INVALID).max(JOB_DURATION_MAX_MINUTES, DURATION_INVALID)),
  address: trimmed(
    z.string({ error: ADDRESS_MISSING }).min(1, ADDRESS_MISSING).max(JOB_ADDRESS_MAX, `Address can be at most ${JOB_ADDRESS_MAX} characters.`),
    (text) => text.replace(/\s+/g, " "),
  ),
  notes: optionalText(JOB_NOTES_MAX, `Notes can be at most ${JOB_NOTES_MAX} characters.`),
  vehicleId: vehicleChoice,
});

/** The browser's side of the schema: required, min, max, maxLength per field. */
export const JOB_CONSTRAINT = formConstraint(jobFields);

/**
 * The Schedule Job form (and Reschedule's): `today` is YYYY-MM-DD in the
 * business's time zone, `timeZone` that zone: a date in the past or more than
 * a year ahead is refused on Date, a time its clocks skip that night on Start
 * Time (docs/decisions/0109).
 */
export function jobSchema(today: string, timeZone: string) {
  return jobFields.check((payload) => {
    const refused = (field: string) => payload.issues.some((issue) => issue.path?.[0] === field);
    if (refused("date")) return;
    const { date, startTime } = payload.value;
    const problem = date < today ? "Date cannot be in the past." : date > addDays(today, JOB_DAYS_AHEAD_MAX) ? "Date can be at most a year ahead." : null;
    if (problem) payload.issues.push({ code: "custom", path: ["date"], message: problem, input: date });
    const skipped = problem || refused("startTime") ? null : skippedTimeMessage("Start Time", date, startTime, timeZone);
    if (skipped) payload.issues.push({ code: "custom", path: ["startTime"], message: skipped, input: startTime });
  });
}

/** The form's strings (a test, the values of a refused form) through jobSchema. */
export function parseJobForm(form: JobForm, today: string, timeZone: string): ParsedJob {
  return parseFields(jobSchema(today, timeZone), form);
}
