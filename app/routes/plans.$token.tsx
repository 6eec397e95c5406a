import type { ReactNode } from "react";
import { CalendarClock, CheckCircle2, PauseCircle, XCircle } from "lucide-react";
import { data, redirect } from "react-router";
import { CallLink, CustomerPageShell, customerPageMeta } from "~/components/site/CustomerPageShell";
import { focusRing, primaryButton } from "~/components/site/styles";
import { ConfirmCheckbox } from "~/components/ui/ConfirmCheckbox";
import { CANCEL_PLAN_CONSTRAINT, cancelPlanSchema } from "~/lib/customer-page-forms";
import { NO_SCRIPTS } from "~/lib/no-scripts";
import { pausePlanSchema, PLAN_CONSTRAINT } from "~/lib/plans";
import { answerCustomer } from "~/server/customer-pages.server";
import { dispatchIntent, parseForm, postedIntent, refusedOnForm } from "~/server/form-action.server";
import { readForm } from "~/server/form-body.server";
import { cancelPlan, pausePlan, skipNextVisit } from "~/server/plans/customer-plans.server";
import { countPlanAction, planForCustomer, planPageView, type PlanPageView } from "~/server/plans/plan-page.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/plans.$token";

/*
 * /plans/{token} — the customer's maintenance plan (issue 37,
 * docs/decisions/0145): no sign-in, reached only through the unguessable
 * link in the plan's e-mails, never indexed, no JavaScript. The plan, its
 * status and coming visits (each a link to its appointment page), and three
 * plain POST forms: Skip Next Visit, Pause Plan (for up to the owner's
 * Longest Pause) and Cancel Plan, whose button leads to a confirmation step
 * (`?confirm=cancel`) with a required checkbox the server checks too. Each
 * answers with a redirect back here that says what happened, or the form
 * again with its error.
 */

export const handle = NO_SCRIPTS;

const OUTCOMES = ["skipped", "paused", "cancelled"] as const;
type Outcome = (typeof OUTCOMES)[number];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const cp = await planForCustomer(db, params.token, context.get(requestInfoContext).clientIp).catch(answerCustomer);
  const url = new URL(request.url);
  const raw = url.searchParams.get("outcome");
  return {
    plan: await planPageView(db, cp),
    token: params.token,
    outcome: OUTCOMES.find((o) => o === raw) ?? null,
    confirmCancel: url.searchParams.get("confirm") === "cancel",
  };
}

type Failure = { intent: "skip" | "pause" | "cancel" | ""; error: string; fields: Record<string, string> };

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  const { clientIp } = context.get(requestInfoContext);
  const cp = await planForCustomer(db, params.token, clientIp).catch(answerCustomer);
  const body = await readForm(request);
  if (!body.ok) throw data({ error: body.error }, { status: body.status });
  const origin = linkOrigin(request);
  const back = (outcome: Outcome) => redirect(`/plans/${params.token}?outcome=${outcome}`, 303);
  const handlers = {
    skip: async () => {
      await countPlanAction(db, clientIp);
      await skipNextVisit(db, cp, origin);
      return back("skipped");
    },
    pause: async () => {
      const { weeks } = parseForm(body.form, pausePlanSchema);
      await countPlanAction(db, clientIp);
      await pausePlan(db, cp, weeks, origin);
      return back("paused");
    },
    cancel: async () => {
      parseForm(body.form, cancelPlanSchema);
      await countPlanAction(db, clientIp);
      await cancelPlan(db, cp, origin);
      return back("cancelled");
    },
  };
  const intent = postedIntent(body.form, handlers);
  // A refusal the customer can act on shows on its form (400, 409); a 429 or a 404 is the page's.
  const answer = await refusedOnForm(
    () => dispatchIntent(intent, handlers),
    (error): Failure | undefined => (error.status === 400 || error.status === 409 ? { intent, error: error.message, fields: error.fields ?? {} } : undefined),
  ).catch(answerCustomer);
  if (answer instanceof Response) throw answer;
  return answer;
}

export function meta() {
  return customerPageMeta("Your plan", "Your maintenance plan: its coming visits, and buttons to skip a visit, pause or cancel.");
}

