import { CheckCircle2, XCircle } from "lucide-react";
import { CustomerDocument } from "~/components/priced-documents/CustomerDocument";
import { data, redirect } from "react-router";
import { BookingForm } from "~/components/site/BookingForm";
import { focusRing, primaryButton } from "~/components/site/styles";
import { CallLink, customerPageMeta } from "~/components/site/CustomerPageShell";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { DECLINE_REASON_MAX } from "~/lib/estimate-status";
import { durationText } from "~/lib/job-time";
import { NO_SCRIPTS } from "~/lib/no-scripts";
import type { NoOnlineBooking } from "~/server/jobs/owner-alerts.server";
import { customerView, estimateForCustomer, limitBooking, limitDecision, noteView } from "~/server/estimates/customer-page.server";
import { decideEstimate, type Decision } from "~/server/estimates/decisions.server";
import { declineSchema } from "~/lib/estimate-input";
import { dispatchIntent, parseForm, postedIntent } from "~/server/form-action.server";
import { bookingView, bookTime, TIME_TAKEN_MESSAGE, type BookingView } from "~/server/jobs/self-booking.server";
import { readForm } from "~/server/form-body.server";
import { answerCustomer } from "~/server/customer-pages.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/estimates.$token";

/*
 * /estimates/{token} — the customer's estimate (ui-contract.md, Estimates):
 * no sign-in, reached only through the unguessable link in the e-mail, never
 * indexed. Accept and Decline are plain POST forms answered with a redirect
 * back here (so it works without JavaScript and a reload posts nothing);
 * the page then shows what was decided. Imports nothing of the dashboard.
 */

// Plain HTML forms: the page ships no JavaScript at all (app/lib/no-scripts.ts).
export const handle = NO_SCRIPTS;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const estimate = await estimateForCustomer(db, params.token, context.get(requestInfoContext).clientIp).catch(answerCustomer);
  await noteView(db, estimate, request);
  const outcome = new URL(request.url).searchParams.get("outcome");
  const booking = estimate.status === "accepted" ? await bookingView(db, estimate) : null;
  return { estimate: customerView(estimate), token: params.token, outcome: outcome === "already" ? ("already" as const) : null, booking };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  const { clientIp } = context.get(requestInfoContext);
  const estimate = await estimateForCustomer(db, params.token, clientIp).catch(answerCustomer);
  const body = await readForm(request);
  if (!body.ok) throw data({ error: body.error }, { status: body.status });
  const here = `/estimates/${params.token}`;
  const decide = async (decision: Decision, reason = "") => {
    await limitDecision(db, clientIp, estimate.id);
    const outcome = await decideEstimate(db, estimate, decision, reason);
    return redirect(outcome.decided ? here : `${here}?outcome=already`, 303);
  };
  const handlers = {
    accept: () => decide("accepted"),
    decline: () => decide("declined", parseForm(body.form, declineSchema).reason),
    book: async () => {
      await limitBooking(db, clientIp);
      if (estimate.status !== "accepted") return redirect(`${here}?outcome=already`, 303);
      const booked = await bookTime(db, estimate, body.form, linkOrigin(request));
      if (booked.booked) return redirect(here, 303);
      return data({ bookingErrors: booked.errors }, { status: booked.errors.start === TIME_TAKEN_MESSAGE ? 409 : 400 });
    },
  };
  const answer = await dispatchIntent(postedIntent(body.form, handlers), handlers).catch(answerCustomer);
  if (answer instanceof Response) throw answer;
  return answer;
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return customerPageMeta(loaderData ? `Estimate #${loaderData.estimate.number}` : "Estimate", "Your estimate: the work, its total, a PDF copy, and buttons to accept or decline it.");
}

export default function CustomerEstimatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { estimate, token, outcome, booking } = loaderData;
  const open = estimate.status === "sent" || estimate.status === "viewed";
  return (
    <CustomerDocument
      heading={`Estimate #${estimate.number}`}
      subtitle={
        <>
          For {estimate.customerName}
          {estimate.vehicle && `, ${estimate.vehicle}`} · valid until {estimate.validUntil}
        </>
      }
      document={estimate}
      pdf={{ href: `/estimates/${token}/pdf`, name: `estimate-${estimate.number}.pdf` }}
      notices={
        <>
          <Decision status={estimate.status} outcome={outcome} reason={estimate.declineReason} validUntil={estimate.validUntil} />
          {estimate.acceptedOn && estimate.validUntilPassed && <PriceHolds acceptedOn={estimate.acceptedOn} validUntil={estimate.validUntil} bookable={booking?.kind === "choose"} />}
          {booking?.kind === "booked" && <BookedJob booking={booking} />}
          {booking?.kind === "choose" && <BookingForm days={booking.days} address={booking.address} note={booking.overDays} errors={actionData?.bookingErrors} />}
          {booking?.kind === "call" && <CallToBook blocked={booking.blocked} />}
        </>
      }
    >
      {open && <DecisionForms />}
    </CustomerDocument>
  );
}

