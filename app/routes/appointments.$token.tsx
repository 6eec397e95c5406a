import type { ReactNode } from "react";
import { CalendarPlus, CheckCircle2, ClipboardCheck, FileDown, Hourglass, XCircle } from "lucide-react";
import { data, redirect } from "react-router";
import { focusRing, primaryButton } from "~/components/site/styles";
import { CallLink, CustomerPageShell, customerPageMeta } from "~/components/site/CustomerPageShell";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { NO_SCRIPTS } from "~/lib/no-scripts";
import { CANCEL_APPOINTMENT_CONSTRAINT, cancelAppointmentSchema } from "~/lib/customer-page-forms";
import { dispatchIntent, parseForm, postedIntent, refusedOnForm } from "~/server/form-action.server";
import { readForm } from "~/server/form-body.server";
import { appointmentView, cancelAsCustomer, jobForCustomer, type AppointmentView } from "~/server/jobs/appointment-page.server";
import { rebookAsCustomer, rebookingView, type RebookingView } from "~/server/jobs/weather-rebooking.server";
import { TimeChoices } from "~/components/site/TimeChoices";
import { ConfirmCheckbox } from "~/components/ui/ConfirmCheckbox";
import { BOOKING_CONSTRAINT } from "~/lib/booking-input";
import { customerConditionReport, type CustomerConditionReport } from "~/server/jobs/condition-report-view.server";
import { customerDeposit, type DepositCustomerView } from "~/server/jobs/deposit-records.server";
import { customerJobPhotos, type CustomerPhoto } from "~/server/field-work/job-photos.server";
import { jobDiscount } from "~/server/plans/plan-discount.server";
import { planVisitOf } from "~/server/plans/plan-visit.server";
import { answerCustomer } from "~/server/customer-pages.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/appointments.$token";

/*
 * /appointments/{token} — the customer's appointment (ui-contract.md, Jobs
 * and the schedule): no sign-in, reached only through the unguessable link in
 * the e-mails, never indexed. Its newest condition report (the notes, photos
 * and who signed, with its PDF) once one is saved, and once the job is done
 * its before and after photos. Cancel Appointment is a plain POST form with a
 * required checkbox as its confirmation (no JavaScript needed; the server
 * checks it too), answered with a redirect back here that says what happened.
 * After a Weather Day (docs/decisions/0144) the cancelled appointment offers
 * Choose a New Time: the time held for the customer first, then the others;
 * the new booking's page says it is booked.
 * Imports nothing of the dashboard: it must be small on a phone.
 */

// Plain HTML forms: the page ships no JavaScript at all (app/lib/no-scripts.ts).
export const handle = NO_SCRIPTS;

// `booked`: just booked online (/book), which lands here with the confirmation.
const OUTCOMES = ["cancelled", "already", "late", "booked"] as const;
type Outcome = (typeof OUTCOMES)[number];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const job = await jobForCustomer(db, params.token, context.get(requestInfoContext).clientIp).catch(answerCustomer);
  const raw = new URL(request.url).searchParams.get("outcome");
  const outcome = OUTCOMES.find((o) => o === raw) ?? null;
  const now = new Date();
  const [deposit, conditionReport, photos, rebooking, planVisit, discount] = await Promise.all([
    customerDeposit(db, job, now),
    customerConditionReport(db, job),
    customerJobPhotos(db, job),
    rebookingView(db, job, now),
    planVisitOf(db, job.id),
    // Booked online by a plan customer: their plan's discount and what they pay (docs/decisions/0155).
    jobDiscount(db, job.estimateId),
  ]);
  return { appointment: appointmentView(job, now), deposit, conditionReport, photos, rebooking, planVisit, discount, token: params.token, outcome };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  const { clientIp } = context.get(requestInfoContext);
  const job = await jobForCustomer(db, params.token, clientIp).catch(answerCustomer);
  const body = await readForm(request);
  if (!body.ok) throw data({ error: body.error }, { status: body.status });
  const handlers = {
    cancel: async () => {
      parseForm(body.form, cancelAppointmentSchema);
      const outcome = await cancelAsCustomer(db, job, clientIp, linkOrigin(request));
      return redirect(`/appointments/${params.token}?outcome=${outcome}`, 303);
    },
    rebook: async () => {
      const outcome = await rebookAsCustomer(db, job, body.form, clientIp, linkOrigin(request));
      if (outcome.ok) return redirect(`/appointments/${outcome.token}?outcome=booked`, 303);
      return data({ fields: { confirm: undefined }, rebook: outcome.error }, { status: 409 });
    },
  };
  // The box not ticked: the form again with its message; any other refusal is the page's.
  const answer = await refusedOnForm(
    () => dispatchIntent(postedIntent(body.form, handlers), handlers),
    (error) => (error.fields ? { fields: { confirm: error.fields.confirm } } : undefined),
  ).catch(answerCustomer);
  if (answer instanceof Response) throw answer;
  return answer;
}

