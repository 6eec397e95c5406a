import { CalendarClock, CheckCircle2, XCircle } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { JobActionFailure, JobConfirmation, JobPageView } from "~/server/jobs/job-view.server";
import { JobConfirm } from "./JobConfirm";
import { JobFields } from "./JobFields";

interface Props extends JobPageView {
  confirmCancel: boolean;
  failure?: JobActionFailure;
  /** Mark Done on a job of another day: the question to answer first (On My Way's is the field steps'). */
  confirmation?: JobConfirmation;
}

/**
 * The owner's buttons that still apply to the job: Mark Done (for a job not
 * started with Start Job), Cancel Job (a confirm step first) and the
 * Reschedule form. A done or cancelled job shows none of them. Mark Done on
 * a job of another day asks first (JobConfirm, in the buttons' place). On My
 * Way, Start Job and Finish Job are the field steps' (JobFieldSteps).
 */
export function JobActions({ job, values, saved, confirmCancel, failure, confirmation }: Props) {
  const busy = useNavigation().state === "submitting";
  if (!job.live) return null;
  const rescheduleFailure = failure?.intent === "reschedule" ? failure : undefined;
  return (
    <>
      {confirmation?.intent === "done" ? (
        <JobConfirm jobId={job.id} confirmation={confirmation} />
      ) : confirmCancel ? (
        <section aria-labelledby="cancel-heading" className="rounded-xl border border-red-200 bg-red-50 p-4 sm:p-5">
          <h3 id="cancel-heading" className="text-base font-semibold text-red-900">
            Cancel this job?
          </h3>
          <p className="mt-1 text-sm text-red-900">{job.customer.name} is e-mailed the cancellation, and the time is free again.</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Form method="post" action={`/admin/jobs/${job.id}`}>
              <input type="hidden" name="intent" value="cancel" />
              <button type="submit" className={buttonClass("danger")} disabled={busy}>
                <XCircle aria-hidden className="size-4" />
                Yes, Cancel Job
              </button>
            </Form>
            <Link to={`/admin/jobs/${job.id}`} className={buttonClass("secondary")}>
              Keep Job
            </Link>
          </div>
        </section>
      ) : (
        <section aria-label="Job actions" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          {/* Once started, Finish Job (with the sign-off) ends the work instead. */}
          {!job.inProgress && (
            <Form method="post">
              <input type="hidden" name="intent" value="done" />
              <button type="submit" className={buttonClass("secondary")} disabled={busy}>
                <CheckCircle2 aria-hidden className="size-4" />
                Mark Done
              </button>
            </Form>
          )}
          {/* A GET to this page with ?confirm=cancel: the confirm step, with or without JavaScript. */}
          <Form method="get">
            <input type="hidden" name="confirm" value="cancel" />
            <button type="submit" className={buttonClass("secondary")}>
              <XCircle aria-hidden className="size-4" />
              Cancel Job
            </button>
          </Form>
        </section>
      )}
      <section aria-labelledby="reschedule-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <h3 id="reschedule-heading" className="mb-3 text-base font-semibold text-slate-900">
          Change the time or place
        </h3>
        <Form method="post" action={`/admin/jobs/${job.id}`} className="space-y-4">
          <input type="hidden" name="intent" value="reschedule" />
          <JobFields
            key={`${job.stamp}-${JSON.stringify(rescheduleFailure?.values ?? null)}`}
            idPrefix="reschedule"
            values={rescheduleFailure?.values ?? values}
            errors={rescheduleFailure?.fields}
            saved={saved}
          />
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            <CalendarClock aria-hidden className="size-4" />
            Reschedule
          </button>
        </Form>
      </section>
    </>
  );
}
