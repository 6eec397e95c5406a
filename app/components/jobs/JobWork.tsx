import { Link } from "react-router";
import { LinesTable, Totals } from "~/components/priced-documents/LinesAndTotals";
import { LeadPhotos } from "~/components/leads/LeadPhotos";
import type { JobPageView } from "~/server/jobs/job-view.server";

/**
 * What to do at the job, for the one who goes: the estimate's lines and its
 * price (with a link to the estimate), then the customer's own words and the
 * photos they sent with their request.
 */
export function JobWork({ work }: { work: JobPageView["work"] }) {
  const { estimate } = work;
  return (
    <section aria-labelledby="job-work-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id="job-work-heading" className="text-base font-semibold text-slate-900">
        What to do
      </h3>
      {estimate ? (
        <div className="mt-3 space-y-3">
          <LinesTable lines={estimate.lines} />
          <Totals rows={[...(estimate.tax ? ([["Subtotal", estimate.subtotal], ["Tax", estimate.tax]] as [string, string][]) : []), ["Total", estimate.total, true]]} />
          <p className="text-sm">
            <Link to={`/admin/estimates/${estimate.id}`} className="font-semibold text-brand-700 hover:underline">
              Estimate #{estimate.number}
            </Link>
          </p>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-700">No estimate is attached to this job: the customer's request below says what they asked for.</p>
      )}
      <h4 className="mt-5 text-sm font-semibold text-slate-900">Customer's notes</h4>
      {/* Their words as typed (line breaks kept), as on the lead page. */}
      <p className="mt-1 rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-800">
        {work.message || <span className="text-slate-600 italic">No message.</span>}
      </p>
      <LeadPhotos photos={work.photos} />
    </section>
  );
}
