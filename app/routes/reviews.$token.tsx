import type { ReactNode } from "react";
import { CheckCircle2, ExternalLink } from "lucide-react";
import { data, redirect } from "react-router";
import { focusRing, primaryButton } from "~/components/site/styles";
import { CallLink, CustomerPageShell, customerPageMeta } from "~/components/site/CustomerPageShell";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { readForm } from "~/server/form-body.server";
import { NO_SCRIPTS } from "~/lib/no-scripts";
import { REVIEW_TEXT_MAX } from "~/lib/review-limits";
import { REVIEW_CONSTRAINT, reviewSchema } from "~/lib/review-input";
import { formText, formTexts, parseForm, refusedOnForm } from "~/server/form-action.server";
import { reviewForCustomer, reviewThanks, submitReview } from "~/server/reviews/review-page.server";
import { answerCustomer } from "~/server/customer-pages.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/reviews.$token";

/*
 * /reviews/{token} — the customer's review of a job (ui-contract.md,
 * Customers and reviews; docs/decisions/0091): no sign-in, reached only
 * through the unguessable link in the review request, never indexed. A plain
 * POST form (no JavaScript needed): a mistake re-renders with the values kept
 * and a message at the field; a review redirects back here, which then thanks.
 * Imports nothing of the dashboard.
 */

// Plain HTML forms: the page ships no JavaScript at all (app/lib/no-scripts.ts).
export const handle = NO_SCRIPTS;

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const review = await reviewForCustomer(db, params.token, context.get(requestInfoContext).clientIp).catch(answerCustomer);
  const thanks = await reviewThanks(db, review);
  return { customerName: review.customerName, thanks };
}

type ReviewField = "stars" | "text" | "displayName";

interface Rejected {
  fields: Partial<Record<ReviewField, string>>;
  values: { stars: string; text: string; displayName: string; consent: boolean };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  const review = await reviewForCustomer(db, params.token, context.get(requestInfoContext).clientIp).catch(answerCustomer);
  const body = await readForm(request);
  if (!body.ok) throw data({ error: body.error }, { status: body.status });
  // Sent already (a second tab, a double press): nothing changes, the page thanks.
  if (review.submittedAt) throw redirect(`/reviews/${params.token}`, 303);
  const { form } = body;
  return refusedOnForm(
    async () => {
      await submitReview(db, review, parseForm(form, reviewSchema));
      throw redirect(`/reviews/${params.token}`, 303);
    },
    // A mistake: the form again, as typed, each message at its field.
    (error): Rejected => ({ fields: error.fields ?? {}, values: { ...formTexts(form, ["stars", "text", "displayName"]), consent: formText(form, "consent") === "yes" } }),
  );
}

export function meta() {
  return customerPageMeta("How did we do?", "Tell us how your detail went: a rating from 1 to 5 stars and a few words.");
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { customerName, thanks } = loaderData;
  const { businessName } = useSiteSettings();
  const call = <CallLink />;
  return (
    <CustomerPageShell width="narrow">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">{thanks ? "Thank you for your review!" : "How did we do?"}</h1>
        <p className="mt-1 text-slate-700">
          {customerName}, your review of {businessName}
        </p>
      </div>
      {thanks ? <Thanks stars={thanks.stars} googleReviewUrl={thanks.googleReviewUrl} businessName={businessName} call={call} /> : <ReviewForm rejected={actionData} />}
    </CustomerPageShell>
  );
}

function Thanks({ stars, googleReviewUrl, businessName, call }: { stars: number; googleReviewUrl: string | null; businessName: string; call: ReactNode }) {
  if (stars <= 3) {
    return (
      <p role="status" className="rounded-xl border border-slate-300 bg-white p-4 font-medium">
        Thank you for telling us. We are sorry it was not what you hoped for: {businessName} has been told and will be in touch to make it right. You can also call
        us at {call}.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p role="status" className="flex items-start gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 font-medium text-emerald-900">
        <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        <span>We are glad you are happy with {businessName}. Thank you for your review!</span>
      </p>
      {googleReviewUrl && (
        <p>
          Would you tell others too? It helps a small business a lot.{" "}
          <a
            href={googleReviewUrl}
            rel="noopener noreferrer"
            className={`inline-flex items-center gap-1 rounded font-semibold text-brand-700 underline underline-offset-2 ${focusRing}`}
          >
            Review us on Google
            <ExternalLink aria-hidden className="size-4" />
          </a>
        </p>
      )}
    </div>
  );
}

const STAR_CHOICES = [1, 2, 3, 4, 5] as const;

function ReviewForm({ rejected }: { rejected: Rejected | undefined }) {
  const errors = rejected?.fields ?? {};
  const values = rejected?.values;
  const fieldClass = `mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base ${focusRing}`;
  const described = (name: ReviewField) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": `review-${name}-error` } : {});
  return (
    <form method="post" className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-800">
          Please correct the highlighted fields. Your review has not been sent yet.
        </p>
      )}
      <fieldset aria-describedby={errors.stars ? "review-stars-error" : undefined}>
        <legend className="font-semibold">Your rating</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {STAR_CHOICES.map((n) => (
            <label key={n} className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
              <input type="radio" name="stars" value={n} required={REVIEW_CONSTRAINT.stars.required} defaultChecked={values?.stars === String(n)} className="size-4" />
              {n === 1 ? "1 star" : `${n} stars`}
            </label>
          ))}
        </div>
        {errors.stars && <FieldError id="review-stars-error">{errors.stars}</FieldError>}
      </fieldset>
      <div>
        <label htmlFor="review-text" className="font-semibold">
          Your Review
        </label>
        <textarea
          id="review-text"
          name="text"
          rows={6}
          {...REVIEW_CONSTRAINT.text}
          defaultValue={values?.text ?? ""}
          className={fieldClass}
          {...described("text")}
        />
        <p className="mt-1 text-sm text-slate-600">Optional, up to {REVIEW_TEXT_MAX.toLocaleString("en-US")} characters.</p>
        {errors.text && <FieldError id="review-text-error">{errors.text}</FieldError>}
      </div>
      <div>
        <label htmlFor="review-name" className="font-semibold">
          Name to Show
        </label>
        <input
          id="review-name"
          name="displayName"
          type="text"
          {...REVIEW_CONSTRAINT.displayName}
          autoComplete="name"
          defaultValue={values?.displayName ?? ""}
          className={fieldClass}
          {...described("displayName")}
        />
        <p className="mt-1 text-sm text-slate-600">Optional: how your name appears if we show your review; empty is your first name and initial.</p>
        {errors.displayName && <FieldError id="review-displayName-error">{errors.displayName}</FieldError>}
      </div>
      <label className="flex items-start gap-2 font-medium">
        <input type="checkbox" name="consent" value="yes" defaultChecked={values?.consent ?? false} className="mt-1 size-4" />
        You may show my review on your website
      </label>
      <button
        type="submit"
        className={`${primaryButton} w-full sm:w-auto`}
      >
        Send Review
      </button>
    </form>
  );
}

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}
