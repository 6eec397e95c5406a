import type { DepositState } from "~/lib/deposits";
import { isLiveJob } from "~/lib/job-status";
import { dayAndTime } from "~/lib/job-time";
import { formatCents } from "~/lib/money";
import type { PaymentMethod } from "~/lib/payment-input";
import { exactTime } from "~/lib/time-ago";
import { shownActor } from "../actor.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import type { Job } from "./job-records.server";

/**
 * Reading a job's deposit (table job_deposits, docs/decisions/0132) and
 * saying it as the pages do. Writes are ./deposit-holds.server.ts (the hold
 * and its release) and ./deposit-recording.server.ts (Record Deposit).
 */

export interface JobDeposit {
  jobId: number;
  amountCents: number;
  /** Until when the booking waits for it. */
  heldUntil: Date;
  state: DepositState;
  receivedAt: Date | null;
  method: PaymentMethod | null;
  /** Who recorded it: the staff member's current e-mail (docs/decisions/0123). */
  receivedBy: string | null;
  releasedAt: Date | null;
  /** The payment it was credited as on the job's invoice (docs/decisions/0133), deleted by the owner or not; null while not credited. */
  credit: { invoiceId: number; invoiceNumber: number; amountCents: number; deleted: boolean } | null;
}

/** The job's deposit, or undefined when its booking asked for none. */
export async function jobDeposit(db: DB, jobId: number): Promise<JobDeposit | undefined> {
  const row = await db
    .selectFrom("job_deposits as d")
    .leftJoin("payments as p", "p.job_deposit_id", "d.id")
    .leftJoin("invoices as i", "i.id", "p.invoice_id")
    .select(["d.job_id", "d.amount_cents", "d.held_until", "d.received_at", "d.method", "d.released_at", shownActor("d", "received_by").as("received_by")])
    .select(["i.id as invoice_id", "i.number as invoice_number", "p.amount_cents as credited_cents", "p.deleted_at as credit_deleted_at"])
    .where("d.job_id", "=", jobId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    jobId: row.job_id,
    amountCents: Number(row.amount_cents),
    heldUntil: row.held_until,
    state: row.received_at ? "received" : row.released_at ? "released" : "due",
    receivedAt: row.received_at,
    method: row.method,
    // coalesce of NULL and NULL: nobody while it is not received.
    receivedBy: row.received_at ? row.received_by : null,
    releasedAt: row.released_at,
    credit:
      row.invoice_id !== null && row.invoice_number !== null
        ? { invoiceId: row.invoice_id, invoiceNumber: Number(row.invoice_number), amountCents: Number(row.credited_cents), deleted: row.credit_deleted_at !== null }
        : null,
  };
}

/**
 * Whether the booking is still waiting for its deposit: due, the job not yet
 * started, cancelled or done, and the hold not yet run out. What the e-mails
 * and pages say "Deposit due" for; the background loop releases the others
 * whose hold ran out (./deposit-releases.server.ts).
 */
export const isWaiting = (deposit: Pick<JobDeposit, "state" | "heldUntil"> | undefined, job: Pick<Job, "status">, now: Date) =>
  deposit?.state === "due" && job.status === "scheduled" && deposit.heldUntil > now;

/** "Tuesday, December 8, 2026 at 2:00 PM" in the business's time zone: until when the booking is held. */
export const heldUntilText = (deposit: Pick<JobDeposit, "heldUntil">) => dayAndTime(deposit.heldUntil, env().BUSINESS_TIME_ZONE);

/**
 * The job page's Deposit section (the owner's): the amount, the hold, and how
 * it ended. `canRecord`: Record Deposit applies (due and the job still live;
 * a hold that ran out but is not yet released may still be met). Nothing for
 * a deposit still due on a job that ended otherwise (cancelled, or done: its
 * invoice collects the money).
 */
export function depositPageView(deposit: JobDeposit | undefined, job: Pick<Job, "status">, now: Date) {
  if (!deposit || (deposit.state === "due" && !isLiveJob(job.status))) return null;
  const tz = env().BUSINESS_TIME_ZONE;
  return {
    state: deposit.state,
    amount: formatCents(deposit.amountCents),
    heldUntil: heldUntilText(deposit),
    waiting: isWaiting(deposit, job, now),
    canRecord: deposit.state === "due",
    received: deposit.receivedAt && { at: exactTime(deposit.receivedAt, tz), method: deposit.method ?? "", by: deposit.receivedBy ?? "" },
    /** Where it went on the invoices (docs/decisions/0133): credited (perhaps less than the deposit, when less was due), its payment deleted since, or null: credited when the invoice is sent. */
    credit: deposit.credit && {
      invoiceId: deposit.credit.invoiceId,
      invoiceNumber: deposit.credit.invoiceNumber,
      amount: formatCents(deposit.credit.amountCents),
      partial: deposit.credit.amountCents < deposit.amountCents,
      deleted: deposit.credit.deleted,
    },
    releasedAt: deposit.releasedAt && exactTime(deposit.releasedAt, tz),
  };
}
export type DepositPageView = NonNullable<ReturnType<typeof depositPageView>>;

/**
 * The customer's appointment page: "Deposit due" with the amount, how to pay
 * (Payment Instructions) and until when the time is held, while the booking
 * waits; "Deposit received" once recorded; "released" once the hold ran out.
 * Nothing for a job that asked for none, or that ended otherwise.
 */
export function depositCustomerView(deposit: JobDeposit | undefined, job: Pick<Job, "status">, paymentInstructions: string, now: Date) {
  if (!deposit) return null;
  const shown = { amount: formatCents(deposit.amountCents), heldUntil: heldUntilText(deposit) };
  if (deposit.state === "received") return { ...shown, state: "received" as const, receivedOn: dayAndTime(deposit.receivedAt!, env().BUSINESS_TIME_ZONE) };
  if (deposit.state === "released") return { ...shown, state: "released" as const };
  if (!isLiveJob(job.status)) return null;
  // Due: the hold may have run out a moment ago; until the release the customer may still pay.
  return { ...shown, state: "due" as const, paymentInstructions, holdRunning: deposit.heldUntil > now };
}
export type DepositCustomerView = NonNullable<ReturnType<typeof depositCustomerView>>;

/** The appointment page's deposit (depositCustomerView), with the Payment Instructions read only while one is due. */
export async function customerDeposit(db: DB, job: Pick<Job, "id" | "status">, now: Date): Promise<DepositCustomerView | null> {
  const deposit = await jobDeposit(db, job.id);
  if (!deposit) return null;
  const settings = deposit.state === "due" ? await db.selectFrom("site_settings").select("payment_instructions").where("id", "=", 1).executeTakeFirst() : undefined;
  return depositCustomerView(deposit, job, settings?.payment_instructions ?? "", now);
}
