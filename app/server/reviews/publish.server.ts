import { sql } from "kysely";
import { asActor } from "../actor.server";
import { AppError } from "../app-error.server";
import { requirePermission } from "../auth/permissions.server";
import type { DB } from "../db.server";
import type { SessionUser } from "../session.server";

/**
 * Publish (issue 32): the owner shows a job's review on the website from the
 * job's page, where the `New review:` e-mail leads. What is published is the
 * testimonial the review became (docs/decisions/0091), which exists only when
 * the customer agreed and wrote something; without consent nothing can be
 * published, whatever the request says. Publishing twice changes nothing.
 */

export const NO_REVIEW = "This job has no review to publish yet.";
export const NO_CONSENT = "The customer did not agree to show this review on the website, so it cannot be published.";
export const NO_TEXT = "The review has no words to show on the website (or its testimonial was deleted), so there is nothing to publish.";

/** Publishes the job's review as its testimonial; the owner only. */
export async function publishReview(db: DB, jobId: number, user: SessionUser): Promise<void> {
  requirePermission(user, "jobs.write");
  const review = await db.selectFrom("reviews").select(["consent", "testimonial_id", "submitted_at"]).where("job_id", "=", jobId).executeTakeFirst();
  if (!review?.submitted_at) throw new AppError(409, NO_REVIEW);
  if (!review.consent) throw new AppError(409, NO_CONSENT);
  if (review.testimonial_id === null) throw new AppError(409, NO_TEXT);
  const testimonialId = review.testimonial_id;
  // The row history records who published it; the home page's cache sees the change through its content version (counters.server.ts).
  await asActor(db, user, (trx) =>
    trx.updateTable("testimonials").set({ published: true, updated_at: sql`now()` }).where("id", "=", testimonialId).where("published", "=", false).execute(),
  );
}
