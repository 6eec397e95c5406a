import { sql } from "kysely";
import { formatCents } from "~/lib/money";
import type { PaymentMethod } from "~/lib/payment-input";
import type { Actor } from "../actor.server";
import type { DB } from "../db.server";
import { businessToday } from "../time-zone.server";
import { amountDue } from "./invoices.server";
import { applyPayment, lockInvoice, type LockedInvoice } from "./payments.server";

/**
 * A received deposit credited on its job's invoice (docs/decisions/0133): as
 * a payment, once, when the invoice becomes sent (Send Invoice, or handed
 * over at the job), or at Record Deposit when the invoice was sent before.
 *
 * Every path locks the deposit's row first (lockDepositToCredit), then the
 * invoice's: Record Deposit's UPDATE of the deposit and Send Invoice's lock
 * on it wait for each other, so whichever commits second sees the other's
 * work (neither misses the credit), and in one order there is no deadlock.
 * payments.job_deposit_id UNIQUE is the database's last word.
 */

/** What the payment's note says (the owner's; the customer sees "(deposit)" beside the method). */
export const DEPOSIT_PAYMENT_NOTE = "Deposit received with the booking";

export interface DepositToCredit {
  id: number;
  amountCents: number;
  method: PaymentMethod;
  receivedAt: Date;
}

/**
 * Locks job `jobId`'s deposit row (whatever its state: Record Deposit's
 * UPDATE waits on this lock) and returns it when it is received and was
 * never credited (a credited payment the owner deleted counts: the delete
 * stands). undefined otherwise: none asked, due, released, or credited.
 */
export async function lockDepositToCredit(trx: DB, jobId: number): Promise<DepositToCredit | undefined> {
  const row = await trx
    .selectFrom("job_deposits as d")
    .select(["d.id", "d.amount_cents", "d.method", "d.received_at"])
    .select((eb) => eb.exists(eb.selectFrom("payments as p").select("p.id").whereRef("p.job_deposit_id", "=", "d.id")).as("credited"))
    .where("d.job_id", "=", jobId)
    .forUpdate("d")
    .executeTakeFirst();
  if (!row || row.received_at === null || row.method === null || row.credited) return undefined;
  return { id: row.id, amountCents: Number(row.amount_cents), method: row.method, receivedAt: row.received_at };
}

/**
 * Credits `deposit` (locked by lockDepositToCredit) on invoice `invoiceId`,
 * under the invoice's row lock: a payment of the deposit's amount, never
 * more than is due (the history says what was not credited), its method,
 * dated the day it was received in the business's time zone. Through the
 * one applyPayment, so paid in full it is Paid as any payment makes it. The
 * caller queues the customer's e-mail. undefined when nothing is due (a
 * draft, void or paid invoice).
 */
export async function creditDeposit(trx: DB, invoiceId: number, deposit: DepositToCredit, actor: Actor, locked?: LockedInvoice) {
  const invoice = locked ?? (await lockInvoice(trx, invoiceId));
  const due = amountDue(invoice.status, invoice.totalCents, invoice.paidCents);
  if (due === 0) return undefined;
  const amountCents = Math.min(deposit.amountCents, due);
  const payment = { amountCents, method: deposit.method, paidOn: businessToday(deposit.receivedAt), note: DEPOSIT_PAYMENT_NOTE, fromDeposit: true };
  const notCredited = deposit.amountCents - amountCents;
  const eventNote = notCredited > 0 ? `(${formatCents(notCredited)} of the ${formatCents(deposit.amountCents)} deposit not credited: more than was due)` : undefined;
  const applied = await applyPayment(trx, invoiceId, invoice, { ...payment, jobDepositId: deposit.id, eventNote }, actor);
  return applied && { ...applied, payment };
}

/**
 * Record Deposit on a job whose invoice was already sent: credited at once
 * on its oldest invoice with something due, in Record Deposit's transaction
 * (which holds the deposit's row). undefined when there is none.
 */
export async function creditOnSentInvoice(trx: DB, jobId: number, actor: Actor) {
  const deposit = await lockDepositToCredit(trx, jobId);
  if (!deposit) return undefined;
  const invoices = await trx
    .selectFrom("invoices")
    .select("id")
    .where("job_id", "=", jobId)
    .where("status", "in", ["sent", "partly_paid"])
    .where(sql<boolean>`paid_cents < total_cents`)
    .orderBy("id")
    .execute();
  for (const { id } of invoices) {
    const credited = await creditDeposit(trx, id, deposit, actor);
    if (credited) return credited;
  }
  return undefined;
}
