import { sql } from "kysely";
import { OPEN_STATUSES, type EstimateStatus } from "~/lib/estimate-status";
import { asActor } from "../actor.server";
import { kickOutbox } from "../background.server";
import type { DB } from "../db.server";
import { enqueueEmail } from "../outbox.server";
import { bookingNote } from "../jobs/owner-alerts.server";
import { onlineBooking } from "../jobs/self-booking.server";
import { getBusinessSettings } from "../settings.server";
import { decisionEmail } from "./estimate-mail.server";
import { sqlDate, type Estimate } from "./estimates.server";
import { businessToday } from "../time-zone.server";

/**
 * The customer's decisions on /estimates/{token}. Each is one conditional
 * UPDATE (… WHERE status IN ('sent', 'viewed') AND valid_until >= today), so
 * of two presses, from two tabs at once or one after the other, exactly one
 * changes the row; only that one records the event, queues the owner's e-mail
 * and (on a decline) makes the lead Lost, all in its transaction.
 */

export type Decision = "accepted" | "declined";

/** What the press did: decided now, or nothing because the estimate is already `status` (or expired). */
export type DecisionOutcome = { decided: true } | { decided: false; status: EstimateStatus };

const CUSTOMER = (estimate: Estimate) => `${estimate.customer.name} (customer, estimate #${estimate.number})`;

/** `declineReason`: as declineSchema (~/lib/estimate-input) reads it; kept only for a decline. */
export async function decideEstimate(db: DB, estimate: Estimate, decision: Decision, declineReason = ""): Promise<DecisionOutcome> {
  const reason = decision === "declined" ? declineReason : "";
  const settings = await getBusinessSettings(db);
  // What the customer's page will offer once accepted, so the owner's e-mail can say whether they can book online.
  const note = decision === "accepted" ? bookingNote((await onlineBooking(db, estimate)).blocked, estimate.customer.name, settings) : undefined;
  const actor = CUSTOMER(estimate);
  const decided = await asActor(db, actor, async (trx) => {
    const row = await trx
      .updateTable("estimates")
      .set({ status: decision, decided_at: sql`now()`, decline_reason: reason })
      .where("id", "=", estimate.id)
      .where("status", "in", [...OPEN_STATUSES])
      .where("valid_until", ">=", sqlDate(businessToday()))
      .returning("id")
      .executeTakeFirst();
    if (!row) return false;
    await trx.insertInto("estimate_events").values({ estimate_id: estimate.id, kind: decision, body: reason, actor }).execute();
    await enqueueEmail(trx, decisionEmail(estimate, decision, settings, reason, note), { leadId: estimate.leadId, kind: `estimate_${decision}` });
    if (decision === "declined" && estimate.leadId !== null) {
      const lostReason = `Declined estimate #${estimate.number}${reason ? `: ${reason}` : ""}`.slice(0, 300);
      await trx.updateTable("quote_requests").set({ status: "lost", lost_reason: lostReason, updated_at: sql`now()` }).where("id", "=", estimate.leadId).execute();
    }
    return true;
  });
  if (decided) {
    kickOutbox(db);
    return { decided: true };
  }
  const now = await db.selectFrom("estimates").select([sql<string>`valid_until::text`.as("valid_until"), "status"]).where("id", "=", estimate.id).executeTakeFirstOrThrow();
  const status = now.status === "sent" || now.status === "viewed" ? (now.valid_until < businessToday() ? "expired" : now.status) : now.status;
  return { decided: false, status };
}

/** The customer's first look at a sent estimate: Viewed, once (a conditional UPDATE, like the decisions). */
export async function markViewed(db: DB, estimate: Estimate): Promise<void> {
  if (estimate.storedStatus !== "sent") return;
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("estimates")
      .set({ status: "viewed", viewed_at: sql`now()` })
      .where("id", "=", estimate.id)
      .where("status", "=", "sent")
      .returning("id")
      .executeTakeFirst();
    if (row) await trx.insertInto("estimate_events").values({ estimate_id: estimate.id, kind: "viewed", actor: CUSTOMER(estimate) }).execute();
  });
}
