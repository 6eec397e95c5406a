import { sql } from "kysely";
import { shownStatus, type EstimateStatus } from "~/lib/estimate-status";
import type { DB } from "../db.server";
import { businessToday } from "../time-zone.server";

/** The lead page's estimates. */

export interface EstimateSummary {
  id: number;
  number: number;
  leadId: number | null;
  customer: string;
  status: EstimateStatus;
  totalCents: number;
  validUntil: string;
  createdAt: Date;
}

/** A lead's estimates (its page), newest first; `status` as shown (an expired one is a sent one past its day). /admin/estimates pages through all of them (estimates-list.server.ts). */
export async function listEstimates(db: DB, filter: { leadId: number }): Promise<EstimateSummary[]> {
  const today = businessToday();
  const rows = await db
    .selectFrom("estimates as e")
    .innerJoin("customers as c", "c.id", "e.customer_id")
    .select(["e.id", "e.number", "e.lead_id", "c.name", "e.status", "e.total_cents", "e.created_at", sql<string>`e.valid_until::text`.as("valid_until")])
    .where("e.lead_id", "=", filter.leadId)
    .orderBy("e.id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    leadId: r.lead_id,
    customer: r.name,
    status: shownStatus(r.status, r.valid_until, today),
    totalCents: Number(r.total_cents),
    validUntil: r.valid_until,
    createdAt: r.created_at,
  }));
}
