import { sql } from "kysely";
import type { ReviewInput } from "~/lib/review-input";
import { kickOutbox } from "../background.server";
import type { DB } from "../db.server";
import { enqueueEmail } from "../outbox.server";
import { findByToken } from "../customer-pages.server";
import { getBusinessSettings } from "../settings.server";
import { newReviewEmail } from "./owner-alerts.server";

/**
 * What /reviews/{token} (the customer's page, no sign-in) reads and does
 * (docs/decisions/0091). A wrong token costs a hit of the client's limit, as
 * on the appointment page. The first submission is the review: the row is
 * filled only while submitted_at is empty, in one transaction with the
 * testimonial (given consent and a text) and the owner's `New review:`
 * e-mail; a second one changes nothing and sees the thanks.
 */

export const REVIEW_NOT_FOUND = "There is no review request at this address. Please check the link in your e-mail.";

export interface ReviewRecord {
  id: number;
  jobId: number;
  leadId: number | null;
  stars: number | null;
  submittedAt: Date | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
}

async function reviewByToken(db: DB, token: string): Promise<ReviewRecord | undefined> {
  return db
    .selectFrom("reviews as r")
    .innerJoin("jobs as j", "j.id", "r.job_id")
    .innerJoin("customers as c", "c.id", "j.customer_id")
    .select([
      "r.id",
      "r.job_id as jobId",
      "j.lead_id as leadId",
      "r.stars",
      "r.submitted_at as submittedAt",
      "c.name as customerName",
      "c.email as customerEmail",
      "c.phone as customerPhone",
    ])
    .where("r.token", "=", token)
    .executeTakeFirst();
}

/** The review for its token, or a 404 (counted against the client's wrong-token limit, past which every token is a 429). */
export async function reviewForCustomer(db: DB, token: string | undefined, clientIp: string): Promise<ReviewRecord> {
  return findByToken(db, clientIp, async () => (token && token.length <= 100 ? await reviewByToken(db, token) : undefined), REVIEW_NOT_FOUND);
}

/** "Dana K." of "Dana Kowalski": what a testimonial shows when the customer chose no name. */
export function shortDisplayName(fullName: string): string {
  const [first, ...rest] = fullName.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first || "A customer";
}

/**
 * Stores the review once; returns whether this call stored it (false: it had
 * been sent already, and nothing changed). The owner's e-mail is queued in
 * the same transaction.
 */
export async function submitReview(db: DB, review: ReviewRecord, input: ReviewInput): Promise<boolean> {
  const stored = await db.transaction().execute(async (trx) => {
    const stored = await trx
      .updateTable("reviews")
      .set({ stars: input.stars, text: input.text, display_name: input.displayName, consent: input.consent, submitted_at: sql`now()` })
      .where("id", "=", review.id)
      .where("submitted_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!stored) return false;
    // With consent, a review with words becomes a testimonial the owner publishes when they choose.
    let testimonialId: number | null = null;
    if (input.consent && input.text) {
      const testimonial = await trx
        .insertInto("testimonials")
        .values({ name: input.displayName || shortDisplayName(review.customerName), text: input.text, rating: input.stars, published: false })
        .returning("id")
        .executeTakeFirstOrThrow();
      testimonialId = testimonial.id;
      await trx.updateTable("reviews").set({ testimonial_id: testimonial.id }).where("id", "=", review.id).execute();
    }
    const settings = await getBusinessSettings(trx);
    await enqueueEmail(trx, newReviewEmail({ ...review, ...input, testimonialId }, settings), { leadId: review.leadId, kind: "review_new" });
    return true;
  });
  // The owner hears of it at once, not at the next tick (a low one may need a call).
  if (stored) kickOutbox(db);
  return stored;
}

/** What the page shows after the review: its stars, and the Google Review URL for 4 or 5. */
export async function reviewThanks(db: DB, review: ReviewRecord): Promise<{ stars: number; googleReviewUrl: string | null } | null> {
  if (!review.submittedAt || !review.stars) return null;
  if (review.stars < 4) return { stars: review.stars, googleReviewUrl: null };
  const { googleReviewUrl } = await getBusinessSettings(db);
  return { stars: review.stars, googleReviewUrl: googleReviewUrl || null };
}
