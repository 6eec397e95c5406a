import { sql } from "kysely";
import { shareCsv, shareText, type ReportTable } from "~/lib/reports";
import type { DB } from "../db.server";
import { inEdges, inWholeDays, periodDays } from "./period-days.server";
import type { ReportPeriod } from "./period.server";

/**
 * Requests → estimates → booked → paid, by source (docs/decisions/0150,
 * 0151). A request is where a piece of work began, counted once, in the
 * period of its making: a quote request; an estimate made without one
 * (online booking, a plan's, the owner's); a job made with neither. Each is
 * then followed to today: estimated (an estimate past draft), booked (a
 * job not cancelled), paid (an invoice paid in full); a step skipped (a job
 * booked with no estimate) counts as passed. Its source is `Plan` for a
 * plan's work, `Returning` when its customer had a job done or an invoice
 * paid before the request, else its own column's.
 */

export const SOURCES = [
  { key: "quote_form", label: "Quote form" },
  { key: "online_booking", label: "Online booking" },
  { key: "plan", label: "Plan" },
  { key: "returning", label: "Returning" },
  { key: "owner", label: "Entered by the owner" },
] as const;

export interface FunnelRow {
  source: string;
  requests: number;
  estimates: number;
  booked: number;
  paid: number;
}

/** A row of the funnel's query: counts by the source it is reported under. */
export interface FunnelCountRow {
  source: string;
  requests: string;
  estimates: string;
  booked: string;
  paid: string;
}

/** The query's rows as the table's, every source in its order (none: zeros). */
export function funnelRows(rows: FunnelCountRow[]): FunnelRow[] {
  const bySource = new Map(rows.map((r) => [r.source, r]));
  return SOURCES.map(({ key, label }) => {
    const r = bySource.get(key);
    return { source: label, requests: Number(r?.requests ?? 0), estimates: Number(r?.estimates ?? 0), booked: Number(r?.booked ?? 0), paid: Number(r?.paid ?? 0) };
  });
}

/**
 * The period's requests from the summaries (docs/decisions/0157): one row per
 * request kept by the database with its steps and whether its customer had
 * come back, counted per UTC day in report_request_days, so a long period
 * costs its days' counts and the requests of the hours at its two edges.
 * ./live-figures.server.ts reads the same from the work itself.
 */
export async function funnelCounts(db: DB, period: ReportPeriod): Promise<FunnelRow[]> {
  const days = periodDays(period);
  const { rows } = await sql<FunnelCountRow>`
    SELECT CASE WHEN source = 'plan' THEN 'plan' WHEN came_back THEN 'returning' ELSE source END AS source,
           sum(n) AS requests,
           -- A step skipped (a job booked with no estimate, an invoice paid with no job) counts as passed.
           coalesce(sum(n) FILTER (WHERE estimated OR booked OR paid), 0) AS estimates,
           coalesce(sum(n) FILTER (WHERE booked OR paid), 0) AS booked,
           coalesce(sum(n) FILTER (WHERE paid), 0) AS paid
    FROM (
      SELECT source, came_back, estimated, booked, paid, requests AS n FROM report_request_days WHERE ${inWholeDays(days)}
      UNION ALL
      SELECT source, came_back, estimated, booked, paid, 1 FROM report_requests WHERE ${inEdges("created_at", days)}
    ) counted
    GROUP BY 1`.execute(db);
  return funnelRows(rows);
}

export async function funnelReport(db: DB, period: ReportPeriod): Promise<ReportTable> {
  const rows = await funnelCounts(db, period);
  const all = rows.reduce((t, r) => ({ source: "All sources", requests: t.requests + r.requests, estimates: t.estimates + r.estimates, booked: t.booked + r.booked, paid: t.paid + r.paid }), {
    source: "All sources",
    requests: 0,
    estimates: 0,
    booked: 0,
    paid: 0,
  });
  const count = (n: number) => ({ text: n.toLocaleString("en-US"), csv: n });
  const share = (part: number, whole: number) => ({ text: shareText(part, whole), csv: shareCsv(part, whole) });
  return {
    name: "funnel",
    title: "Requests to paid work, by source",
    note: "The requests of the period, each followed to today. Returning: a customer who had a job done or an invoice paid before.",
    columns: [
      { label: "Source", numeric: false },
      { label: "Requests", numeric: true },
      { label: "Estimates", numeric: true },
      { label: "Booked", numeric: true },
      { label: "Paid", numeric: true },
      { label: "Estimated", numeric: true },
      { label: "Booked of estimated", numeric: true },
      { label: "Paid of booked", numeric: true },
      { label: "Paid of requests", numeric: true },
    ],
    rows: [...rows, all].map((r) => [
      { text: r.source, csv: r.source },
      count(r.requests),
      count(r.estimates),
      count(r.booked),
      count(r.paid),
      share(r.estimates, r.requests),
      share(r.booked, r.estimates),
      share(r.paid, r.booked),
      share(r.paid, r.requests),
    ]),
    chart: {
      title: "Requests to paid work, all sources",
      money: false,
      bars: [
        { label: "Requests", value: all.requests, text: all.requests.toLocaleString("en-US") },
        { label: "Estimates", value: all.estimates, text: all.estimates.toLocaleString("en-US") },
        { label: "Booked", value: all.booked, text: all.booked.toLocaleString("en-US") },
        { label: "Paid", value: all.paid, text: all.paid.toLocaleString("en-US") },
      ],
    },
  };
}
