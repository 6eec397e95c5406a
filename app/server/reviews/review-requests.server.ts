import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../db.server";
import { enqueueEmail } from "../outbox.server";
import { getBusinessSettings } from "../settings.server";
import { reviewRequestEmail } from "./review-mail.server";
import { unsubscribeTokenOf } from "./unsubscribe.server";

/** At least 128 random bits (192 here), URL-safe: the customer's review link. */
export const newReviewToken = () => randomBytes(24).toString("base64url");

/** Who a job's e-mails go to: its customer, from their record (docs/decisions/0110). */
export function jobRecipients(db: DB) {
  return db
    .selectFrom("jobs as j")
    .innerJoin("customers as c", "c.id", "j.customer_id")
    .select(["j.id as jobId", "j.lead_id as leadId", "c.id as customerId", "c.unsubscribed_at as unsubscribedAt", "c.name", "c.email"]);
}

/**
 * Queues the review request of every job whose review_due_at
 * (REVIEW_REQUEST_MINUTES after Mark Done) has come, and clears it in the same
 * transaction: each is queued once however many processes look at the same
 * moment (SKIP LOCKED, and a row already cleared no longer matches), and a
 * restart loses none. The review row (unique per job) is made with it, so a
 * job never gets two. An unsubscribed customer, or one without an e-mail,
 * gets none. Returns how many were queued.
 */
export async function queueDueReviewRequests(db: DB, limit = 100): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .updateTable("jobs")
      .set({ review_due_at: null })
      .where("id", "in", (eb) =>
        eb
          .selectFrom("jobs")
          .select("id")
          .where("review_due_at", "<=", sql<Date>`now()`)
          .orderBy("review_due_at")
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .where("review_due_at", "is not", null)
      .where("status", "=", "done")
      .returning("id")
      .execute();
    if (!due.length) return 0;
    const settings = await getBusinessSettings(trx);
    let queued = 0;
    for (const { id } of due) {
      const to = await jobRecipients(trx).where("j.id", "=", id).executeTakeFirstOrThrow();
      if (to.unsubscribedAt || !to.email) continue;
      const review = await trx
        .insertInto("reviews")
        .values({ job_id: id, token: newReviewToken() })
        .onConflict((oc) => oc.column("job_id").doNothing())
        .returning("token")
        .executeTakeFirst();
      if (!review) continue;
      const unsubscribeToken = await unsubscribeTokenOf(trx, to.customerId);
      await enqueueEmail(trx, reviewRequestEmail({ name: to.name, email: to.email, unsubscribeToken }, review.token, settings), {
        leadId: to.leadId,
        kind: "review_request",
      });
      queued++;
    }
    return queued;
  });
}
