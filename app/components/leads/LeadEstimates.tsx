import { FileText } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { LeadEstimate } from "~/server/leads/lead-view.server";

/** The lead's estimates and `Create Estimate` (a POST that makes a draft and opens its editor). */
export function LeadEstimates({ leadId, estimates }: { leadId: number; estimates: LeadEstimate[] }) {
  return (
    <section aria-labelledby="estimates-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="estimates-heading" className="text-base font-semibold text-slate-900">
          Estimates
        </h3>
        <Form method="post" action="/admin/estimates">
          <input type="hidden" name="leadId" value={leadId} />
          <button type="submit" className={buttonClass("primary")}>
            <FileText aria-hidden className="size-4" />
            Create Estimate
          </button>
        </Form>
      </div>
      {estimates.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200 text-sm">
          {estimates.map((e) => (
            <li key={e.id} className="flex flex-wrap justify-between gap-2 py-2">
              <Link to={`/admin/estimates/${e.id}`} className="font-semibold text-brand-700 hover:underline">
                Estimate #{e.number}
              </Link>
              <span className="text-slate-700">
                {e.status} · <span className="tabular-nums">{e.total}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