function Decision(props: { status: string; outcome: "already" | null; reason: string; validUntil: string }) {
  const { status, outcome } = props;
  const already = outcome === "already" ? "This estimate had already been answered: " : "";
  if (status === "accepted") {
    return (
      <p role="status" className="flex items-start gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 font-medium text-emerald-900">
        <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        {already}You accepted this estimate. Thank you!
      </p>
    );
  }
  if (status === "declined") {
    return (
      <p role="status" className="flex items-start gap-2 rounded-xl border border-slate-300 bg-white p-4 font-medium">
        <XCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-600" />
        {/* One flex item beside the icon, so the phone flows within the sentence instead of being squeezed into a column of its own. */}
        <span>
          {already}You declined this estimate{props.reason ? ` (“${props.reason}”)` : ""}. Thank you for letting us know. Changed your mind? Call us
          at <CallLink />.
        </span>
      </p>
    );
  }
  if (status === "expired") {
    return (
      <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 font-medium text-amber-900">
        This estimate has expired: it was valid until {props.validUntil}. Please call us at{" "}
        <CallLink /> for a new one.
      </p>
    );
  }
  return null;
}

/**
 * An accepted estimate past its Valid Until day (docs/decisions/0105): that
 * day was for accepting, so the price holds and the work can still be booked,
 * as the server allows; said here so the "valid until" above does not read as
 * "too late".
 */
function PriceHolds({ acceptedOn, validUntil, bookable }: { acceptedOn: string; validUntil: string; bookable: boolean }) {
  return (
    <p className="rounded-xl border border-slate-200 bg-white p-4">
      Its valid-until day, {validUntil}, has passed, but you accepted it on {acceptedOn}, so its price holds
      {bookable ? ": you can still book the work below." : "."}
    </p>
  );
}

/** The estimate's job, whatever its status but cancelled: one estimate books one job (docs/decisions/0101, 0105). */
function BookedJob({ booking }: { booking: Extract<BookingView, { kind: "booked" }> }) {
  const link = (text: string) => (
    <a href={booking.appointmentPath} className={`rounded underline underline-offset-2 ${focusRing}`}>
      {text}
    </a>
  );
  return (
    <p role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 font-medium text-emerald-900">
      {booking.status === "done" ? (
        <>
          This work was done at your appointment of {booking.when}. Thank you! {link("See your appointment")}.
        </>
      ) : (
        <>
          Your appointment is booked for {booking.when}. {link("See your appointment")} to add it to your calendar or to cancel.
        </>
      )}
    </p>
  );
}

/**
 * No time can be booked online (more working days than a booking online
 * takes, or nothing free): the customer learns why and when the owner will
 * call, whose `accepted` e-mail says the same.
 */
function CallToBook({ blocked }: { blocked: NoOnlineBooking }) {
  const { responseTime } = useSiteSettings();
  const why =
    blocked.why === "too_many_days"
      ? `This work takes about ${durationText(blocked.jobMinutes)}, more than ${blocked.maxDays} working days, so it cannot be booked online.`
      : `No time in the next ${blocked.horizonDays} days is free online for this work.`;
  return (
    <p className="rounded-xl border border-slate-200 bg-white p-4">
      {why} We'll call you {responseTime || "soon"} to schedule it. You can also call us at <CallLink />.
    </p>
  );
}

function DecisionForms() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <form method="post" className="rounded-xl border border-slate-200 bg-white p-4">
        <input type="hidden" name="intent" value="accept" />
        <p className="text-sm text-slate-700">Happy with it? Accept and we will schedule the work with you.</p>
        <button type="submit" className={`${primaryButton} mt-3 w-full`}>
          Accept Estimate
        </button>
      </form>
      <form method="post" className="rounded-xl border border-slate-200 bg-white p-4">
        <input type="hidden" name="intent" value="decline" />
        <label htmlFor="decline-reason" className="block text-sm font-medium text-slate-800">
          Reason (optional)
        </label>
        <textarea
          id="decline-reason"
          name="reason"
          rows={2}
          maxLength={DECLINE_REASON_MAX}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
        <button
          type="submit"
          className={`mt-3 inline-flex w-full items-center justify-center rounded-full border border-slate-400 px-6 py-3 font-semibold text-slate-800 hover:bg-slate-100 ${focusRing}`}
        >
          Decline
        </button>
      </form>
    </div>
  );
}
