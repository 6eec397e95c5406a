import { sql } from "kysely";
import { paymentStatus, type InvoiceStatus } from "~/lib/invoice-status";
import { centsToDollarInput } from "~/lib/money";
import { amountTooLarge, oldPaymentQuestion, parsePaymentForm, type PaymentForm, type PaymentMethod } from "~/lib/payment-input";
import { asActor, actorColumns, actorPair, type Actor } from "../actor.server";
import { AppError, notFound } from "../app-error.server";
import { kickOutbox } from "../background.server";
import type { DB } from "../db.server";
import { enqueueEmail } from "../outbox.server";
import { getBusinessSettings } from "../settings.server";
import { invoiceLink, paymentEmail } from "./invoice-mail.server";
import type { EmailAttachment } from "../mail.server";
import { amountDue, getInvoice, invoiceToday, type Invoice, type Payment } from "./invoices.server";

/**
 * Payments (docs/decisions/0088). Recording one locks the invoice's row
 * (SELECT … FOR UPDATE), so two at the same moment are checked one after the
 * other against what is then due; the CHECK paid_cents ≤ total_cents backs
 * it in the database. In the same transaction the customer's e-mail is
 * queued: `Payment received` with the balance, or, paid in full, the receipt;
 * then the invoice is Paid and the lead becomes Completed. applyPayment is
 * that core, shared with a deposit credited on the invoice (docs/decisions/0133,
 * ./deposit-credit.server.ts).
 */

export const PAYMENT_INVALID_MESSAGE = "Please correct the highlighted fields and try again.";

export async function lockInvoice(trx: DB, id: number) {
  const row = await trx.selectFrom("invoices").select(["number", "status", "total_cents", "paid_cents", "lead_id"]).where("id", "=", id).forUpdate().executeTakeFirst();
  if (!row) throw notFound("Invoice not found");
  return { number: row.number, status: row.status as InvoiceStatus, totalCents: Number(row.total_cents), paidCents: Number(row.paid_cents), leadId: row.lead_id };
}

export type LockedInvoice = Awaited<ReturnType<typeof lockInvoice>>;

/** A payment as applyPayment stores it: the form's, or a deposit's (docs/decisions/0133). */
export interface NewPayment {
  amountCents: number;
  method: PaymentMethod;
  /** YYYY-MM-DD in the business's time zone. */
  paidOn: string;
  note: string;
  tipCents?: number;
  clientKey?: string | null;
  /** The deposit it is credited from: once per deposit (payments.job_deposit_id is UNIQUE). */
  jobDepositId?: number | null;
  /** Said after the payment in the invoice's history (what of a deposit was not credited). */
  eventNote?: string;
}

/**
 * The one way a payment is applied, under the invoice's row lock taken by
 * the caller (`invoice` as lockInvoice read it; its amount already checked
 * against what is due): the payment stored, the invoice's paid total and
 * status (paid in full: paid_at, the `paid` event and the lead Completed),
 * its history. The caller queues the customer's e-mail (queuePaymentEmail,
 * or the invoice's own). undefined when the deposit it names was credited
 * already: the unique index decides, and nothing else changes.
 */
