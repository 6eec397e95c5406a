import { Link } from "react-router";
import { ContactLinks } from "./ContactLinks";
import { StatusBadge } from "./StatusBadge";
import { TimeAgo } from "./TimeAgo";
import type { LeadSummary } from "~/server/leads/inbox-view.server";

/** One lead in the inbox: who, what, when, where it stands, and the ways to answer. */
export function LeadCard({ lead }: { lead: LeadSummary }) {
  const nameId = `lead-${lead.id}-name`;
  return (
    <article aria-labelledby={nameId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 id={nameId} className="min-w-0 text-base font-semibold break-words">
          <Link
            to={`/admin/leads/${lead.id}`}
            className="text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            {lead.name}
          </Link>
        </h3>
        <StatusBadge status={lead.status} />
      </div>
      <p className="mt-1 text-sm break-words text-slate-600">
        {lead.vehicle_type}
        <span aria-hidden> · </span>
        <span className="sr-only">, received </span>
        <TimeAgo time={lead.received} />
      </p>
      {lead.excerpt && (
        <p className="mt-2 line-clamp-3 text-sm break-words text-slate-700">
          {lead.excerpt}
          {lead.truncated && "…"}
        </p>
      )}
      <div className="mt-3">
        <ContactLinks id={lead.id} phone={lead.phoneView} email={lead.email} />
      </div>
    </article>
  );
}
