import { sql, type RawBuilder } from "kysely";
import { ESTIMATE_STATUS_TITLES, type EstimateStatus } from "~/lib/estimate-status";
import { JOB_STATUS_TITLES, type JobStatus } from "~/lib/job-status";
import { LEAD_STATUS_TITLES, type LeadStatus } from "~/lib/lead-status";
import { formatCents } from "~/lib/money";
import type { DB } from "../db.server";

/**
 * A customer's one timeline: everything that happened with them, newest
 * first, gathered from TIMELINE_SOURCES. Each source selects one kind of
 * record of the customer in the same columns (SourceRow) and says how an
 * entry reads; all of them run as one UNION ALL, one round trip however many
 * sources there are. Invoices, payments and reviews join as sources of their
 * own when those tables exist (issue 23's later parts).
 */

export interface TimelineEntry {
  /** Unique in the timeline: "request-12". */
  key: string;
  kind: "request" | "estimate" | "job" | "merged";
  at: Date;
  title: string;
  detail: string;
  /** The page that shows the record, if it has one. */
  href: string | null;
}

/** What every source selects, in this order: the record's id, its time, and up to three values of its own. */
interface SourceRow {
  kind: TimelineEntry["kind"];
  id: number;
  at: Date;
  a: string | null;
  b: string | null;
  c: string | null;
}

interface TimelineSource {
  kind: TimelineEntry["kind"];
  /** SELECT id, at, a, b, c (text) of the customer's records of this kind. */
  select: (customerId: number) => RawBuilder<unknown>;
  entry: (row: SourceRow) => Omit<TimelineEntry, "kind" | "at" | "key">;
}

const requests: TimelineSource = {
  kind: "request",
  select: (customerId) => sql`SELECT q.id, q.created_at AS at, q.vehicle_type AS a, q.status AS b, NULL::text AS c
    FROM quote_requests q WHERE q.customer_id = ${customerId}`,
  entry: (r) => ({ title: `Quote request #${r.id}`, detail: `${r.a} · ${LEAD_STATUS_TITLES[r.b as LeadStatus]}`, href: `/admin/leads/${r.id}` }),
};

const estimates: TimelineSource = {
  kind: "estimate",
  select: (customerId) => sql`SELECT e.id, e.created_at AS at, e.number::text AS a, e.status AS b, e.total_cents::text AS c
    FROM estimates e JOIN quote_requests q ON q.id = e.lead_id WHERE q.customer_id = ${customerId}`,
  entry: (r) => ({
    title: `Estimate #${r.a}`,
    detail: `${formatCents(Number(r.c))} · ${ESTIMATE_STATUS_TITLES[r.b as EstimateStatus]}`,
    href: `/admin/estimates/${r.id}`,
  }),
};

// A job sits in the timeline at its visit's time; its lead's page shows it.
const jobs: TimelineSource = {
  kind: "job",
  select: (customerId) => sql`SELECT j.id, j.starts_at AS at, j.lead_id::text AS a, j.status AS b, NULL::text AS c
    FROM jobs j JOIN quote_requests q ON q.id = j.lead_id WHERE q.customer_id = ${customerId}`,
  entry: (r) => ({ title: `Job #${r.id}`, detail: JOB_STATUS_TITLES[r.b as JobStatus], href: `/admin/leads/${r.a}` }),
};

const merges: TimelineSource = {
  kind: "merged",
  select: (customerId) => sql`SELECT ev.id, ev.created_at AS at, ev.body AS a, ev.actor AS b, NULL::text AS c
    FROM customer_events ev WHERE ev.customer_id = ${customerId} AND ev.kind = 'merged'`,
  entry: (r) => ({ title: "Records merged", detail: r.b ? `${r.a} (${r.b})` : r.a!, href: null }),
};

/** Where the timeline's entries come from; invoices, payments and reviews are added here. */
export const TIMELINE_SOURCES: TimelineSource[] = [requests, estimates, jobs, merges];

export async function customerTimeline(db: DB, customerId: number): Promise<TimelineEntry[]> {
  const parts = TIMELINE_SOURCES.map((s) => sql`SELECT ${s.kind}::text AS kind, t.* FROM (${s.select(customerId)}) t`);
  const { rows } = await sql<SourceRow>`${sql.join(parts, sql` UNION ALL `)} ORDER BY at DESC, kind DESC, id DESC`.execute(db);
  const byKind = new Map(TIMELINE_SOURCES.map((s) => [s.kind, s]));
  return rows.map((row) => ({ key: `${row.kind}-${row.id}`, kind: row.kind, at: row.at, ...byKind.get(row.kind)!.entry(row) }));
}

/**
 * The customer's lifetime value in cents: the sum of their payments. There is
 * no payments table yet (issue 23's invoices come later), so the source is
 * empty and the value $0.00; this is the one place its query goes.
 */
export async function lifetimeValueCents(_db: DB, _customerId: number): Promise<number> {
  const payments: { amount_cents: number }[] = [];
  return payments.reduce((sum, p) => sum + p.amount_cents, 0);
}
