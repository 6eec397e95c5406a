/**
 * The working week (issue 21): the hours and days customers are offered for
 * self-booking, and the travel buffer kept free after each job. Edited on
 * /admin/settings; read by the free times (app/server/jobs/free-times.server.ts)
 * and the week view. Times are wall-clock "HH:MM" in the business time zone;
 * days are ISO weekdays (1 = Monday … 7 = Sunday), as Postgres's isodow.
 * Browser-safe and without zod: the settings page renders the labels.
 */

export interface WorkWeek {
  /** "HH:MM", the first start customers may book. */
  workdayStart: string;
  /** "HH:MM", by which a customer's booked job must be done; after workdayStart. */
  workdayEnd: string;
  /** ISO weekdays, ascending, at least one. */
  workingDays: number[];
  /** Minutes kept free after each job (0–240), for driving to the next one. */
  travelBufferMinutes: number;
}

export type WorkWeekName = keyof WorkWeek;

/** The inputs' labels (the UI contract's); `workingDays` is the checkboxes' group. */
export const WORK_WEEK_LABELS: Record<WorkWeekName, string> = {
  workdayStart: "Workday Start",
  workdayEnd: "Workday End",
  workingDays: "Working Days",
  travelBufferMinutes: "Travel Buffer (minutes)",
};

/** ISO weekday → its checkbox's label, Monday first. */
export const WEEKDAYS: readonly { iso: number; label: string }[] = [
  { iso: 1, label: "Monday" },
  { iso: 2, label: "Tuesday" },
  { iso: 3, label: "Wednesday" },
  { iso: 4, label: "Thursday" },
  { iso: 5, label: "Friday" },
  { iso: 6, label: "Saturday" },
  { iso: 7, label: "Sunday" },
];

export const TRAVEL_BUFFER_MAX = 240;

/** The same rule as the columns' CHECK: 00:00–23:59, two digits each. */
export const TIME_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** Minutes after midnight of a valid "HH:MM". */
export function minutesOfDay(time: string): number {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return h * 60 + m;
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar day YYYY-MM-DD. */
export function isoWeekday(day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}

/** "8:00 AM" for "08:00", as the week view and the hint show a time. */
export function formatClock(time: string): string {
  const minutes = minutesOfDay(time);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 || 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}
