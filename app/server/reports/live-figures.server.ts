import { sql } from "kysely";
import type { DB } from "../db.server";
import { funnelRows, type FunnelCountRow, type FunnelRow } from "./funnel.server";
import { jobTimeRows, type JobTimeRow } from "./job-time.server";
import { lineKey, packageKeys } from "./package-lines.server";
import type { ReportPeriod } from "./period.server";
import { repeatFromRow, type RepeatRow } from "./repeat-customers.server";
import { revenueFromRows, type Revenue, type RevenueRow } from "./revenue.server";

/**
 * The four slow figure groups read from the work itself, as the page read
 * them before the summaries (docs/decisions/0152, 0157): not the page's any
 * more, but the reference the summaries are held to (tests/integration/
 * report-summaries.test.ts compares every figure after every kind of write)
 * and the bench's second baseline (bench/reports.ts). Same shapes as the
 * page's figures, so the two compare with toEqual.
 */

export async function liveFunnelCounts(db: DB, period: ReportPeriod): Promise<FunnelRow[]> {
  const { start, end } = period;
  const { rows } = await sql<FunnelCountRow>`
    -- Each step a probe of an index per request (a scalar subquery, never a hash of the whole table).
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
           count(*) FILTER (WHERE estimated OR booked OR paid) AS estimates,
           count(*) FILTER (WHERE booked OR paid) AS booked,
           count(*) FILTER (WHERE paid) AS paid
    FROM marked
    GROUP BY 1`.execute(db);
  return funnelRows(rows);
}

export async function liveRevenueFigures(db: DB, period: ReportPeriod): Promise<Revenue> {
  const { rows } = await sql<RevenueRow>`
    WITH paid AS (
      SELECT id, subtotal_cents FROM invoices WHERE status = 'paid' AND paid_at >= ${period.start} AND paid_at < ${period.end}
    ),
    keys AS (${packageKeys()}),
    firsts AS (
      SELECT DISTINCT ON (l.invoice_id) l.invoice_id, k.package, k.vehicle_class
      FROM paid JOIN invoice_lines l ON l.invoice_id = paid.id JOIN keys k ON k.key = ${lineKey(sql.ref("l.description"))}
      ORDER BY l.invoice_id, l.position, l.id
    )
    SELECT f.package, f.vehicle_class, GROUPING(f.package) AS by_class, GROUPING(f.vehicle_class) AS by_package,
           count(*) AS tickets, coalesce(sum(paid.subtotal_cents), 0) AS cents
    FROM paid LEFT JOIN firsts f ON f.invoice_id = paid.id
    GROUP BY GROUPING SETS ((f.package), (f.vehicle_class), ())`.execute(db);
  return revenueFromRows(rows);
}

export async function liveRepeatFigures(db: DB, period: ReportPeriod) {
  const { rows } = await sql<RepeatRow>`
    WITH paid AS (
      SELECT customer_id, subtotal_cents, paid_at FROM invoices
      WHERE status = 'paid' AND paid_at >= ${period.start} AND paid_at < ${period.end}
    ),
    -- Each paying customer's first invoice paid in full, from the index on (customer_id, paid_at).
    firsts AS (
      SELECT customer_id, min(paid_at) AS first_paid FROM invoices
      WHERE status = 'paid' AND customer_id IN (SELECT customer_id FROM paid)
      GROUP BY customer_id
    ),
    marked AS (
      SELECT p.customer_id, p.subtotal_cents, p.paid_at > f.first_paid AS repeat FROM paid p JOIN firsts f USING (customer_id)
    )
    SELECT count(DISTINCT customer_id) AS customers,
           count(DISTINCT customer_id) FILTER (WHERE repeat) AS repeat_customers,
           coalesce(sum(subtotal_cents), 0) AS cents,
           coalesce(sum(subtotal_cents) FILTER (WHERE repeat), 0) AS repeat_cents
    FROM marked`.execute(db);
  return repeatFromRow(rows[0]!);
}

export async function liveJobTimeFigures(db: DB, period: ReportPeriod) {
  const { rows } = await sql<JobTimeRow>`
    WITH finished AS (
      SELECT id, estimate_id, duration_minutes, extract(epoch FROM done_at - started_at) / 60 AS actual
      FROM jobs
      WHERE status = 'done' AND started_at IS NOT NULL AND done_at >= ${period.start} AND done_at < ${period.end}
    ),
    keys AS (${packageKeys()}),
    firsts AS (
      SELECT DISTINCT ON (f.id) f.id, k.package, k.vehicle_class
      FROM finished f JOIN estimate_lines l ON l.estimate_id = f.estimate_id JOIN keys k ON k.key = ${lineKey(sql.ref("l.description"))}
      ORDER BY f.id, l.position, l.id
    )
    SELECT p.package, p.vehicle_class, count(*) AS jobs, sum(f.actual) AS actual, sum(f.duration_minutes) AS booked
    FROM finished f LEFT JOIN firsts p ON p.id = f.id
    GROUP BY GROUPING SETS ((p.package, p.vehicle_class), ())
    ORDER BY GROUPING(p.package), p.package NULLS LAST, p.vehicle_class NULLS LAST`.execute(db);
  return jobTimeRows(rows);
}
