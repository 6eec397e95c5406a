import { sql } from "kysely";
import { isDecided } from "~/lib/estimate-status";
import { actorColumns, asActor, type Actor } from "../actor.server";
import { AppError, badRequest } from "../app-error.server";
import { kickOutbox } from "../background.server";
import type { DB } from "../db.server";
import { enqueueEmail } from "../outbox.server";
import { getBusinessSettings } from "../settings.server";
import { estimateEmail, estimateLink } from "./estimate-mail.server";
import { estimateFileName, renderEstimatePdf } from "./estimate-pdf.server";
import { businessToday } from "../time-zone.server";
import { decidedError, getEstimate } from "./estimates.server";

/** Two presses of Send Estimate within this long are one (a double click, a post repeated by a reload). */
export const RESEND_GUARD_SECONDS = 60;

/**
 * Send Estimate: the customer's e-mail (the link and the PDF) queued in the
 * outbox once, in the transaction that marks the estimate sent, records the
 * event and makes the lead Quoted (a Booked or Completed lead stays so). The
 * outbox then delivers and retries it like every e-mail. `origin`: where the
 * link points (linkOrigin: APP_URL, or this machine).
 */
export async function sendEstimate(db: DB, id: number, actor: Actor, origin: string | undefined): Promise<void> {
  const estimate = await getEstimate(db, id);
  if (isDecided(estimate.storedStatus)) throw decidedError(estimate.number, estimate.storedStatus);
  if (!estimate.lines.length) throw badRequest("Add at least one line before sending the estimate.", { lines: "Add at least one line before sending the estimate." });
  const today = businessToday();
  if (estimate.validUntil < today) throw badRequest("Valid Until cannot be in the past.", { validUntil: "Valid Until cannot be in the past." });
  const settings = await getBusinessSettings(db);
  const link = estimateLink(origin, estimate.token);
  const pdf = await renderEstimatePdf({ ...estimate, sentAt: new Date() }, settings, link);
  await asActor(db, actor, async (trx) => {
    const sent = await trx
      .updateTable("estimates")
      .set({ status: sql`CASE WHEN status = 'draft' THEN 'sent' ELSE status END`, sent_at: sql`now()` })
      .where("id", "=", id)
      .where("status", "in", ["draft", "sent", "viewed", "expired"])
      .where((eb) => eb.or([eb("sent_at", "is", null), eb("sent_at", "<", sql<Date>`now() - ${`${RESEND_GUARD_SECONDS} seconds`}::interval`)]))
      .returning("id")
      .executeTakeFirst();
    if (!sent) {
      const now = await trx.selectFrom("estimates").select(["status", "number"]).where("id", "=", id).executeTakeFirst();
      if (now && isDecided(now.status)) throw decidedError(now.number, now.status);
      throw new AppError(409, `Estimate #${estimate.number} was sent a moment ago.`);
    }
    await trx.insertInto("estimate_events").values({ estimate_id: id, kind: "sent", body: `To ${estimate.customer.email}`, ...actorColumns(actor) }).execute();
    const email = estimateEmail(estimate, settings, link, { filename: estimateFileName(estimate), contentType: "application/pdf", content: pdf });
    await enqueueEmail(trx, email, { leadId: estimate.leadId, kind: "estimate" });
    // The request it answers (if any) is quoted now.
    if (estimate.leadId !== null) {
      await trx
        .updateTable("quote_requests")
        .set({ status: "quoted", lost_reason: "", updated_at: sql`now()` })
        .where("id", "=", estimate.leadId)
        .where("status", "in", ["new", "contacted", "lost"])
        .execute();
    }
  });
  kickOutbox(db);
}
