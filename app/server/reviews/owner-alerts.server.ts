import type { BusinessSettings } from "~/lib/site-settings";
import { jobPageLink } from "../jobs/owner-alerts.server";
import type { Email } from "../mail.server";

/**
 * The owner's `New review:` e-mail (issue 32), queued with the review in its
 * transaction (./review-page.server.ts), so it goes once however often the
 * form is sent. Its link opens the job's page at the review, where a review
 * given with consent has a Publish button. Below 4 stars it says so in the
 * subject: the owner may want to call first (docs/decisions/0091).
 */

export interface SubmittedReview {
  jobId: number;
  stars: number;
  text: string;
  consent: boolean;
  /** The testimonial it became (given consent and words), still unpublished. */
  testimonialId: number | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
}

export function newReviewEmail(review: SubmittedReview, settings: Pick<BusinessSettings, "notifyEmail">): Email {
  const stars = `${review.stars} ${review.stars === 1 ? "star" : "stars"}`;
  const low = review.stars <= 3;
  const link = jobPageLink(review.jobId, "#review");
  return {
    to: settings.notifyEmail,
    replyTo: review.customerEmail || null,
    subject: `New review: ${stars} from ${review.customerName}${low ? " — make it right" : ""}`,
    text: [
      `${review.customerName} gave the job ${review.stars} of 5 stars.`,
      "",
      review.text ? review.text.replace(/^/gm, "> ") : "(No text.)",
      "",
      `E-mail: ${review.customerEmail}`,
      `Phone:  ${review.customerPhone}`,
      "",
      ...(low ? ["Below 4 stars: a call now may make it right.", ""] : []),
      review.testimonialId !== null
        ? `They agreed to show it on your website. To publish it, open it and press Publish: ${link}`
        : review.consent
          ? `They agreed to show it on your website, but wrote no text to show. Open it: ${link}`
          : `They did not agree to show it on your website, so it stays private. Open it: ${link}`,
    ].join("\n"),
  };
}
