import { ArrowLeft, CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import { workPartyHref, workPartyLabel } from "~/lib/work-links";

/*
 * The top of a priced document's admin page (docs/decisions/0116): the way
 * back to its lead (or customer) and to the kind's list, the heading with its status and
 * PDF link, and what the last change did.
 */

export function BackLinks({ work, customer, list }: { work: { leadId: number | null; customerId: number }; customer: string; list: { href: string; label: string } }) {
  return (
    <div className="flex flex-wrap gap-4 text-sm font-semibold text-brand-700">
      <Link to={workPartyHref(work)} className="inline-flex items-center gap-1.5 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        {workPartyLabel(work, customer)}
      </Link>
      <Link to={list.href} className="hover:underline">
        {list.label}
      </Link>
    </div>
  );
}

/** "Estimate #12", its status, any other badge (Overdue) and View PDF. */
export function DocumentHeading({ id, title, status, pdfHref, children }: { id: string; title: React.ReactNode; status: string; pdfHref: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h2 id={id} className="text-2xl font-semibold text-slate-900">
        {title}
      </h2>
      <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700">{status}</span>
      {children}
      <a href={pdfHref} className="text-sm font-semibold text-brand-700 hover:underline">
        View PDF
      </a>
    </div>
  );
}

/** What the last change did ("Estimate saved."), read out when it appears; nothing when `message` is null. */
export function DoneNote({ message }: { message: string | null }) {
  return (
    <div role="status">
      {message && (
        <p className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">
          <CheckCircle2 aria-hidden className="size-4" />
          {message}
        </p>
      )}
    </div>
  );
}
