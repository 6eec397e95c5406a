import { CheckCircle2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { INPUT } from "~/components/priced-documents/PricedLines";
import { buttonClass } from "~/components/ui/button";
import { formConstraint } from "~/lib/form-schema";
import { PAYMENT_METHODS, paymentSchema, type PaymentForm } from "~/lib/payment-input";
import type { InvoiceSummary } from "~/server/invoices/invoice-page.server";

interface Props {
  invoice: InvoiceSummary;
  /** What was posted when a payment was refused, so nothing typed is lost. */
  posted?: PaymentForm;
  fields: Record<string, string>;
  /** A date over a year back: the question to answer before the payment is recorded. */
  confirm?: string;
}

/**
 * The payments so far (a deleted one struck through, kept), Delete on each
 * live one, and Record Payment while something is due. A date over a year
 * back is asked about first: the question's button posts the same payment
 * again with confirm=yes, and the form below keeps it to change instead.
 * Plain forms: they work without JavaScript.
 */
export function PaymentsPanel({ invoice, posted, fields, confirm }: Props) {
  const busy = useNavigation().state === "submitting";
  const canRecord = invoice.dueCents > 0;
  // The form's attributes from its schema (docs/decisions/0118); the form is noValidate, so they mark the fields, the server answers.
  const constraint = formConstraint(paymentSchema(invoice.today, invoice.dueCents));
  const error = (name: keyof PaymentForm) =>
    fields[name] ? (
      <p id={`payment-${name}-error`} className="mt-1.5 text-sm font-medium text-red-600">
        {fields[name]}
      </p>
    ) : null;
  const described = (name: keyof PaymentForm) => (fields[name] ? { "aria-invalid": true, "aria-describedby": `payment-${name}-error` } : {});
  return (
    <section aria-labelledby="payments-heading" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id="payments-heading" className="text-lg font-semibold text-slate-900">
        Payments
      </h3>
      {invoice.payments.length === 0 ? (
        <p className="text-sm text-slate-600">No payments recorded yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {invoice.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span className={p.deleted ? "text-slate-500 line-through" : "text-slate-900"}>
                {p.date} · {p.method} · <span className="tabular-nums">{p.amount}</span>
                {p.note ? ` (${p.note})` : ""}
              </span>
              {p.deleted ? (
                <span className="text-xs text-slate-500">Deleted{p.deletedBy ? ` by ${p.deletedBy}` : ""}</span>
              ) : (
                <Form method="post">
                  <input type="hidden" name="paymentId" value={p.id} />
                  <button type="submit" name="intent" value="delete-payment" className={buttonClass("secondary")} disabled={busy} aria-label={`Delete payment of ${p.amount} on ${p.date}`}>
                    Delete
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {canRecord && confirm && posted && <ConfirmOldDate question={confirm} payment={posted} />}
      {canRecord && (
        <Form key={invoice.stamp} method="post" noValidate className="space-y-4 border-t border-slate-200 pt-4">
          <h4 className="text-base font-semibold text-slate-900">Record Payment</h4>
          <div className="grid gap-4 sm:grid-cols-3">
            <div>
              <label htmlFor="payment-amount" className="mb-1.5 block text-sm font-medium text-slate-800">
                Amount
              </label>
              <input id="payment-amount" name="amount" required={constraint.amount.required} inputMode="decimal" defaultValue={posted?.amount ?? ""} placeholder={invoice.due.replace(/^\$/, "")} className={INPUT} {...described("amount")} />
              {error("amount")}
            </div>
            <div>
              <label htmlFor="payment-method" className="mb-1.5 block text-sm font-medium text-slate-800">
                Method
              </label>
              <select id="payment-method" name="method" required={constraint.method.required} defaultValue={posted?.method ?? "Cash"} className={INPUT} {...described("method")}>
                {PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
              {error("method")}
            </div>
            <div>
              <label htmlFor="payment-date" className="mb-1.5 block text-sm font-medium text-slate-800">
                Date
              </label>
              <input id="payment-date" name="date" type="date" required={constraint.date.required} max={invoice.today} defaultValue={posted?.date ?? invoice.today} className={INPUT} {...described("date")} />
              {error("date")}
            </div>
          </div>
          <div>
            <label htmlFor="payment-note" className="mb-1.5 block text-sm font-medium text-slate-800">
              Note (optional)
            </label>
            <input id="payment-note" name="note" {...constraint.note} defaultValue={posted?.note ?? ""} className={INPUT} {...described("note")} />
            {error("note")}
          </div>
          <button type="submit" name="intent" value="record-payment" className={buttonClass("primary")} disabled={busy}>
            Record Payment
          </button>
        </Form>
      )}
    </section>
  );
}

/** "This payment's date, …, is more than a year ago. Record it anyway?" with the same post again, confirmed. */
function ConfirmOldDate({ question, payment }: { question: string; payment: PaymentForm }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="payment-confirm-heading" className="rounded-xl border border-amber-200 bg-amber-50 p-4 sm:p-5">
      <h4 id="payment-confirm-heading" className="text-base font-semibold text-amber-950">
        {question}
      </h4>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Form method="post">
          {Object.entries(payment).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" name="intent" value="record-payment" className={buttonClass("primary")} disabled={busy} autoFocus>
            <CheckCircle2 aria-hidden className="size-4" />
            Yes, Record Payment
          </button>
        </Form>
        <a href="#payment-date" className={buttonClass("secondary")}>
          Change the Date
        </a>
      </div>
    </section>
  );
}