export function meta() {
  return customerPageMeta("Your appointment", "Your appointment: when and where, a calendar file, a button to cancel it, and once it is done the before and after photos.");
}

export default function AppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { appointment, deposit, conditionReport, photos, rebooking, planVisit, discount, token, outcome } = loaderData;
  const rebookError = actionData && "rebook" in actionData ? actionData.rebook : undefined;
  const { businessName } = useSiteSettings();
  const live = appointment.status === "scheduled" || appointment.status === "on_the_way";
  const call = <CallLink />;
  return (
    <CustomerPageShell width="narrow">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">Your appointment</h1>
        <p className="mt-1 text-slate-700">
          With {businessName}, for {appointment.customerName}
        </p>
      </div>
      <StatusNotice
        appointment={appointment}
        outcome={outcome}
        businessName={businessName}
        call={call}
        released={deposit?.state === "released" ? deposit : null}
        weather={rebooking !== null}
      />
      {rebooking && <RebookSection rebooking={rebooking} error={rebookError} call={call} />}
      {deposit && deposit.state !== "released" && <DepositSection deposit={deposit} call={call} />}
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        <Detail label="When" value={appointment.when} />
        <Detail label="Duration" value={`About ${appointment.duration}`} />
        <Detail label="Address" value={appointment.address || "To be agreed by phone"} />
        <Detail label="Status" value={appointment.statusTitle} />
        {planVisit && <Detail label="Plan" value={`Visit ${planVisit.number} of your ${planVisit.planName} plan`} />}
        {discount && <Detail label="Plan discount" value={`${discount.description}: ${discount.amount}`} />}
        {discount && <Detail label="Total" value={discount.total} />}
      </dl>
      {planVisit && (
        <p>
          <a href={`/plans/${planVisit.customerPlanToken}`} className={`rounded font-semibold text-brand-700 underline underline-offset-2 ${focusRing}`}>
            Your {planVisit.planName} plan
          </a>
          : its next visits, Skip Next Visit, Pause Plan and Cancel Plan.
        </p>
      )}
      {live && (
        <a
          href={`/appointments/${token}/calendar.ics`}
          download="appointment.ics"
          className={`inline-flex items-center gap-2 rounded font-semibold text-brand-700 underline underline-offset-2 ${focusRing}`}
        >
          <CalendarPlus aria-hidden className="size-4" />
          Add to calendar
        </a>
      )}
      {conditionReport && <ConditionReportSection report={conditionReport} />}
      {/* Once the job is done (customerJobPhotos): the work as it was and as it is. */}
      <PhotoSection kind="before" photos={photos.before} />
      <PhotoSection kind="after" photos={photos.after} />
      {appointment.canCancel ? (
        <CancelForm error={actionData?.fields.confirm} cutoffHours={appointment.cutoffHours} />
      ) : (
        live && (
          <p className="rounded-xl border border-slate-200 bg-white p-4">
            It is too late to cancel online: appointments can be cancelled here until {cutoffText(appointment.cutoffHours)} before they start. To cancel or
            change it, please call us at {call}.
          </p>
        )
      )}
    </CustomerPageShell>
  );
}

/**
 * "Deposit due" while the booking waits for it: the amount, how to pay (the
 * owner's Payment Instructions, else a call) and until when the time is
 * held; "Deposit received" once the owner recorded it.
 */
