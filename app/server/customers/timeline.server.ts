import { ESTIMATE_STATUS_TITLES, type EstimateStatus } from "~/lib/estimate-status";
import { JOB_STATUS_TITLES, type JobStatus } from "~/lib/job-status";
import { LEAD_STATUS_TITLES, type LeadStatus } from "~/lib/lead-status";
import { formatCents } from "~/lib/money";
import type { DB } from "../db.server";

/**
 * A customer's one timeline: everything that happened with them, newest
 * first, gathered from TIMELINE_SOURCES. Each source reads one kind of record
 * of the customer's requests; invoices, payments and reviews join as sources
 * of their own when those tables exist (issue 23's later parts).
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

type TimelineSource = (db: DB, customerId: number) => Promise<TimelineEntry[]>;

const requests: TimelineSource = async (db, customerId) => {
  const rows = await db
    .selectFrom("quote_requests")
    .select(["id", "vehicle_type", "status", "created_at"])
    .where("customer_id", "=", customerId)
    .execute();
  return rows.map((r) => ({
    key: `request-${r.id}`,
    kind: "request",
    at: r.created_at,
    title: `Quote request #${r.id}`,
    detail: `${r.vehicle_type} · ${LEAD_STATUS_TITLES[r.status as LeadStatus]}`,
    href: `/admin/leads/${r.id}`,
  }));
};

const estimates: TimelineSource = async (db, customerId) => {
  const rows = await db
    .selectFrom("estimates as e")
    .innerJoin("quote_requests as q", "q.id", "e.lead_id")
    .select(["e.id", "e.number", "e.status", "e.total_cents", "e.created_at"])
    .where("q.customer_id", "=", customerId)
    .execute();
  return rows.map((e) => ({
    key: `estimate-${e.id}`,
    kind: "estimate",
    at: e.created_at,
    title: `Estimate #${e.number}`,
    detail: `${formatCents(Number(e.total_cents))} · ${ESTIMATE_STATUS_TITLES[e.status as EstimateStatus]}`,
    href: `/admin/estimates/${e.id}`,
  }));
};

const jobs: TimelineSource = async (db, customerId) => {
  const rows = await db
    .selectFrom("jobs as j")
    .innerJoin("quote_requests as q", "q.id", "j.lead_id")
    .select(["j.id", "j.lead_id", "j.status", "j.starts_at"])
    .where("q.customer_id", "=", customerId)
    .execute();
  // A job sits in the timeline at its visit's time; its lead's page shows it.
  return rows.map((j) => ({
    key: `job-${j.id}`,
    kind: "job",
    at: j.starts_at,
    title: `Job #${j.id}`,
    detail: JOB_STATUS_TITLES[j.status as JobStatus],
    href: `/admin/leads/${j.lead_id}`,
  }));
};

const customerEvents: TimelineSource = async (db, customerId) => {
  const rows = await db
    .selectFrom("customer_events")
    .select(["id", "kind", "body", "actor", "created_at"])
    .where("customer_id", "=", customerId)
    .execute();
  return rows.map((e) => ({
    key: `event-${e.id}`,
    kind: "merged",
    at: e.created_at,
    title: "Records merged",
    detail: e.actor ? `${e.body} (${e.actor})` : e.body,
    href: null,
  }));
};

/** Where the timeline's entries come from; invoices, payments and reviews are added here. */
export const TIMELINE_SOURCES: TimelineSource[] = [requests, estimates, jobs, customerEvents];

export async function customerTimeline(db: DB, customerId: number): Promise<TimelineEntry[]> {
  const lists = await Promise.all(TIMELINE_SOURCES.map((source) => source(db, customerId)));
  return lists.flat().sort((a, b) => b.at.getTime() - a.at.getTime() || b.key.localeCompare(a.key));
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

