import { z } from "zod";
import { trimmed } from "./form-schema";
import { isCalendarDay } from "./time-zone";

/**
 * The owner's numbers (/admin/reports, issue 38, docs/decisions/0150): the
 * period chooser's one schema (a GET form: the state is the URL) and the
 * shape every figure group's table takes, so the page, its charts and each
 * CSV are written from the same rows. Browser-safe.
 */

export const PERIODS = ["this-month", "last-month", "this-year", "range"] as const;
export type PeriodKind = (typeof PERIODS)[number];

export const PERIOD_TITLES: Record<PeriodKind, string> = {
  "this-month": "This month",
  "last-month": "Last month",
  "this-year": "This year",
  range: "From – To",
};

/** The longest range a report reads: five years (the bench measures two). */
export const RANGE_DAYS_MAX = 5 * 366;

export const REPORT_MESSAGES = {
  period: "Choose This month, Last month, This year or a range From – To.",
  from: "From must be a date (YYYY-MM-DD).",
  to: "To must be a date (YYYY-MM-DD).",
  order: "To must be on or after From.",
  span: "Choose a range of at most five years.",
} as const;

// Read only with a range (superRefine below): a day left in the URL by another period is ignored.
const day = trimmed(z.string().optional());

/** Days between two YYYY-MM-DD (calendar arithmetic). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * ?period=this-month|last-month|this-year|range&from=&to= — From and To only
 * with a range, both then needed, To on or after From, at most five years.
 * No period is this month.
 */
export const reportPeriodSchema = z
  .object({
    period: trimmed(z.enum(PERIODS, { error: REPORT_MESSAGES.period }).optional()).transform((p) => p ?? "this-month"),
    from: day,
    to: day,
  })
  .superRefine((value, ctx) => {
    if (value.period !== "range") return;
    const { from = "", to = "" } = value;
    if (!isCalendarDay(from)) ctx.addIssue({ code: "custom", path: ["from"], message: REPORT_MESSAGES.from });
    if (!isCalendarDay(to)) ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.to });
    if (!isCalendarDay(from) || !isCalendarDay(to)) return;
    if (to < from) ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.order });
    else if (daysBetween(from, to) >= RANGE_DAYS_MAX) ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.span });
  });

export type ReportPeriodInput = z.output<typeof reportPeriodSchema>;

/** A cell as the page shows it and as the CSV writes it (amounts as 1234.56, shares as 42.9). */
export interface ReportCell {
  text: string;
  csv: string | number;
}

/** A bar of a chart: its label, its value (cents, a count) and the value as written. */
export interface ReportBar {
  label: string;
  value: number;
  text: string;
}

/** One figure group's table: the first column names the row. */
export interface ReportTable {
  /** The CSV's address part: /admin/reports/{name}/csv. */
  name: string;
  title: string;
  /** What the figures count, in one sentence under the title. */
  note: string;
  columns: { label: string; numeric: boolean }[];
  rows: ReportCell[][];
  chart?: { title: string; bars: ReportBar[]; money: boolean };
}

/** "42.9 %" of part in whole, "—" of nothing. */
export function shareText(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)} %` : "—";
}

/** The share as the CSV writes it: 42.9, or "" of nothing. */
export function shareCsv(part: number, whole: number): string | number {
  return whole > 0 ? Number(((part / whole) * 100).toFixed(1)) : "";
}

/** Minutes as "2 h 05 min" (or "45 min"), a minus sign when under. */
export function minutesText(minutes: number): string {
  const sign = minutes < 0 ? "−" : "";
  const abs = Math.round(Math.abs(minutes));
  const h = Math.floor(abs / 60);
  return h > 0 ? `${sign}${h} h ${String(abs % 60).padStart(2, "0")} min` : `${sign}${abs} min`;
}
