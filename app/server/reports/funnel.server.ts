import { sql } from "kysely";
import { shareCsv, shareText, type ReportTable } from "~/lib/reports";
import type { DB } from "../db.server";
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

export async function funnelCounts(db: DB, period: ReportPeriod): Promise<FunnelRow[]> {
  const { start, end } = period;
  const { rows } = await sql<{ source: string; requests: string; estimates: string; booked: string; paid: string }>`
    -- Each step a probe of an index per request (a scalar subquery, never a hash of the whole table):
    -- a month's few thousand requests cost milliseconds (docs/decisions/0152).
    WITH origins AS (
      SELECT q.customer_id, q.created_at, 'quote_form' AS source,
             (SELECT true FROM estimates e WHERE e.lead_id = q.id AND e.status <> 'draft' LIMIT 1) AS estimated,
             (SELECT true FROM jobs j WHERE j.lead_id = q.id AND j.status <> 'cancelled' LIMIT 1) AS booked,
             (SELECT true FROM invoices i WHERE i.lead_id = q.id AND i.status = 'paid' LIMIT 1) AS paid
      FROM quote_requests q
      WHERE q.created_at >= ${start} AND q.created_at < ${end}
      UNION ALL
      SELECT e.customer_id, e.created_at, e.source,
             e.status <> 'draft',
             (SELECT true FROM jobs j WHERE j.estimate_id = e.id AND j.status <> 'cancelled' LIMIT 1),
             (SELECT true FROM invoices i WHERE i.estimate_id = e.id AND i.status = 'paid' LIMIT 1)
      FROM estimates e
      WHERE e.lead_id IS NULL AND e.created_at >= ${start} AND e.created_at < ${end}
      UNION ALL
      SELECT j.customer_id, j.created_at, j.source,
             true,
             j.status <> 'cancelled',
             (SELECT true FROM invoices i WHERE i.job_id = j.id AND i.status = 'paid' LIMIT 1)
      FROM jobs j
      WHERE j.lead_id IS NULL AND j.estimate_id IS NULL AND j.created_at >= ${start} AND j.created_at < ${end}
    ),
    -- Returning (docs/decisions/0151): a job done or an invoice paid in full before the request, each one index probe.
    marked AS (
      SELECT o.*,
             (SELECT true FROM jobs d WHERE d.customer_id = o.customer_id AND d.status = 'done' AND d.done_at < o.created_at LIMIT 1) IS NOT NULL
             OR (SELECT true FROM invoices p WHERE p.customer_id = o.customer_id AND p.status = 'paid' AND p.paid_at < o.created_at LIMIT 1) IS NOT NULL AS came_back
      FROM origins o
    )
    SELECT CASE WHEN source = 'plan' THEN 'plan' WHEN came_back THEN 'returning' ELSE source END AS source,
           count(*) AS requests,
           -- A step skipped (a job booked with no estimate, an invoice paid with no job) counts as passed.
           count(*) FILTER (WHERE estimated OR booked OR paid) AS estimates,
           count(*) FILTER (WHERE booked OR paid) AS booked,
           count(*) FILTER (WHERE paid) AS paid
    FROM marked
    GROUP BY 1`.execute(db);
  const bySource = new Map(rows.map((r) => [r.source, r]));
  return SOURCES.map(({ key, label }) => {
    const r = bySource.get(key);
    return { source: label, requests: Number(r?.requests ?? 0), estimates: Number(r?.estimates ?? 0), booked: Number(r?.booked ?? 0), paid: Number(r?.paid ?? 0) };
  });
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
