import { CheckCircle2 } from "lucide-react";
import { CustomerDocument } from "~/components/priced-documents/CustomerDocument";
import { CallLink, customerPageMeta } from "~/components/site/CustomerPageShell";
import { NO_SCRIPTS } from "~/lib/no-scripts";
import { customerInvoiceView, invoiceForCustomer } from "~/server/invoices/customer-page.server";
import { answerCustomer } from "~/server/customer-pages.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/invoices.$token";

/*
 * /invoices/{token} — the customer's invoice (ui-contract.md, Invoices and
 * payments): no sign-in, reached only through the unguessable link in the
 * e-mail, never indexed, nothing to submit (no JavaScript needed). The lines,
 * tax, Total, the payments so far, Amount Due and how to pay. Online card
 * payment is not offered: see docs/decisions/0089. Imports nothing of the dashboard.
 */

// Nothing to run: the page ships no JavaScript at all (app/lib/no-scripts.ts).
export const handle = NO_SCRIPTS;

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const invoice = await invoiceForCustomer(db, params.token, context.get(requestInfoContext).clientIp).catch(answerCustomer);
  return { invoice: await customerInvoiceView(db, invoice), token: params.token };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return customerPageMeta(loaderData ? `Invoice #${loaderData.invoice.number}` : "Invoice", "Your invoice: the work, the payments so far, the amount due, how to pay, and a PDF copy.");
}

export default function CustomerInvoicePage({ loaderData }: Route.ComponentProps) {
  const { invoice, token } = loaderData;
  const isVoid = invoice.status === "void";
  return (
    <CustomerDocument
      heading={isVoid ? <s>Invoice #{invoice.number}</s> : <>Invoice #{invoice.number}</>}
      subtitle={
        <>
          For {invoice.customerName}
          {invoice.dueDate && invoice.owed ? ` · due by ${invoice.dueDate}` : ""}
        </>
      }
      document={invoice}
      pdf={{ href: `/invoices/${token}/pdf`, name: `invoice-${invoice.number}.pdf` }}
      notices={
        <>
          {isVoid && (
            <p role="status" className="rounded-xl border border-slate-300 bg-white p-4 font-medium">
              This invoice has been cancelled: nothing is owed on it. Questions? Call us at <CallLink />.
            </p>
          )}
          {invoice.status === "paid" && (
            <p role="status" className="flex items-start gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 font-medium text-emerald-900">
              <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" />
              Paid in full. Thank you!
            </p>
          )}
        </>
      }
      afterTotals={
        <>
          {invoice.payments.length > 0 && (
            <section aria-labelledby="payments-heading" className="rounded-xl border border-slate-200 bg-white p-4">
              <h2 id="payments-heading" className="text-lg font-bold">
                Payments
              </h2>
              <ul className="mt-2 divide-y divide-slate-100 text-sm">
                {invoice.payments.map((p) => (
                  <li key={p.id} className="flex justify-between gap-4 py-2">
                    <span>
                      {p.date} · {p.method}
                    </span>
                    <span className="tabular-nums">{p.amount}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {!isVoid && (
            <dl className="flex items-baseline justify-between gap-4 rounded-xl border-2 border-brand-600 bg-white p-4 text-xl font-extrabold">
              <dt>Amount Due</dt>
              <dd className="tabular-nums" data-total="Amount Due">
                {invoice.due}
              </dd>
            </dl>
          )}
          {invoice.owed && invoice.paymentInstructions && (
            <section aria-labelledby="pay-heading" className="rounded-xl border border-slate-200 bg-white p-4">
              <h2 id="pay-heading" className="text-lg font-bold">
                Payment Instructions
              </h2>
              <p className="mt-2 whitespace-pre-wrap">{invoice.paymentInstructions}</p>
            </section>
          )}
        </>
      }
    />
  );
}
