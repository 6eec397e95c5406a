import { csvLine, UTF8_BOM } from "~/lib/csv";
import type { ReportTable } from "~/lib/reports";
import { dayIn } from "~/lib/time-zone";
import { notFound } from "../app-error.server";
import { requirePermission, type Actor } from "../auth/permissions.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { cancellationsReport } from "./cancellations.server";
import { funnelReport } from "./funnel.server";
import { jobTimeReport } from "./job-time.server";
import { readPeriod, type ReportPeriod } from "./period.server";
import { reportQuery } from "./report-query.server";
import { repeatCustomersReport } from "./repeat-customers.server";
import { revenueReports } from "./revenue.server";
import { reviewsReport } from "./reviews.server";
import { unpaidReport } from "./unpaid.server";

/**
 * /admin/reports' figure groups in the page's order (docs/decisions/0150):
 * each a small module of its own queries; a group may make several tables
 * (revenue: the average ticket, by package, by vehicle class). The page runs
 * them all; a table's CSV runs only its group.
 */
type Group = { tables: readonly string[]; run: (db: DB, period: ReportPeriod, now: Date) => Promise<ReportTable[]> };

const one = (run: (db: DB, period: ReportPeriod, now: Date) => Promise<ReportTable>) => async (db: DB, period: ReportPeriod, now: Date) => [await run(db, period, now)];

export const REPORT_GROUPS: readonly Group[] = [
  { tables: ["funnel"], run: one(funnelReport) },
  { tables: ["tickets", "packages", "vehicle-classes"], run: revenueReports },
  { tables: ["repeat-customers"], run: one(repeatCustomersReport) },
  { tables: ["reviews"], run: one(reviewsReport) },
  { tables: ["cancellations"], run: one(cancellationsReport) },
  { tables: ["job-time"], run: one(jobTimeReport) },
  { tables: ["unpaid"], run: one((db, _period, now) => unpaidReport(db, dayIn(now, env().BUSINESS_TIME_ZONE), env().BUSINESS_TIME_ZONE)) },
];

/** A group's tables, its queries run as reportQuery runs them. */
export function runGroup(db: DB, group: Group, period: ReportPeriod, now: Date): Promise<ReportTable[]> {
  return reportQuery(db, (trx) => group.run(trx, period, now));
}

export type ReportsView =
  | { ok: true; period: ReportPeriod; tables: ReportTable[] }
  | { ok: false; errors: Record<string, string>; typed: { period: string; from: string; to: string } };

/** Every table of the period the query asks for (the owner's only), or the period's errors. */
export async function reportsView(db: DB, user: Actor, query: URLSearchParams, now = new Date()): Promise<ReportsView> {
  requirePermission(user, "reports.read");
  const reading = readPeriod(query, now, env().BUSINESS_TIME_ZONE);
  if (!reading.ok) return reading;
  const groups = await Promise.all(REPORT_GROUPS.map((g) => runGroup(db, g, reading.period, now)));
  return { ok: true, period: reading.period, tables: groups.flat() };
}

/** One table of the period as a CSV by the rules of every export (lib/csv.ts), with its file name; a bad period is an AppError 400. */
export async function reportCsv(db: DB, user: Actor, name: string, query: URLSearchParams, now = new Date()): Promise<{ fileName: string; body: string } | { errors: Record<string, string> }> {
  requirePermission(user, "reports.read");
  const group = REPORT_GROUPS.find((g) => g.tables.includes(name));
  if (!group) throw notFound(`No report named ${name}. Reports: ${REPORT_GROUPS.flatMap((g) => g.tables).join(", ")}.`);
  const reading = readPeriod(query, now, env().BUSINESS_TIME_ZONE);
  if (!reading.ok) return { errors: reading.errors };
  const table = (await runGroup(db, group, reading.period, now)).find((t) => t.name === name)!;
  const body = UTF8_BOM + csvLine(table.columns.map((c) => c.label)) + table.rows.map((row) => csvLine(row.map((cell) => cell.csv))).join("");
  return { fileName: `${name}-${reading.period.from}-to-${reading.period.to}.csv`, body };
}
