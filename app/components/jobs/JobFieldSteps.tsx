import { CheckCircle2, Flag, Play, Truck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { INPUT } from "~/components/priced-documents/PricedLines";
import { buttonClass } from "~/components/ui/button";
import { FINISH_JOB_CONSTRAINT } from "~/lib/finish-job-input";
import { PAYMENT_METHODS } from "~/lib/payment-input";
import type { JobActionFailure, JobConfirmation, JobPageView } from "~/server/jobs/job-view.server";
import { JobConfirm } from "./JobConfirm";
import { Field } from "./JobFields";

interface Props {
  job: JobPageView["job"];
  arrivalMinutes: number[];
  /** Each step's idempotency key: a post sent twice (a retry, the offline queue) counts once. */
  stepKeys: JobPageView["stepKeys"];
  confirmation?: JobConfirmation;
}

const SELECT =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40";

/**
 * The job at the customer's (issue 36), for the owner and the technician it
 * is assigned to: On My Way and Start Job before the work, when it started
 * during it (FinishJob ends it), and when it was done with the time it took.
 * Plain forms: each works without JavaScript.
 */
export function JobFieldSteps({ job, arrivalMinutes, stepKeys, confirmation }: Props) {
  const busy = useNavigation().state === "submitting";
  if (job.status === "done") return job.started ? <FinishedWork job={job} /> : null;
  if (!job.live) return null;
  if (confirmation?.intent === "on_the_way") return <JobConfirm jobId={job.id} confirmation={confirmation} />;
  return (
    <section aria-labelledby="field-steps-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id="field-steps-heading" className="text-base font-semibold text-slate-900">
        {job.inProgress ? "At work" : "The visit"}
      </h3>
      {job.inProgress ? (
        <p className="mt-1 text-sm text-slate-700">Started {job.started}. Finish Job, below the work, ends it with the customer's sign-off.</p>
      ) : (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          {job.canStart && (
            <Form method="post" action={`/admin/jobs/${job.id}`} className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="on_the_way" />
              <input type="hidden" name="key" value={stepKeys.onTheWay} />
              <div>
                <label htmlFor="arrival-minutes" className="mb-1 block text-sm font-medium text-slate-800">
                  Arriving in
                </label>
                <select id="arrival-minutes" name="minutes" defaultValue="30" className={SELECT}>
                  {arrivalMinutes.map((m) => (
                    <option key={m} value={m}>
                      {m} minutes
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={buttonClass("secondary")} disabled={busy}>
                <Truck aria-hidden className="size-4" />
                On My Way
              </button>
            </Form>
          )}
          <Form method="post" action={`/admin/jobs/${job.id}`}>
            <input type="hidden" name="intent" value="start" />
            <input type="hidden" name="key" value={stepKeys.start} />
            <button type="submit" className={buttonClass("primary")} disabled={busy}>
              <Play aria-hidden className="size-4" />
              Start Job
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}

/** A finished job's times: started, finished, the time it took beside the time booked, and who signed it off. */
function FinishedWork({ job }: { job: JobPageView["job"] }) {
  return (
    <section aria-labelledby="finished-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id="finished-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <CheckCircle2 aria-hidden className="size-4 text-emerald-600" />
        The work
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-600">Started</dt>
        <dd className="text-slate-900">{job.started}</dd>
        <dt className="font-medium text-slate-600">Finished</dt>
        <dd className="text-slate-900">{job.finished}</dd>
        {job.timeOnTheJob && (
          <>
            <dt className="font-medium text-slate-600">Time on the job</dt>
            <dd className="text-slate-900">{job.timeOnTheJob}</dd>
          </>
        )}
        {job.signedOffName && (
          <>
            <dt className="font-medium text-slate-600">Signed off by</dt>
            <dd className="break-words text-slate-900">{job.signedOffName}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

/**
 * Finish Job (between Start Job and it, the condition report and the rest of
 * the work): the customer's sign-off and the payment on the spot. A plain
 * form with the page's key, so a post sent twice counts once.
 */
export function FinishJob({ job, fieldKey, failure }: { job: JobPageView["job"]; fieldKey: string; failure?: JobActionFailure }) {
  const busy = useNavigation().state === "submitting";
  const finishFailure = failure?.intent === "finish" ? failure : undefined;
  const errors = finishFailure?.fields ?? {};
  const typed = finishFailure?.typed ?? {};
  return (
    <section aria-labelledby="finish-job-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id="finish-job-heading" className="text-base font-semibold text-slate-900">
        Finish the job
      </h3>
      <Form method="post" action={`/admin/jobs/${job.id}`} noValidate className="mt-3 space-y-4">
        <input type="hidden" name="intent" value="finish" />
        <input type="hidden" name="key" value={fieldKey} />
        <Field id="finish-sign-off" label="Customer Sign-off" error={errors.signOff} hint="The customer types their name to accept the work.">
          {(props) => <input {...props} name="signOff" autoComplete="off" {...FINISH_JOB_CONSTRAINT.signOff} defaultValue={typed.signOff} className={INPUT} />}
        </Field>
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Payment on the spot (leave Amount blank for none)</legend>
          <Field id="finish-amount" label="Amount" error={errors.amount}>
            {(props) => <input {...props} name="amount" inputMode="decimal" defaultValue={typed.amount} className={INPUT} />}
          </Field>
          <Field id="finish-method" label="Method" error={errors.method}>
            {(props) => (
              <select {...props} name="method" defaultValue={typed.method ?? ""} className={INPUT}>
                <option value="">Choose…</option>
                {PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="finish-tip" label="Tip" error={errors.tip}>
            {(props) => <input {...props} name="tip" inputMode="decimal" defaultValue={typed.tip} className={INPUT} />}
          </Field>
        </fieldset>
        <button type="submit" className={buttonClass("primary")} disabled={busy}>
          <Flag aria-hidden className="size-4" />
          Finish Job
        </button>
      </Form>
    </section>
  );
}
