import { sql, type RawBuilder } from "kysely";
import { ESTIMATE_STATUS_TITLES, type EstimateStatus } from "~/lib/estimate-status";
import { INVOICE_STATUS_TITLES, type InvoiceStatus } from "~/lib/invoice-status";
import { JOB_STATUS_TITLES, type JobStatus } from "~/lib/job-status";
import { LEAD_STATUS_TITLES, type LeadStatus } from "~/lib/lead-status";
import { formatCents } from "~/lib/money";
import { shownActor } from "../actor.server";
import type { DB } from "../db.server";

/**
 * A customer's one timeline: everything that happened with them, newest
 * first, gathered from TIMELINE_SOURCES. Each source selects one kind of
 * record of the customer in the same columns (SourceRow) and says how an
 * entry reads; all of them run as one UNION ALL, one round trip however many
 * sources there are. Estimates, jobs and invoices are the customer's own
 * (their customer_id, docs/decisions/0110), with a lead or without one.
 */

export interface TimelineEntry {
  /** Unique in the timeline: "request-12". */
  key: string;
  kind: "request" | "estimate" | "job" | "invoice" | "payment" | "review" | "merged" | "erased";
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
    FROM estimates e WHERE e.customer_id = ${customerId}`,
  entry: (r) => ({
    title: `Estimate #${r.a}`,
    detail: `${formatCents(Number(r.c))} · ${ESTIMATE_STATUS_TITLES[r.b as EstimateStatus]}`,
    href: `/admin/estimates/${r.id}`,
  }),
};

// A job sits in the timeline at its visit's time.
const jobs: TimelineSource = {
  kind: "job",
  select: (customerId) => sql`SELECT j.id, j.starts_at AS at, j.address AS a, j.status AS b, NULL::text AS c
    FROM jobs j WHERE j.customer_id = ${customerId}`,
  entry: (r) => ({ title: `Job #${r.id}`, detail: [JOB_STATUS_TITLES[r.b as JobStatus], r.a].filter(Boolean).join(" · "), href: `/admin/jobs/${r.id}` }),
};

const invoices: TimelineSource = {
  kind: "invoice",
  select: (customerId) => sql`SELECT i.id, i.created_at AS at, i.number::text AS a, i.status AS b, i.total_cents::text AS c
    FROM invoices i WHERE i.customer_id = ${customerId}`,
  entry: (r) => ({
    title: `Invoice #${r.a}`,
    detail: `${formatCents(Number(r.c))} · ${INVOICE_STATUS_TITLES[r.b as InvoiceStatus]}`,
    href: `/admin/invoices/${r.id}`,
  }),
};

// A payment sits at the moment it was recorded; a deleted one is not the
// customer's money. `a` is its amount in cents, summed as the lifetime value.
const payments: TimelineSource = {
  kind: "payment",
  select: (customerId) => sql`SELECT p.id, p.created_at AS at, p.amount_cents::text AS a, p.method AS b, i.number::text || ':' || i.id AS c
    FROM payments p JOIN invoices i ON i.id = p.invoice_id
    WHERE i.customer_id = ${customerId} AND p.deleted_at IS NULL`,
  entry: (r) => {
    const [number, invoiceId] = r.c!.split(":");
    return { title: `Payment of ${formatCents(Number(r.a))}`, detail: `${r.b} · invoice #${number}`, href: `/admin/invoices/${invoiceId}` };
  },
};

// A review sits at the moment it was sent; a request not answered (yet) is no entry.
const reviews: TimelineSource = {
  kind: "review",
  select: (customerId) => sql`SELECT r.id, r.submitted_at AS at, r.stars::text AS a, r.text AS b, r.job_id::text AS c
    FROM reviews r JOIN jobs j ON j.id = r.job_id
    WHERE j.customer_id = ${customerId} AND r.submitted_at IS NOT NULL`,
  entry: (r) => ({
    title: `Review: ${starsText(Number(r.a))}`,
    detail: r.b ? `Job #${r.c} · “${clip(r.b, 140)}”` : `Job #${r.c}`,
    href: `/admin/jobs/${r.c}`,
  }),
};

const starsText = (stars: number) => (stars === 1 ? "1 star" : `${stars} stars`);
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

const merges: TimelineSource = {
  kind: "merged",
  select: (customerId) => sql`SELECT ev.id, ev.created_at AS at, ev.body AS a, ${shownActor("ev")} AS b, NULL::text AS c
    FROM customer_events ev WHERE ev.customer_id = ${customerId} AND ev.kind = 'merged'`,
  entry: (r) => ({ title: "Records merged", detail: r.b ? `${r.a} (${r.b})` : r.a!, href: null }),
};

// The erase on request (docs/decisions/0122): who and when, and counts only.
const erasures: TimelineSource = {
  kind: "erased",
  select: (customerId) => sql`SELECT ev.id, ev.created_at AS at, ev.body AS a, ${shownActor("ev")} AS b, NULL::text AS c
    FROM customer_events ev WHERE ev.customer_id = ${customerId} AND ev.kind = 'erased'`,
  entry: (r) => ({ title: "Personal details erased", detail: `${r.a} (${r.b})`, href: null }),
};

/** Where the timeline's entries come from. */
export const TIMELINE_SOURCES: TimelineSource[] = [requests, estimates, jobs, invoices, payments, reviews, merges, erasures];

/**
 * The customer's timeline, newest first, and their lifetime value in cents:
 * the sum of the payments in it (a deleted one is in neither), so that the
 * two always agree.
 */
export async function customerTimeline(db: DB, customerId: number): Promise<{ entries: TimelineEntry[]; lifetimeValueCents: number }> {
  const parts = TIMELINE_SOURCES.map((s) => sql`SELECT ${s.kind}::text AS kind, t.* FROM (${s.select(customerId)}) t`);
  const { rows } = await sql<SourceRow>`${sql.join(parts, sql` UNION ALL `)} ORDER BY at DESC, kind DESC, id DESC`.execute(db);
  const byKind = new Map(TIMELINE_SOURCES.map((s) => [s.kind, s]));
  return {
    entries: rows.map((row) => ({ key: `${row.kind}-${row.id}`, kind: row.kind, at: row.at, ...byKind.get(row.kind)!.entry(row) })),
    lifetimeValueCents: rows.reduce((sum, row) => (row.kind === "payment" ? sum + Number(row.a) : sum), 0),
  };
}
