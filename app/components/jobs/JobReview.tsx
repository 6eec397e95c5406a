import { Globe } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { JobPageView } from "~/server/jobs/job-view.server";

/** The section's id: the `New review:` e-mail links /admin/jobs/{id}#review. */
export const REVIEW_SECTION_ID = "review";

/**
 * The customer's review of the job: asked for, then their stars and words,
 * and the testimonial it became, with Publish (a plain form post, so it works
 * without JavaScript) while it is not on the website. A review without the
 * customer's consent says why it cannot be published.
 */
export function JobReview({ review }: { review: NonNullable<JobPageView["review"]> }) {
  const busy = useNavigation().state === "submitting";
  const given = review.submitted;
  return (
    <section id={REVIEW_SECTION_ID} aria-labelledby="job-review-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id="job-review-heading" className="text-base font-semibold text-slate-900">
        Review
      </h3>
      {given ? (
        <div className="mt-2 space-y-2 text-sm">
          <p className="font-medium text-slate-900">
            {given.stars === 1 ? "1 star" : `${given.stars} stars`}
            {given.displayName && ` from ${given.displayName}`} ·{" "}
            <time dateTime={given.at.iso} title={given.at.exact}>
              {given.at.exact}
            </time>
          </p>
          {given.text && <p className="break-words whitespace-pre-line text-slate-700">{given.text}</p>}
          <p className="text-slate-600">
            {given.testimonialId ? (
              <>
                {given.published ? "Shown on the website as a " : "The customer agreed to show it on the website: an unpublished "}
                <Link to={`/admin/testimonials?q=${encodeURIComponent(given.text.slice(0, 40))}`} className="font-semibold text-brand-700 hover:underline">
                  testimonial
                </Link>
                {given.published ? "." : " until you publish it."}
              </>
            ) : given.consent ? (
              "The customer agreed to show it, but it has no words to show on the website, so there is nothing to publish."
            ) : (
              "Not for the website: the customer did not agree to show this review, so it cannot be published."
            )}
          </p>
          {given.testimonialId && !given.published && (
            <Form method="post">
              <input type="hidden" name="intent" value="publish_review" />
              <button type="submit" className={buttonClass("primary")} disabled={busy}>
                <Globe aria-hidden className="size-4" />
                Publish
              </button>
            </Form>
          )}
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          Asked for on{" "}
          <time dateTime={review.requestedAt.iso} title={review.requestedAt.exact}>
            {review.requestedAt.exact}
          </time>
          ; no answer yet.
        </p>
      )}
    </section>
  );
}