function DepositSection({ deposit, call }: { deposit: Exclude<DepositCustomerView, { state: "released" }>; call: ReactNode }) {
  if (deposit.state === "received") {
    return (
      <section aria-labelledby="deposit-heading" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
        <h2 id="deposit-heading" className="flex items-center gap-2 text-lg font-bold">
          <CheckCircle2 aria-hidden className="size-5 shrink-0 text-emerald-700" />
          Deposit received
        </h2>
        <p className="mt-1">
          We received your deposit of {deposit.amount} on {deposit.receivedOn}. Thank you: the time is yours.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="deposit-heading" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="deposit-heading" className="flex items-center gap-2 text-lg font-bold">
        <Hourglass aria-hidden className="size-5 shrink-0 text-amber-700" />
        Deposit due: {deposit.amount}
      </h2>
      <p>
        {deposit.holdRunning
          ? `We hold this time for you until ${deposit.heldUntil}. If your deposit has not reached us by then, the time is released for other customers.`
          : `We held this time for you until ${deposit.heldUntil}. Please pay your deposit now, or call us, before the time is released.`}
      </p>
      {deposit.paymentInstructions ? (
        <div>
          <h3 className="font-semibold">How to pay</h3>
          <p className="whitespace-pre-line break-words">{deposit.paymentInstructions}</p>
        </div>
      ) : (
        <p>To pay it, call us at {call}.</p>
      )}
    </section>
  );
}

/**
 * The condition report the customer signed (docs/decisions/0136): each
 * area's note, the photos (each a link to the photo) and who signed when,
 * with the PDF they were e-mailed.
 */
function ConditionReportSection({ report }: { report: CustomerConditionReport }) {
  return (
    <section aria-labelledby="condition-report-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="condition-report-heading" className="flex items-center gap-2 text-lg font-bold">
        <ClipboardCheck aria-hidden className="size-5 shrink-0 text-brand-700" />
        Condition report
      </h2>
      <p>
        Signed by {report.signedName} on {report.signedAt}.
      </p>
      <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {report.areas.map(({ area, note }) => (
          <Detail key={area} label={area} value={note || "No note."} />
        ))}
      </dl>
      {report.photos.length > 0 && <PhotoLinks label="Condition photos" photos={report.photos} alt={(n, of) => `Photo ${n} of ${of}`} />}
      <a href={report.pdfHref} download className={`inline-flex items-center gap-2 rounded font-semibold text-brand-700 underline underline-offset-2 ${focusRing}`}>
        <FileDown aria-hidden className="size-4" />
        Download the report (PDF)
      </a>
    </section>
  );
}

/** Before Photos or After Photos of the done job (docs/decisions/0139). */
function PhotoSection({ kind, photos }: { kind: "before" | "after"; photos: CustomerPhoto[] }) {
  if (!photos.length) return null;
  const title = kind === "before" ? "Before Photos" : "After Photos";
  return (
    <section aria-labelledby={`${kind}-photos-heading`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${kind}-photos-heading`} className="text-lg font-bold">
        {title}
      </h2>
      <PhotoLinks photos={photos} alt={(n, of) => `${kind === "before" ? "Before" : "After"} photo ${n} of ${of}`} />
    </section>
  );
}

/** Photos as thumbnails (their small copy), each a link to the photo itself. */
function PhotoLinks({ photos, alt, label }: { photos: { url: string; thumb: string }[]; alt: (n: number, of: number) => string; label?: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {photos.map((photo, index) => (
        <li key={photo.url}>
          <a href={photo.url} className={`block overflow-hidden rounded-lg ring-1 ring-slate-200 ${focusRing}`}>
            <img src={photo.thumb} alt={alt(index + 1, photos.length)} width={112} height={112} loading="lazy" className="size-28 bg-slate-100 object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}

const cutoffText = (hours: number) => (hours === 1 ? "1 hour" : `${hours} hours`);

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}

function StatusNotice(props: {
  appointment: AppointmentView;
  outcome: Outcome | null;
  businessName: string;
  call: ReactNode;
  released: DepositCustomerView | null;
  weather: boolean;
}) {
  const { appointment, outcome, businessName, call, released, weather } = props;
  if (appointment.status === "cancelled" && weather) {
    return (
      <p role="status" className="flex items-start gap-2 rounded-xl border border-slate-300 bg-white p-4 font-medium">
        <XCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-600" />
        <span>The weather will not let us work that day, so {businessName} cancelled this appointment. We are sorry.</span>
      </p>
    );
  }
  if (appointment.status === "cancelled" && released) {
    return (
      <p role="status" className="flex items-start gap-2 rounded-xl border border-slate-300 bg-white p-4 font-medium">
        <XCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-600" />
        <span>
          This booking was released: its deposit of {released.amount} had not reached us by {released.heldUntil}, so the time went back on offer. Want a new
          time?{" "}
          <a href="/book" className={`rounded font-semibold text-brand-700 underline underline-offset-2 ${focusRing}`}>
            Book again online
          </a>{" "}
          or call us at {call}.
        </span>
      </p>
    );
  }
  if (appointment.status === "cancelled") {
    const text =
      outcome === "cancelled"
        ? `Your appointment is cancelled, and ${businessName} has been told. The cancellation is on its way to your e-mail.`
        : outcome === "already"
          ? "This appointment had already been cancelled."
          : appointment.cancelledBy === "customer"
            ? "You cancelled this appointment."
            : `${businessName} cancelled this appointment.`;
    return (
      <p role="status" className="flex items-start gap-2 rounded-xl border border-slate-300 bg-white p-4 font-medium">
        <XCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-600" />
        <span>
          {text} Want a new time? Call us at {call}.
        </span>
      </p>
    );
  }
  if (appointment.status === "done") {
    return (
      <p role="status" className="flex items-start gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 font-medium text-emerald-900">
        <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        <span>
          This appointment is done. Thank you for choosing {businessName}! Questions? Call us at {call}.
        </span>
      </p>
    );
  }
  if (outcome === "late") {
    return (
      <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 font-medium text-amber-900">
        Your appointment was not cancelled: it is too late to cancel online. Please call us at {call}.
      </p>
    );
  }
  if (outcome === "booked" && appointment.status === "scheduled") {
    return (
      <p role="status" className="flex items-start gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 font-medium text-emerald-900">
        <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        <span>Your appointment is booked. The confirmation, with the calendar invite and your price, is on its way to your e-mail.</span>
      </p>
    );
  }
  if (appointment.status === "on_the_way" || appointment.status === "in_progress") {
    return (
      <p role="status" className="rounded-xl border border-brand-100 bg-brand-50 p-4 font-medium text-brand-700">
        {appointment.status === "on_the_way" ? "We are on our way to you." : "We are at work on it now."}
      </p>
    );
  }
  return null;
}

/**
 * After a Weather Day: the new booking once made, else Choose a New Time (the
 * radio group Time, the held time first) as a plain POST form.
 */
function RebookSection({ rebooking, error, call }: { rebooking: RebookingView; error: string | undefined; call: ReactNode }) {
  if (rebooking.kind === "rebooked") {
    return (
      <p role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 font-medium text-emerald-900">
        You rebooked for {rebooking.when}.{" "}
        <a href={rebooking.appointmentPath} className={`rounded font-semibold underline underline-offset-2 ${focusRing}`}>
          See your new appointment
        </a>
      </p>
    );
  }
  if (!rebooking.days.length) {
    return <p className="rounded-xl border border-slate-200 bg-white p-4">No time is free in the next two weeks. Please call us at {call} to find one.</p>;
  }
  return (
    <form method="post" aria-labelledby="rebook-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <input type="hidden" name="intent" value="rebook" />
      <h2 id="rebook-heading" className="text-xl font-bold">
        Choose a New Time
      </h2>
      <p className="text-sm text-slate-700">
        {rebooking.heldUntil
          ? `The first time is held for you until ${rebooking.heldUntil}; the others are free now, for whoever books first.`
          : "These times are free in the next two weeks, for whoever books first."}
      </p>
      <TimeChoices days={rebooking.days} required={BOOKING_CONSTRAINT.start.required} error={error} legendClass="sr-only" />
      <button type="submit" className={`${primaryButton} w-full sm:w-auto`}>
        Book This Time
      </button>
    </form>
  );
}

function CancelForm({ error, cutoffHours }: { error: string | undefined; cutoffHours: number }) {
  return (
    <form method="post" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <input type="hidden" name="intent" value="cancel" />
      <p className="text-sm text-slate-700">Can't make it? You can cancel here until {cutoffText(cutoffHours)} before the start.</p>
      <ConfirmCheckbox label="Yes, cancel my appointment" required={CANCEL_APPOINTMENT_CONSTRAINT.confirm.required} error={error} errorId="confirm-error" />
      <button
        type="submit"
        className={`inline-flex w-full items-center justify-center rounded-full border border-red-700 px-6 py-3 font-semibold text-red-800 hover:bg-red-50 sm:w-auto ${focusRing}`}
      >
        Cancel Appointment
      </button>
    </form>
  );
}
