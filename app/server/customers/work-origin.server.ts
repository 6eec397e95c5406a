import { notFound } from "../app-error.server";
import type { DB } from "../db.server";

/**
 * Where a piece of work (an estimate, a job, an invoice) comes from
 * (docs/decisions/0110): it always belongs to a customer; a lead (quote
 * request) is one optional source among others. The database holds the
 * values (a CHECK on estimates.source and jobs.source) and that work with a
 * lead belongs to the lead's customer (a foreign key on both columns).
 */
export const WORK_SOURCES = ["quote_form", "online_booking", "plan", "owner"] as const;
export type WorkSource = (typeof WORK_SOURCES)[number];

export interface WorkOrigin {
  customerId: number;
  /** The quote request it answers, if any. */
  leadId: number | null;
  source: WorkSource;
}

/** The origin of work answering a quote request: its customer, the lead, "quote_form"; 404 when there is no such lead. */
export async function leadOrigin(db: DB, leadId: number): Promise<WorkOrigin> {
  const lead = await db.selectFrom("quote_requests").select(["id", "customer_id"]).where("id", "=", leadId).executeTakeFirst();
  if (!lead) throw notFound("Lead not found");
  return { customerId: lead.customer_id, leadId: lead.id, source: "quote_form" };
}
