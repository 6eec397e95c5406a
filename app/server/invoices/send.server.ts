import { sql } from "kysely";
import { addDays } from "~/lib/time-zone";
import { actorColumns, asActor, type Actor } from "../actor.server";
import { AppError, badRequest } from "../app-error.server";
import { kickOutbox } from "../background.server";
import type { DB } from "../db.server";
import { enqueueEmail } from "../outbox.server";
import { getBusinessSettings } from "../settings.server";
import { invoiceEmail, invoiceLink } from "./invoice-mail.server";
import { invoiceFileName, renderInvoicePdf } from "./invoice-pdf.server";
import { creditDeposit, lockDepositToCredit } from "./deposit-credit.server";
import { getInvoice, invoiceSettings, invoiceToday } from "./invoices.server";
import { lockInvoice, queuePaymentEmail } from "./payments.server";

/** Two presses of Send Invoice within this long are one (a double click, a post repeated by a reload). */
export const RESEND_GUARD_SECONDS = 60;

/**
 * Send Invoice: the customer's e-mail (the link and the PDF) queued in the
 * outbox once, in the transaction that marks the invoice sent (due the
 * settings' days from today, kept on a resend) and records the event. A sent
 * or partly paid invoice may be sent again (a reminder with what is left).
 * A draft of a job whose deposit was received gets the deposit credited as
 * a payment in the same transaction (./deposit-credit.server.ts), so the
 * e-mail and the PDF show it; paid in full by it, the customer gets the
 * receipt (with the PDF) instead of the invoice. `origin`: where the link
 * points (linkOrigin: APP_URL, or this machine).
 */
export async function sendInvoice(db: DB, id: number, actor: Actor, origin: string | undefined): Promise<void> {
  const invoice = await getInvoice(db, id);
  if (invoice.status === "void") throw new AppError(409, `Invoice #${invoice.number} is void and cannot be sent.`);
  if (invoice.status === "paid") throw new AppError(409, `Invoice #${invoice.number} has been paid in full; there is nothing to send.`);
  if (!invoice.lines.length) throw badRequest("Add at least one line before sending the invoice.", { lines: "Add at least one line before sending the invoice." });
  if (invoice.totalCents <= 0) throw badRequest("The invoice's total must be more than $0.00 before it is sent.", { lines: "The invoice's total must be more than $0.00 before it is sent." });
  const [settings, { paymentInstructions, dueDays }] = await Promise.all([getBusinessSettings(db), invoiceSettings(db)]);
  const dueDate = invoice.dueDate ?? addDays(invoiceToday(), dueDays);
  const link = invoiceLink(origin, invoice.token);
  await asActor(db, actor, async (trx) => {
    // The deposit's row before the invoice's, as Record Deposit takes them (./deposit-credit.server.ts).
    const deposit = invoice.jobId !== null ? await lockDepositToCredit(trx, invoice.jobId) : undefined;
    const before = await lockInvoice(trx, id);
    const sent = await trx
      .updateTable("invoices")
      .set({
        status: sql`CASE WHEN status = 'draft' THEN 'sent' ELSE status END`,
        due_date: sql`coalesce(due_date, ${dueDate}::date)`,
        sent_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where("id", "=", id)
      .where("status", "in", ["draft", "sent", "partly_paid"])
      .where((eb) => eb.or([eb("sent_at", "is", null), eb("sent_at", "<", sql<Date>`now() - ${`${RESEND_GUARD_SECONDS} seconds`}::interval`)]))
      .returning("job_id")
      .executeTakeFirst();
    if (!sent) {
      if (before.status === "void" || before.status === "paid") throw new AppError(409, `Invoice #${before.number} is ${before.status} and cannot be sent.`);
      throw new AppError(409, `Invoice #${invoice.number} was sent a moment ago.`);
    }
    await trx.insertInto("invoice_events").values({ invoice_id: id, kind: "sent", body: `To ${invoice.customer.email}`, ...actorColumns(actor) }).execute();
    // Only as it becomes sent: a resend of an invoice sent before credits nothing (the owner may have typed the deposit on it by hand).
    const credited =
      before.status === "draft" && deposit && sent.job_id === invoice.jobId ? await creditDeposit(trx, id, deposit, actor, { ...before, status: "sent" }) : undefined;
    const shown = credited?.invoice ?? (await getInvoice(trx, id));
    const pdf = { filename: invoiceFileName(shown), contentType: "application/pdf", content: await renderInvoicePdf(shown, settings, paymentInstructions, link) };
    if (credited?.paidInFull) await queuePaymentEmail(trx, shown, credited.payment, origin, { attachments: [pdf] });
    else await enqueueEmail(trx, invoiceEmail(shown, settings, link, paymentInstructions, pdf), { leadId: invoice.leadId, kind: "invoice" });
  });
  kickOutbox(db);
}

/**
 * An invoice handed over at the job (Finish Job's payment on the spot, issue
 * 36): a draft becomes sent without an e-mail of its own, as the payment's
 * receipt, queued with the payment, links it. Sent ones stay as they are.
 * The job's received deposit is credited on it as at Send Invoice.
 */
export async function issueAtTheJob(db: DB, id: number, actor: Actor, origin: string | undefined): Promise<void> {
  await asActor(db, actor, async (trx) => {
    const job = await trx.selectFrom("invoices").select("job_id").where("id", "=", id).executeTakeFirst();
    // The deposit's row before the invoice's, as Record Deposit takes them (./deposit-credit.server.ts).
    const deposit = job?.job_id != null ? await lockDepositToCredit(trx, job.job_id) : undefined;
    const issued = await trx
      .updateTable("invoices")
      .set({ status: "sent", due_date: sql`${invoiceToday()}::date`, sent_at: sql`now()`, updated_at: sql`now()` })
      .where("id", "=", id)
      .where("status", "=", "draft")
      .returning("id")
      .executeTakeFirst();
    if (!issued) return;
    await trx.insertInto("invoice_events").values({ invoice_id: id, kind: "sent", body: "Handed over at the job", ...actorColumns(actor) }).execute();
    const credited = deposit && (await creditDeposit(trx, id, deposit, actor));
    // Paid in full by it, the receipt now (the payment on the spot has nothing left to pay); else the next payment's e-mail shows it.
    if (credited?.paidInFull) await queuePaymentEmail(trx, credited.invoice, credited.payment, origin);
  });
  kickOutbox(db);
}
