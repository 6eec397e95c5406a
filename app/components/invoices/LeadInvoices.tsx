import { Link } from "react-router";
import { INVOICE_STATUS_TITLES } from "~/lib/invoice-status";
import { CreateInvoiceButton } from "./CreateInvoiceButton";
import type { LeadInvoice } from "~/server/invoices/invoice-lists.server";

/** The lead's invoices and `Create Invoice` (a POST that makes an empty draft and opens it; a job's button sends its job_id instead). */
export function LeadInvoices({ leadId, invoices }: { leadId: number; invoices: LeadInvoice[] }) {
  return (
    <section aria-labelledby="invoices-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="invoices-heading" className="text-base font-semibold text-slate-900">
          Invoices
        </h3>
        <CreateInvoiceButton leadId={leadId} />
      </div>
      {invoices.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200 text-sm">
          {invoices.map((i) => (
            <li key={i.id} className="flex flex-wrap justify-between gap-2 py-2">
              <Link to={`/admin/invoices/${i.id}`} className="font-semibold text-brand-700 hover:underline">
                {i.status === "void" ? <s>Invoice #{i.number}</s> : `Invoice #${i.number}`}
              </Link>
              <span className="text-slate-700">
                {INVOICE_STATUS_TITLES[i.status]} · <span className="tabular-nums">{i.total}</span>
                {i.status === "sent" || i.status === "partly_paid" ? ` · due ${i.due}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
