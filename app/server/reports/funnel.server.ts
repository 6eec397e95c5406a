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
    WITH origins AS (
      SELECT q.customer_id, q.created_at, 'quote_form' AS source,
             EXISTS (SELECT 1 FROM estimates e WHERE e.lead_id = q.id AND e.status <> 'draft') AS estimated,
             EXISTS (SELECT 1 FROM jobs j WHERE j.lead_id = q.id AND j.status <> 'cancelled') AS booked,
             EXISTS (SELECT 1 FROM invoices i WHERE i.lead_id = q.id AND i.status = 'paid') AS paid
      FROM quote_requests q
      WHERE q.created_at >= ${start} AND q.created_at < ${end}
      UNION ALL
      SELECT e.customer_id, e.created_at, e.source,
             e.status <> 'draft',
             EXISTS (SELECT 1 FROM jobs j WHERE j.estimate_id = e.id AND j.status <> 'cancelled'),
             EXISTS (SELECT 1 FROM invoices i WHERE i.estimate_id = e.id AND i.status = 'paid')
      FROM estimates e
      WHERE e.lead_id IS NULL AND e.created_at >= ${start} AND e.created_at < ${end}
      UNION ALL
      SELECT j.customer_id, j.created_at, j.source,
             true,
             j.status <> 'cancelled',
             EXISTS (SELECT 1 FROM invoices i WHERE i.job_id = j.id AND i.status = 'paid')
      FROM jobs j
      WHERE j.lead_id IS NULL AND j.estimate_id IS NULL AND j.created_at >= ${start} AND j.created_at < ${end}
    ),
    -- Each customer's first work done or paid, read once for the customers of the period (docs/decisions/0151).
    firsts AS (
      SELECT customer_id, min(at) AS first_at FROM (
        SELECT customer_id, done_at AS at FROM jobs
        WHERE status = 'done' AND customer_id IN (SELECT customer_id FROM origins)
        UNION ALL
        SELECT customer_id, paid_at FROM invoices
        WHERE status = 'paid' AND customer_id IN (SELECT customer_id FROM origins)
      ) done GROUP BY customer_id
    )
    SELECT CASE WHEN o.source = 'plan' THEN 'plan' WHEN f.first_at < o.created_at THEN 'returning' ELSE o.source END AS source,
           count(*) AS requests,
           -- A step skipped (a job booked with no estimate, an invoice paid with no job) counts as passed.
           count(*) FILTER (WHERE o.estimated OR o.booked OR o.paid) AS estimates,
           count(*) FILTER (WHERE o.booked OR o.paid) AS booked,
           count(*) FILTER (WHERE o.paid) AS paid
    FROM origins o LEFT JOIN firsts f ON f.customer_id = o.customer_id
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
