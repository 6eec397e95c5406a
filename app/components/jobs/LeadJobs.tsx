import { CalendarPlus } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { LeadJob } from "~/server/jobs/job-view.server";

/** Where Schedule Job goes: the form for this lead (and the estimate it is for). */
export const scheduleJobHref = (leadId: number, estimateId: number | null) => `/admin/jobs/new?lead=${leadId}${estimateId ? `&estimate=${estimateId}` : ""}`;

/** The lead's jobs, each a link to its page, and `Schedule Job`. */
export function LeadJobs({ leadId, jobs, estimateId }: { leadId: number; jobs: LeadJob[]; estimateId: number | null }) {
  return (
    <section aria-labelledby="jobs-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="jobs-heading" className="text-base font-semibold text-slate-900">
          Jobs
        </h3>
        <Link to={scheduleJobHref(leadId, estimateId)} className={buttonClass("primary")}>
          <CalendarPlus aria-hidden className="size-4" />
          Schedule Job
        </Link>
      </div>
      {jobs.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200 text-sm">
          {jobs.map((job) => (
            <li key={job.id} className="flex flex-wrap justify-between gap-2 py-2">
              <Link to={`/admin/jobs/${job.id}`} className="font-semibold text-brand-700 hover:underline">
                {job.when}
              </Link>
              <span className="text-slate-700">{job.status}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