export async function applyPayment(trx: DB, invoiceId: number, invoice: LockedInvoice, payment: NewPayment, actor: Actor): Promise<{ paidInFull: boolean; invoice: Invoice } | undefined> {
  const { amountCents, method, paidOn, note, tipCents = 0, clientKey = null, jobDepositId = null } = payment;
  const stored = await trx
    .insertInto("payments")
    .values({
      invoice_id: invoiceId,
      amount_cents: amountCents,
      tip_cents: tipCents,
      client_key: clientKey,
      job_deposit_id: jobDepositId,
      method,
      paid_on: sql<Date>`${paidOn}::date`,
      note,
      ...actorPair("recorded_by", actor),
    })
    .onConflict((oc) => oc.column("job_deposit_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!stored) return undefined;
  const paid = invoice.paidCents + amountCents;
  const status = paymentStatus(paid, invoice.totalCents);
  await trx
    .updateTable("invoices")
    .set({ paid_cents: paid, status, paid_at: status === "paid" ? sql`now()` : null, updated_at: sql`now()` })
    .where("id", "=", invoiceId)
    .execute();
  const tip = tipCents > 0 ? ` (and a ${centsToDollarInput(tipCents)} tip)` : "";
  const body = `${method} ${centsToDollarInput(amountCents)}${tip} on ${paidOn}${note ? `: ${note}` : ""}${payment.eventNote ? ` ${payment.eventNote}` : ""}`;
  await trx.insertInto("invoice_events").values({ invoice_id: invoiceId, kind: "payment", body, ...actorColumns(actor) }).execute();
  if (status === "paid") {
    await trx.insertInto("invoice_events").values({ invoice_id: invoiceId, kind: "paid", body: "", ...actorColumns(actor) }).execute();
    if (invoice.leadId !== null) {
      await trx.updateTable("quote_requests").set({ status: "completed", updated_at: sql`now()` }).where("id", "=", invoice.leadId).where("status", "<>", "completed").execute();
    }
  }
  return { paidInFull: status === "paid", invoice: await getInvoice(trx, invoiceId) };
}

/**
 * The customer's e-mail of a payment just applied to `invoice` (as it now
 * is): `Payment received` with the balance, or paid in full the receipt
 * (with `attachments`, the invoice's PDF when no invoice e-mail went before it).
 */
export async function queuePaymentEmail(
  trx: DB,
  invoice: Invoice,
  payment: Pick<Payment, "amountCents" | "method" | "paidOn"> & { fromDeposit?: boolean },
  origin: string | undefined,
  { tipCents = 0, attachments = [] }: { tipCents?: number; attachments?: EmailAttachment[] } = {},
): Promise<void> {
  const settings = await getBusinessSettings(trx);
  const email = paymentEmail(invoice, payment, settings, invoiceLink(origin, invoice.token), tipCents);
  if (attachments.length) email.attachments = [...(email.attachments ?? []), ...attachments];
  await enqueueEmail(trx, email, { leadId: invoice.leadId, kind: invoice.status === "paid" ? "invoice_receipt" : "invoice_payment" });
}

/**
 * A payment dated more than a year back that the owner has not confirmed: the
 * invoice page asks `question` (its button posts again with confirm=yes); to
 * anything else it is a 400 on Date.
 */
export class OldPaymentDateError extends AppError {
  constructor(readonly question: string) {
    super(400, question, { fields: { date: question } });
  }
}

/**
 * Record Payment: refused with the field named (AppError 400 with `fields`)
 * when the form is wrong or the amount is more than is due once the invoice
 * is locked; OldPaymentDateError for a date over a year back unless
 * `oldDateConfirmed`; 409 for a draft, void or paid invoice. `origin`: the
 * e-mail's link.
 */
export async function recordPayment(
  db: DB,
  invoiceId: number,
  form: PaymentForm,
  actor: Actor,
  origin: string | undefined,
  {
    oldDateConfirmed = false,
    tipCents = 0,
    clientKey = null,
  }: {
    oldDateConfirmed?: boolean;
    /** A tip given with it (in the field, issue 36): kept on the payment, outside the invoice's total. */
    tipCents?: number;
    /** The phone's idempotency key: a payment of this key already recorded is not recorded again (a replay of the offline queue). */
    clientKey?: string | null;
  } = {},
): Promise<{ paidInFull: boolean }> {
  const today = invoiceToday();
  // Checked first without the lock (the form's own mistakes), then again with it.
  const loose = parsePaymentForm(form, today, Number.MAX_SAFE_INTEGER);
  if (!loose.ok) throw new AppError(400, PAYMENT_INVALID_MESSAGE, { fields: loose.errors });
  const input = loose.input;
  const question = oldDateConfirmed ? null : oldPaymentQuestion(input.paidOn, today);
  if (question) throw new OldPaymentDateError(question);
  const paidInFull = await asActor(db, actor, async (trx) => {
    const invoice = await lockInvoice(trx, invoiceId);
    // Under the invoice's lock, a second post of one key finds the first's payment.
    if (clientKey !== null && (await trx.selectFrom("payments").select("id").where("client_key", "=", clientKey).executeTakeFirst())) return invoice.status === "paid";
    if (invoice.status === "draft") throw new AppError(409, `Invoice #${invoice.number} has not been sent yet; send it before recording a payment.`);
    if (invoice.status === "void") throw new AppError(409, `Invoice #${invoice.number} is void; no payment can be recorded on it.`);
    const due = amountDue(invoice.status, invoice.totalCents, invoice.paidCents);
    if (due === 0) throw new AppError(409, `Invoice #${invoice.number} has been paid in full; nothing is due.`);
    if (input.amountCents > due) throw new AppError(400, PAYMENT_INVALID_MESSAGE, { fields: { amount: amountTooLarge(due) } });
    const applied = await applyPayment(trx, invoiceId, invoice, { ...input, tipCents, clientKey }, actor);
    await queuePaymentEmail(trx, applied!.invoice, input, origin, { tipCents });
    return applied!.paidInFull;
  });
  kickOutbox(db);
  return { paidInFull };
}

/**
 * Deletes a wrong payment: it stays in the history (deleted_at, deleted_by)
 * and no longer counts; the invoice's status follows. A receipt already sent
 * is not taken back, and the lead stays as it is.
 */
export async function deletePayment(db: DB, invoiceId: number, paymentId: number, actor: Actor): Promise<void> {
  await asActor(db, actor, async (trx) => {
    const invoice = await lockInvoice(trx, invoiceId);
    const payment = await trx
      .updateTable("payments")
      .set({ deleted_at: sql`now()`, ...actorPair("deleted_by", actor) })
      .where("id", "=", paymentId)
      .where("invoice_id", "=", invoiceId)
      .where("deleted_at", "is", null)
      .returning(["amount_cents", "method", sql<string>`paid_on::text`.as("paid_on")])
      .executeTakeFirst();
    if (!payment) throw new AppError(404, "That payment is not on this invoice, or has already been deleted.");
    const paid = invoice.paidCents - Number(payment.amount_cents);
    const status = invoice.status === "void" ? "void" : paymentStatus(paid, invoice.totalCents);
    await trx.updateTable("invoices").set({ paid_cents: paid, status, paid_at: null, updated_at: sql`now()` }).where("id", "=", invoiceId).execute();
    const body = `${payment.method} ${centsToDollarInput(Number(payment.amount_cents))} on ${payment.paid_on}`;
    await trx.insertInto("invoice_events").values({ invoice_id: invoiceId, kind: "payment_deleted", body, ...actorColumns(actor) }).execute();
  });
}
