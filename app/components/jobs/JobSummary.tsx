import { Link } from "react-router";
import { mapHref } from "~/lib/map-link";
import { workPartyHref } from "~/lib/work-links";
import type { JobPageView } from "~/server/jobs/job-view.server";

const linkClass = "font-semibold text-brand-700 hover:underline";

/** The job at a glance: the customer (their lead), the vehicle, when, the plan it is a visit of (linked to the customer's plans), where (on a map), its status and notes. */
export function JobSummary({ job }: { job: JobPageView["job"] }) {
  return (
    <section aria-label="The job" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        <Detail label="Customer">
          <Link to={workPartyHref(job)} className={linkClass}>
            {job.customer.name}
          </Link>
          <span className="text-slate-700"> · {job.customer.phone}</span>
        </Detail>
        {/* The saved vehicle the job is for, else the kind the customer named in their request. */}
        <Detail label="Vehicle">{job.vehicle ?? job.customer.vehicleType}</Detail>
        <Detail label="When">{job.when}</Detail>
        {job.planVisit && (
          <Detail label="Plan">
            <Link to={`/admin/customers/${job.customerId}#plans-heading`} className={linkClass}>
              Visit {job.planVisit.number} of {job.planVisit.planName}
            </Link>
            <span className="text-slate-700"> · planned for {job.planVisit.plannedFor}</span>
          </Detail>
        )}
        <Detail label="Address">
          {job.address}{" "}
          <a href={mapHref(job.address)} target="_blank" rel="noopener noreferrer" className={linkClass}>
            Open in Maps
          </a>
        </Detail>
        <Detail label="Status">
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-800">{job.statusTitle}</span>
        </Detail>
        {job.notes && <Detail label="Notes">{job.notes}</Detail>}
      </dl>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words whitespace-pre-wrap text-slate-900">{children}</dd>
    </>
  );
}
