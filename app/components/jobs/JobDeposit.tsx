import { Banknote, CheckCircle2, Hourglass, XCircle } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { INPUT } from "~/components/priced-documents/PricedLines";
import { buttonClass } from "~/components/ui/button";
import { formConstraint } from "~/lib/form-schema";
import { recordDepositSchema } from "~/lib/job-page-forms";
import { PAYMENT_METHODS } from "~/lib/payment-input";
import type { DepositPageView } from "~/server/jobs/deposit-records.server";

const constraint = formConstraint(recordDepositSchema);

/**
 * The deposit the booking asked for (the owner's; docs/decisions/0132): while
 * it is due, the amount, until when the booking is held and `Record Deposit`
 * (a plain form posting intent=record_deposit, so it works without
 * JavaScript); then when it was received, or that the hold ran out and the
 * booking was released.
 */
export function JobDeposit({ jobId, deposit, error }: { jobId: number; deposit: DepositPageView; error?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="job-deposit-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id="job-deposit-heading" className="text-base font-semibold text-slate-900">
        {deposit.state === "received" ? "Deposit received" : deposit.state === "released" ? "Booking released" : "Deposit due"}
      </h3>
      {deposit.state === "received" && deposit.received && (
        <p className="mt-2 flex items-start gap-2 text-sm text-slate-800">
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          <span>
            <span className="font-semibold tabular-nums">{deposit.amount}</span> by {deposit.received.method}, recorded {deposit.received.at}
            {deposit.received.by && ` by ${deposit.received.by}`}. <DepositCredit deposit={deposit} />
          </span>
        </p>
      )}
      {deposit.state === "released" && (
        <p className="mt-2 flex items-start gap-2 text-sm text-slate-800">
          <XCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-600" />
          <span>
            No deposit of {deposit.amount} was recorded by {deposit.heldUntil}, so the booking was released {deposit.releasedAt}: the job is cancelled, its
            time free again, and the customer was e-mailed a link to book again.
          </span>
        </p>
      )}
      {deposit.state === "due" && (
        <>
          <p className="mt-2 flex items-start gap-2 text-sm text-slate-800">
            <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
            <span>
              <span className="font-semibold tabular-nums">{deposit.amount}</span>{" "}
              {deposit.waiting
                ? `is due. The booking is held until ${deposit.heldUntil}; without the deposit recorded by then, the job is cancelled, its time freed and the customer e-mailed.`
                : `was due by ${deposit.heldUntil}.`}
            </span>
          </p>
          {deposit.canRecord && (
            <Form method="post" action={`/admin/jobs/${jobId}`} noValidate className="mt-3 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="record_deposit" />
              <div>
                <label htmlFor="deposit-method" className="mb-1 block text-sm font-medium text-slate-800">
                  Method
                </label>
                <select
                  id="deposit-method"
                  name="method"
                  required={constraint.method.required}
                  defaultValue="Zelle"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "deposit-method-error" : undefined}
                  className={INPUT}
                >
                  {PAYMENT_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={buttonClass("primary")} disabled={busy} aria-describedby="deposit-amount">
                <Banknote aria-hidden className="size-4" />
                Record Deposit
              </button>
              <span id="deposit-amount" className="pb-2 text-sm text-slate-700">
                of <span className="font-semibold tabular-nums">{deposit.amount}</span>
              </span>
              {error && (
                <p id="deposit-method-error" className="w-full text-sm font-medium text-red-600">
                  {error}
                </p>
              )}
            </Form>
          )}
        </>
      )}
    </section>
  );
}

/** Where the received deposit went (docs/decisions/0133): credited on an invoice (linked), its payment deleted there, or still to be credited. */
function DepositCredit({ deposit }: { deposit: DepositPageView }) {
  const credit = deposit.credit;
  if (!credit) return <>It will be credited on the job's invoice when the invoice is sent.</>;
  const invoice = (
    <Link to={`/admin/invoices/${credit.invoiceId}`} className="font-semibold text-brand-700 hover:underline">
      invoice #{credit.invoiceNumber}
    </Link>
  );
  if (credit.deleted) return <>Its payment on {invoice} was deleted, so it is not counted there.</>;
  return (
    <>
      Credited on {invoice}
      {credit.partial && <>: {credit.amount}, what was due</>}.
    </>
  );
}
