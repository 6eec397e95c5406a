import { sql } from "kysely";
import { shownStatus, type EstimateStatus } from "~/lib/estimate-status";
import type { DB } from "../db.server";
import { businessToday, sqlDate } from "./estimates.server";

/** The estimates list (/admin/estimates), the lead page's estimates and the services an editor line can start from. */

export interface EstimateSummary {
  id: number;
  number: number;
  leadId: number;
  customer: string;
  status: EstimateStatus;
  totalCents: number;
  validUntil: string;
  createdAt: Date;
}

export const ESTIMATE_LIST_LIMIT = 200;

/** Newest first, at most ESTIMATE_LIST_LIMIT; `status` as shown (an expired one is a sent one past its day). */
export async function listEstimates(db: DB, filter: { status?: EstimateStatus; leadId?: number } = {}): Promise<EstimateSummary[]> {
  const today = businessToday();
  const todayDate = sqlDate(today);
  const { status, leadId } = filter;
  const rows = await db
    .selectFrom("estimates as e")
    .innerJoin("quote_requests as q", "q.id", "e.lead_id")
    .select(["e.id", "e.number", "e.lead_id", "q.name", "e.status", "e.total_cents", "e.created_at", sql<string>`e.valid_until::text`.as("valid_until")])
    .$if(leadId !== undefined, (qb) => qb.where("e.lead_id", "=", leadId!))
    .$if(status === "expired", (qb) =>
      qb.where((eb) => eb.or([eb("e.status", "=", "expired"), eb.and([eb("e.status", "in", ["sent", "viewed"]), eb("e.valid_until", "<", todayDate)])])),
    )
    .$if(status === "sent" || status === "viewed", (qb) => qb.where("e.status", "=", status!).where("e.valid_until", ">=", todayDate))
    .$if(status === "draft" || status === "accepted" || status === "declined", (qb) => qb.where("e.status", "=", status!))
    .orderBy("e.id", "desc")
    .limit(ESTIMATE_LIST_LIMIT)
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

export interface PricedService {
  id: number;
  title: string;
  priceCents: number;
  durationMinutes: number;
}

/** The services for `Add a service`, in the home page's order. */
export async function pricedServices(db: DB): Promise<PricedService[]> {
  const rows = await db
    .selectFrom("services")
    .select(["id", "title", "price_cents", "duration_minutes"])
    .orderBy("kind")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, priceCents: r.price_cents, durationMinutes: r.duration_minutes }));
}
