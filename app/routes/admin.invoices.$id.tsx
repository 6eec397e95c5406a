import { data, Form, redirect, useNavigation } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { InvoiceEditor } from "~/components/invoices/InvoiceEditor";
import { BackLinks, DocumentHeading, DoneNote } from "~/components/priced-documents/DocumentHeader";
import { LinesTable, Totals } from "~/components/priced-documents/LinesAndTotals";
import { PaymentsPanel } from "~/components/invoices/PaymentsPanel";
import { buttonClass } from "~/components/ui/button";
import { INVOICE_STATUS_TITLES } from "~/lib/invoice-status";
import { formatTaxRate } from "~/lib/money";
import type { PaymentForm } from "~/lib/payment-input";
import { serviceLine } from "~/lib/priced-lines";
import { atEdge, badRequest } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { postedForm } from "~/server/form-body.server";
import { dispatchIntent, formText, refusedOnForm } from "~/server/form-action.server";
import { invoiceSummary, invoiceValues, postedInvoiceValues, toInvoiceForm, type InvoiceValues } from "~/server/invoices/invoice-page.server";
import { keptDiscount } from "~/server/plans/plan-discount.server";
import { getInvoice, invoiceId, notDraftError, saveInvoice, voidInvoice } from "~/server/invoices/invoices.server";
import { deletePayment, OldPaymentDateError, recordPayment } from "~/server/invoices/payments.server";
import { sendInvoice } from "~/server/invoices/send.server";
import { postedEditorIntent, REMOVE_LINE, serviceChoices } from "~/server/priced-documents/document-views.server";
import { databaseContext } from "~/server/request-context.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/admin.invoices.$id";

/*
 * /admin/invoices/{id} — an invoice (ui-contract.md, Invoices and payments).
 * A draft is edited like an estimate (save, send, and without JavaScript add /
 * remove-{i}); once sent, its lines are fixed and the page records payments
 * (record-payment), deletes a wrong one (delete-payment) and voids (void).
 * Every change answers a redirect (no double post); a refusal re-renders
 * with the message and what was typed.
 */

const DONE = {
  saved: "Invoice saved.",
  sent: "Invoice sent.",
  payment: "Payment recorded.",
  paid: "Payment recorded: the invoice is paid in full and the receipt is on its way.",
  deleted: "Payment deleted; it stays in the history.",
  voided: "Invoice voided.",
} as const;
type Done = keyof typeof DONE;

interface Failure {
  error?: string;
  fields?: Record<string, string>;
  values?: InvoiceValues;
  payment?: PaymentForm;
  /** A payment's date over a year back: the question, answered by posting `payment` again with confirm=yes. */
  confirm?: string;
}

export const loader = atEdge(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext);
  const invoice = await getInvoice(db, invoiceId(params.id));
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return {
    invoice: invoiceSummary(invoice),
    values: invoiceValues(invoice),
    discount: keptDiscount(invoice.lines),
    services: invoice.status === "draft" ? await serviceChoices(db) : [],
    done: done in DONE ? DONE[done as Done] : null,
  };
});

