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
import { getInvoice, invoiceSettings, invoiceToday } from "./invoices.server";

/** Two presses of Send Invoice within this long are one (a double click, a post repeated by a reload). */
export const RESEND_GUARD_SECONDS = 60;

/**
 * Send Invoice: the customer's e-mail (the link and the PDF) queued in the
 * outbox once, in the transaction that marks the invoice sent (due the
 * settings' days from today, kept on a resend) and records the event. A sent
 * or partly paid invoice may be sent again (a reminder with what is left).
 * `origin`: where the link points (linkOrigin: APP_URL, or this machine).
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
  const shown = { ...invoice, status: invoice.status === "draft" ? ("sent" as const) : invoice.status, sentAt: invoice.sentAt ?? new Date(), dueDate };
  shown.dueCents = shown.totalCents - shown.paidCents;
  const pdf = await renderInvoicePdf(shown, settings, paymentInstructions, link);
  await asActor(db, actor, async (trx) => {
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
      .returning("id")
      .executeTakeFirst();
    if (!sent) {
      const now = await trx.selectFrom("invoices").select(["status", "number"]).where("id", "=", id).executeTakeFirst();
      if (now?.status === "void" || now?.status === "paid") throw new AppError(409, `Invoice #${now.number} is ${now.status} and cannot be sent.`);
      throw new AppError(409, `Invoice #${invoice.number} was sent a moment ago.`);
    }
    await trx.insertInto("invoice_events").values({ invoice_id: id, kind: "sent", body: `To ${invoice.customer.email}`, ...actorColumns(actor) }).execute();
    const email = invoiceEmail(shown, settings, link, paymentInstructions, { filename: invoiceFileName(invoice), contentType: "application/pdf", content: pdf });
    await enqueueEmail(trx, email, { leadId: invoice.leadId, kind: "invoice" });
  });
  kickOutbox(db);
}

/**
 * An invoice handed over at the job (Finish Job's payment on the spot, issue
 * 36): a draft becomes sent without an e-mail of its own, as the payment's
 * receipt, queued with the payment, links it. Sent ones stay as they are.
 */
export async function issueAtTheJob(db: DB, id: number, actor: Actor): Promise<void> {
  await asActor(db, actor, async (trx) => {
    const issued = await trx
      .updateTable("invoices")
      .set({ status: "sent", due_date: sql`${invoiceToday()}::date`, sent_at: sql`now()`, updated_at: sql`now()` })
      .where("id", "=", id)
      .where("status", "=", "draft")
      .returning("id")
      .executeTakeFirst();
    if (issued) await trx.insertInto("invoice_events").values({ invoice_id: id, kind: "sent", body: "Handed over at the job", ...actorColumns(actor) }).execute();
  });
}
