import { Download } from "lucide-react";
import { Link } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { IncomeChart } from "~/components/invoices/IncomeChart";
import { buttonClass } from "~/components/ui/button";
import { ListSearch } from "~/components/admin/ListSearch";
import { Pager } from "~/components/ui/Pager";
import { INVOICE_STATUS_TITLES } from "~/lib/invoice-status";
import { workPartyHref } from "~/lib/work-links";
import { INVOICES_LIST, invoicesHref, invoicesView } from "~/server/invoices/invoice-lists.server";
import { listPage } from "~/server/list-page.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.invoices";

/*
 * /admin/invoices?status=unpaid|paid&q=&page= — what is owed and what came in:
 * the invoices (newest first; Unpaid, Paid or All; searched by number or
 * customer), the amount outstanding,
 * how many are overdue, the income per month and the CSV export. Links and
 * pages only: it works without JavaScript.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  return listPage(INVOICES_LIST, request, (query) => invoicesView(context.get(databaseContext), query), invoicesHref);
}

export function meta() {
  return [{ title: "Invoices · Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function InvoicesPage({ loaderData }: Route.ComponentProps) {
  const { invoices, filters, pager, outstanding, overdue, income, error, filter, q, total } = loaderData;
  return (
    <main className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold text-slate-900">Invoices</h2>
        <a href="/admin/invoices/export" className={buttonClass("secondary")} download>
          <Download aria-hidden className="size-4" />
          Export CSV
        </a>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Outstanding</dt>
          <dd className="text-2xl font-bold text-slate-900 tabular-nums" data-figure="outstanding">
            {outstanding}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Overdue</dt>
          <dd className={`text-2xl font-bold tabular-nums ${overdue > 0 ? "text-red-700" : "text-slate-900"}`} data-figure="overdue">
            {overdue}
          </dd>
        </div>
      </dl>
      <nav aria-label="Filter invoices" className="flex flex-wrap gap-2">
        {filters.map((f) => (
          <Link key={f.label} to={f.href} aria-current={f.current ? "page" : undefined} className={buttonClass(f.current ? "primary" : "secondary")}>
            {f.label}
          </Link>
        ))}
      </nav>
      <ListSearch action="/admin/invoices" id="invoice-search" label="Search invoices" placeholder="Number or customer…" q={q} keep={{ status: filter }} />
      {error && <ErrorBanner>{error}</ErrorBanner>}
      {q && (
        <p className="text-sm text-slate-600" aria-live="polite">
          {total} {total === 1 ? "invoice" : "invoices"} matching “{q}”
        </p>
      )}
      {invoices.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">
          {q ? "No invoices match this search." : filter ? "No invoices here." : "No invoices yet. Open a job or a lead and press Create Invoice."}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          {/* On a phone each row is a card (number and status, customer, amounts, due date): no column is out of sight. */}
          <table className="w-full text-sm max-sm:block">
            <caption className="sr-only">Invoices</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase max-sm:sr-only">
              <tr>
                <th scope="col" className="px-3 py-2">Invoice</th>
                <th scope="col" className="px-3 py-2">Customer</th>
                <th scope="col" className="px-3 py-2">Status</th>
                <th scope="col" className="px-3 py-2 text-right">Total</th>
                <th scope="col" className="px-3 py-2 text-right">Amount Due</th>
                <th scope="col" className="px-3 py-2">Due Date</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 max-sm:block">
              {invoices.map((r) => (
                <tr key={r.id} className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-1 max-sm:p-3">
                  <td className="px-3 py-2 max-sm:p-0">
                    <Link to={`/admin/invoices/${r.id}`} className="font-semibold text-brand-700 hover:underline">
                      {r.status === "void" ? <s>#{r.number}</s> : `#${r.number}`}
                    </Link>
                  </td>
                  <td className="px-3 py-2 max-sm:col-span-2 max-sm:row-start-2 max-sm:p-0 max-sm:break-words">
                    <Link to={workPartyHref(r)} className="hover:underline">
                      {r.customer}
                    </Link>
                  </td>
                  <td className="px-3 py-2 max-sm:col-start-2 max-sm:row-start-1 max-sm:p-0 max-sm:text-right">
                    {INVOICE_STATUS_TITLES[r.status]}
                    {r.overdue && <span className="ml-2 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">Overdue</span>}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums max-sm:p-0 max-sm:text-left">
                    <span className="text-slate-600 sm:hidden">Total </span>
                    {r.total}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums max-sm:p-0">
                    <span className="text-slate-600 sm:hidden">Due </span>
                    {r.due}
                  </td>
                  <td className="px-3 py-2 tabular-nums max-sm:col-span-2 max-sm:p-0">
                    <span className="text-slate-600 sm:hidden">Due date </span>
                    {r.dueDate ?? "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager pager={pager} noun="invoices" />
      <IncomeChart months={income} />
    </main>
  );
}