export default function PlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, token, outcome, confirmCancel } = loaderData;
  const failure = actionData ?? undefined;
  const call = <CallLink />;
  const open = plan.status !== "cancelled";
  return (
    <CustomerPageShell width="narrow">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">Your plan: {plan.name}</h1>
        <p className="mt-1 text-slate-700">For {plan.customerName}</p>
      </div>
      <Outcome outcome={outcome} plan={plan} />
      {failure?.intent === "" && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          {failure.error}
        </p>
      )}
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        <Detail label="Status" value={plan.pausedUntil ? `${plan.statusTitle} until ${plan.pausedUntil}` : plan.statusTitle} />
        <Detail label="Visits" value={plan.cadence} />
        <Detail label="Price" value={`${plan.price} (${plan.billing.toLowerCase()})`} />
        {plan.discountPercent > 0 && <Detail label="Your discount" value={`${plan.discountPercent}% off one-off work from our price list (travel fees excluded)`} />}
        {plan.address && <Detail label="Address" value={plan.address} />}
      </dl>
      <section aria-labelledby="visits-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="visits-heading" className="flex items-center gap-2 text-lg font-bold">
          <CalendarClock aria-hidden className="size-5 shrink-0 text-brand-700" />
          Upcoming visits
        </h2>
        {plan.coming.length === 0 ? (
          <p>No visits are booked right now.{open ? " We book your next ones ahead as the weeks go by." : ""}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {plan.coming.map((visit) => (
              <li key={visit.id} className="py-2">
                <a href={visit.href} className={`rounded font-semibold text-brand-700 underline underline-offset-2 ${focusRing}`}>
                  {visit.when}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      {open && !confirmCancel && (
        <>
          <ActionForm intent="skip" failure={failure} title="Skip a visit">
            <p className="text-sm text-slate-700">
              {plan.skippable
                ? `Skips your next visit, ${plan.skippable}. Visits can be skipped here until ${plan.cutoffHours} hours before they start.`
                : `No visit can be skipped online now (until ${plan.cutoffHours} hours before it starts). To change a visit, please call us.`}
            </p>
            {plan.skippable && (
              <button type="submit" className={`${primaryButton} w-full sm:w-auto`}>
                Skip Next Visit
              </button>
            )}
          </ActionForm>
          {plan.maxPauseWeeks > 0 && (
            <ActionForm intent="pause" failure={failure} title="Pause your plan">
              <p className="text-sm text-slate-700">Away for a while? Pause from today for up to {weeksText(plan.maxPauseWeeks)}; the visits in the pause are cancelled and your plan resumes by itself after it.</p>
              <div>
                <label htmlFor="pause-weeks" className="block text-sm font-semibold">
                  Pause For (weeks)
                </label>
                <select
                  id="pause-weeks"
                  name="weeks"
                  required={PLAN_CONSTRAINT.pause.weeks.required}
                  aria-invalid={failure?.fields.weeks ? true : undefined}
                  aria-describedby={failure?.fields.weeks ? "pause-weeks-error" : undefined}
                  className={`mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 sm:w-48 ${focusRing}`}
                >
                  {Array.from({ length: plan.maxPauseWeeks }, (_, i) => (
                    <option key={i + 1} value={i + 1}>
                      {weeksText(i + 1)}
                    </option>
                  ))}
                </select>
                {failure?.fields.weeks && (
                  <p id="pause-weeks-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
                    {failure.fields.weeks}
                  </p>
                )}
              </div>
              <button type="submit" className={`${primaryButton} w-full sm:w-auto`}>
                Pause Plan
              </button>
            </ActionForm>
          )}
          <form method="get" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
            <input type="hidden" name="confirm" value="cancel" />
            <p className="text-sm text-slate-700">Ending your plan cancels all its coming visits.</p>
            <button type="submit" className={dangerButton}>
              Cancel Plan
            </button>
          </form>
        </>
      )}
      {open && confirmCancel && <ConfirmCancel token={token} failure={failure} call={call} />}
      {!open && <p className="rounded-xl border border-slate-200 bg-white p-4">This plan is cancelled. To start again, please call us at {call}.</p>}
    </CustomerPageShell>
  );
}

const dangerButton = `inline-flex w-full items-center justify-center rounded-full border border-red-700 px-6 py-3 font-semibold text-red-800 hover:bg-red-50 sm:w-auto ${focusRing}`;

const weeksText = (weeks: number) => (weeks === 1 ? "1 week" : `${weeks} weeks`);

function ActionForm({ intent, failure, title, children }: { intent: "skip" | "pause"; failure: Failure | undefined; title: string; children: ReactNode }) {
  const error = failure?.intent === intent && !Object.keys(failure.fields).length ? failure.error : undefined;
  return (
    <form method="post" aria-labelledby={`${intent}-heading`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <input type="hidden" name="intent" value={intent} />
      <h2 id={`${intent}-heading`} className="text-lg font-bold">
        {title}
      </h2>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {children}
    </form>
  );
}

function ConfirmCancel({ token, failure, call }: { token: string; failure: Failure | undefined; call: ReactNode }) {
  const error = failure?.intent === "cancel" ? (failure.fields.confirm ?? failure.error) : undefined;
  return (
    <form method="post" action={`/plans/${token}?confirm=cancel`} aria-labelledby="cancel-heading" className="space-y-3 rounded-xl border border-red-200 bg-white p-4">
      <input type="hidden" name="intent" value="cancel" />
      <h2 id="cancel-heading" className="text-lg font-bold">
        Cancel your plan?
      </h2>
      <p className="text-sm text-slate-700">All your coming visits will be cancelled, each with an update for your calendar. To start again later, call us at {call}.</p>
      <ConfirmCheckbox label="Yes, cancel my plan" required={CANCEL_PLAN_CONSTRAINT.confirm.required} error={error} errorId="cancel-error" />
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className={dangerButton}>
          Cancel Plan
        </button>
        <a href={`/plans/${token}`} className={`rounded font-semibold text-brand-700 underline underline-offset-2 ${focusRing}`}>
          Keep My Plan
        </a>
      </div>
    </form>
  );
}

function Outcome({ outcome, plan }: { outcome: Outcome | null; plan: PlanPageView }) {
  if (outcome === null) return null;
  const [Icon, text] =
    outcome === "skipped"
      ? [CheckCircle2, "Your visit is skipped. The cancellation, with an update for your calendar, is on its way to your e-mail."]
      : outcome === "paused"
        ? [PauseCircle, `Your plan is paused${plan.pausedUntil ? ` until ${plan.pausedUntil}` : ""}. The visits in the pause are cancelled; updates for your calendar are on their way.`]
        : [XCircle, "Your plan is cancelled, with its coming visits. Updates for your calendar are on their way to your e-mail."];
  return (
    <p role="status" className="flex items-start gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 font-medium text-emerald-900">
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" />
      <span>{text}</span>
    </p>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}
