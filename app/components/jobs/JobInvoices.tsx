import { Link } from "react-router";
import { CreateInvoiceButton } from "~/components/invoices/CreateInvoiceButton";
import type { JobPageView } from "~/server/jobs/job-view.server";

/**
 * The job's invoices: `Create Invoice` while it has none; once it has one,
 * a link to each and `Create Another Invoice` (ui-contract.md: only one
 * invoice per job unless the owner confirms it). A cancelled job offers no
 * new invoice.
 */
export function JobInvoices({ job, invoices }: Pick<JobPageView, "job" | "invoices">) {
  const canCreate = job.status !== "cancelled";
  if (!invoices.length) return canCreate ? <CreateInvoiceButton jobId={job.id} /> : null;
  return (
    <section aria-labelledby="job-invoices-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id="job-invoices-heading" className="text-base font-semibold text-slate-900">
        Invoices
      </h3>
      <ul className="mt-2 space-y-1 text-sm">
        {invoices.map((invoice) => (
          <li key={invoice.id}>
            <Link to={`/admin/invoices/${invoice.id}`} className="font-semibold text-brand-700 hover:underline">
              Invoice #{invoice.number}
            </Link>{" "}
            <span className="text-slate-700">· {invoice.status}</span>
          </li>
        ))}
      </ul>
      {canCreate && (
        <div className="mt-3">
          <CreateInvoiceButton jobId={job.id} another />
        </div>
      )}
    </section>
  );
}
