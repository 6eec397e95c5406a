import { CheckCircle2, Truck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { JobConfirmation } from "~/server/jobs/job-view.server";

/**
 * The question On My Way or Mark Done asks on a job of another day than
 * today ("This job is on Tuesday, December 1. Mark it done now?"): a plain
 * form that posts the same action again with confirm=yes, so it works with
 * and without JavaScript, and nothing is sent or marked before the answer.
 */
export function JobConfirm({ jobId, confirmation }: { jobId: number; confirmation: JobConfirmation }) {
  const busy = useNavigation().state === "submitting";
  const done = confirmation.intent === "done";
  return (
    <section aria-labelledby="job-confirm-heading" className="rounded-xl border border-amber-200 bg-amber-50 p-4 sm:p-5">
      <h3 id="job-confirm-heading" data-question className="text-base font-semibold text-amber-950">
        {confirmation.confirm}
      </h3>
      <div className="mt-3 flex flex-wrap gap-3">
        <Form method="post" action={`/admin/jobs/${jobId}`}>
          <input type="hidden" name="intent" value={confirmation.intent} />
          <input type="hidden" name="confirm" value="yes" />
          {confirmation.minutes !== undefined && <input type="hidden" name="minutes" value={confirmation.minutes} />}
          {confirmation.key && <input type="hidden" name="key" value={confirmation.key} />}
          <button type="submit" className={buttonClass("primary")} disabled={busy} autoFocus>
            {done ? <CheckCircle2 aria-hidden className="size-4" /> : <Truck aria-hidden className="size-4" />}
            {done ? "Yes, Mark Done" : "Yes, Send On My Way"}
          </button>
        </Form>
        <Link to={`/admin/jobs/${jobId}`} className={buttonClass("secondary")}>
          Not Now
        </Link>
      </div>
    </section>
  );
}