export const action = atEdge(async ({ request, params, context }: Route.ActionArgs) => {
  const db = context.get(databaseContext);
  const id = invoiceId(params.id);
  const form = await postedForm(request);
  const actor = adminUserFrom(context);
  const values = postedInvoiceValues(form);
  const payment: PaymentForm = { amount: formText(form, "amount"), method: formText(form, "method"), date: formText(form, "date"), note: formText(form, "note") };
  // Every change ends in a redirect (no double post), thrown past the refusals.
  const doneHere = (done: Done): never => {
    throw redirect(`/admin/invoices/${id}?done=${done}`, 303);
  };
  const handlers = {
    save: async () => {
      const current = await getInvoice(db, id);
      if (current.status !== "draft") throw notDraftError(current.number);
      await saveInvoice(db, id, toInvoiceForm(values));
      return doneHere("saved");
    },
    // A sent invoice's Send Invoice sends it again; a draft's saves what was typed first.
    send: async () => {
      if ((await getInvoice(db, id)).status === "draft") await saveInvoice(db, id, toInvoiceForm(values));
      await sendInvoice(db, id, actor, linkOrigin(request));
      return doneHere("sent");
    },
    add: async () => data<Failure>({ values: { ...values, lines: [...values.lines, serviceLine(await serviceChoices(db), formText(form, "addService"))] } }),
    [REMOVE_LINE]: async () => data<Failure>({ values: { ...values, lines: values.lines.filter((_, i) => i !== line) } }),
    "record-payment": async () => {
      const oldDateConfirmed = formText(form, "confirm") === "yes";
      try {
        return doneHere((await recordPayment(db, id, payment, actor, linkOrigin(request), { oldDateConfirmed })).paidInFull ? "paid" : "payment");
      } catch (error) {
        // Asked, not refused (200): the page shows the question and the form as typed.
        if (error instanceof OldPaymentDateError) return data<Failure>({ confirm: error.question, payment });
        throw error;
      }
    },
    "delete-payment": async () => {
      const paymentId = formText(form, "paymentId");
      if (!/^\d{1,9}$/.test(paymentId)) throw badRequest("paymentId must be a payment's id.");
      await deletePayment(db, id, Number(paymentId), actor);
      return doneHere("deleted");
    },
    void: async () => {
      await voidInvoice(db, id, actor);
      return doneHere("voided");
    },
  };
  const { intent, line } = postedEditorIntent(form, handlers);
  // A refusal shows on the form that posted it, with what was typed; the invoice gone is the page's 404 (a payment gone is the form's).
  const editing = intent === "save" || intent === "send" || intent === "";
  return refusedOnForm(
    () => dispatchIntent(intent, handlers),
    (error): Failure | undefined =>
      error.status === 404 && intent !== "delete-payment"
        ? undefined
        : { error: error.message, fields: error.fields, values: editing ? values : undefined, payment: intent === "record-payment" ? payment : undefined },
  );
});

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Invoice #${loaderData.invoice.number}` : "Invoice";
  return [{ title: `${title} · Admin Dashboard` }, { name: "robots", content: "noindex" }];
}

export default function InvoicePage({ loaderData, actionData }: Route.ComponentProps) {
  const { invoice, services, done } = loaderData;
  const failure = (actionData ?? undefined) as Failure | undefined;
  const busy = useNavigation().state === "submitting";
  const isVoid = invoice.status === "void";
  const rate = `Tax (${formatTaxRate(invoice.taxRateMilliPercent)}%)`;
  return (
    <main className="mx-auto max-w-4xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <BackLinks work={invoice} customer={invoice.customer} list={{ href: "/admin/invoices", label: "All invoices" }} />
      <section aria-labelledby="invoice-heading" className="space-y-4">
        <DocumentHeading
          id="invoice-heading"
          title={isVoid ? <s>Invoice #{invoice.number}</s> : <>Invoice #{invoice.number}</>}
          status={INVOICE_STATUS_TITLES[invoice.status]}
          pdfHref={`/admin/invoices/${invoice.id}/pdf`}
        >
          {invoice.overdue && <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-medium text-red-800">Overdue</span>}
        </DocumentHeading>
        <DoneNote message={done && !failure ? (done === DONE.sent ? `Invoice sent to ${invoice.email}.` : done) : null} />
        {failure?.error && <ErrorBanner>{failure.error}</ErrorBanner>}
        {invoice.status === "draft" ? (
          <InvoiceEditor invoice={invoice} values={failure?.values ?? loaderData.values} discount={loaderData.discount} services={services} fields={failure?.values ? (failure.fields ?? {}) : {}} />
        ) : (
          <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <p className="text-sm text-slate-600">
              {isVoid ? "This invoice is void: nothing is owed on it." : `Sent to ${invoice.email}${invoice.dueDate ? `, due ${invoice.dueDate}` : ""}. Its lines can no longer be changed.`}
            </p>
            <LinesTable lines={invoice.lines} />
            <Totals
              rows={[
                ["Subtotal", invoice.subtotal],
                [rate, invoice.tax],
                ["Total", invoice.total, true],
                ["Paid", invoice.paid],
                ...(isVoid ? [] : [["Amount Due", invoice.due, true] as [string, string, boolean]]),
              ]}
            />
            {(invoice.status === "sent" || invoice.status === "partly_paid") && (
              <Form method="post" className="border-t border-slate-200 pt-4">
                <button type="submit" name="intent" value="send" className={buttonClass("secondary")} disabled={busy}>
                  Send Invoice
                </button>
              </Form>
            )}
          </div>
        )}
        {invoice.status !== "draft" && <PaymentsPanel invoice={invoice} posted={failure?.payment} fields={failure?.payment ? (failure.fields ?? {}) : {}} confirm={failure?.confirm} />}
        {!isVoid && invoice.status !== "paid" && invoice.paidCents === 0 && (
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <button type="submit" name="intent" value="void" className={buttonClass("danger")} disabled={busy}>
              Void
            </button>
            <span className="text-sm text-slate-600">Keeps the number; the customer no longer owes it.</span>
          </Form>
        )}
      </section>
    </main>
  );
}
