import { addDays, isCalendarDay, skippedTimeMessage } from "./time-zone";
import { NOT_THEIR_VEHICLE, parseVehicleChoice } from "./vehicles";

/**
 * The Schedule Job form (and Reschedule's), read and checked in one place:
 * each refusal names its field as the form labels it. Times are the business's
 * wall clock; the server turns them into an instant (app/lib/time-zone.ts).
 */

export const JOB_DURATION_MAX_MINUTES = 12 * 60;
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
}

export type JobForm = Record<keyof JobInput, string>;

/** Messages by field (`date`, `startTime`, `durationMinutes`, `address`, `notes`, `vehicleId`). */
export type JobFieldErrors = Partial<Record<keyof JobInput, string>>;

export type ParsedJob = { ok: true; input: JobInput } | { ok: false; errors: JobFieldErrors };

const clean = (value: string | undefined) => (value ?? "").replaceAll("\0", "").trim();

/** The form's fields as posted. */
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

/**
 * Checks the form against the limits; `today` is YYYY-MM-DD in the business's
 * time zone, `timeZone` that zone: a time its clocks skip that night is
 * refused on Start Time (docs/decisions/0109).
 */
export function parseJobForm(form: JobForm, today: string, timeZone: string): ParsedJob {
  const errors: JobFieldErrors = {};
  const date = clean(form.date);
  if (!isCalendarDay(date)) errors.date = "Date must be a date, like 2026-12-31.";
  else if (date < today) errors.date = "Date cannot be in the past.";
  else if (date > addDays(today, JOB_DAYS_AHEAD_MAX)) errors.date = "Date can be at most a year ahead.";
  // A time input posts HH:MM, or HH:MM:SS when it has a step under a minute.
  const startText = clean(form.startTime);
  const startTime = startText.slice(0, 5);
  if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(startText)) {
    errors.startTime = "Start Time must be a time from 00:00 to 23:59.";
  } else if (!errors.date) {
    const skipped = skippedTimeMessage("Start Time", date, startTime, timeZone);
    if (skipped) errors.startTime = skipped;
  }
  const durationText = clean(form.durationMinutes);
  const durationMinutes = /^\d{1,5}$/.test(durationText) ? Number(durationText) : NaN;
  if (!(durationMinutes >= 1 && durationMinutes <= JOB_DURATION_MAX_MINUTES)) {
    errors.durationMinutes = `Duration (minutes) must be a whole number from 1 to ${JOB_DURATION_MAX_MINUTES} (12 hours).`;
  }
  const address = clean(form.address).replace(/\s+/g, " ");
  if (!address) errors.address = "Address is required: where the job is done.";
  else if (address.length > JOB_ADDRESS_MAX) errors.address = `Address can be at most ${JOB_ADDRESS_MAX} characters.`;
  const notes = clean(form.notes).replace(/\r\n?/g, "\n");
  if (notes.length > JOB_NOTES_MAX) errors.notes = `Notes can be at most ${JOB_NOTES_MAX} characters.`;
  const vehicleId = parseVehicleChoice(form.vehicleId);
  if (vehicleId === "invalid") errors.vehicleId = NOT_THEIR_VEHICLE;
  if (Object.keys(errors).length || vehicleId === "invalid") return { ok: false, errors };
  return { ok: true, input: { date, startTime, durationMinutes, address, notes, vehicleId } };
}
