import { sql } from "kysely";
import { LIVE_JOB_STATUSES } from "~/lib/job-status";
import { formatCents } from "~/lib/money";
import type { PaymentMethod } from "~/lib/payment-input";
import { exactTime } from "~/lib/time-ago";
import { asActor, actorPair } from "../actor.server";
import { AppError } from "../app-error.server";
import { requirePermission } from "../auth/permissions.server";
import { creditOnSentInvoice } from "../invoices/deposit-credit.server";
import { queuePaymentEmail } from "../invoices/payments.server";
import { kickOutbox } from "../background.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { enqueueEmail } from "../outbox.server";
import type { SessionUser } from "../session.server";
import { getBusinessSettings } from "../settings.server";
import { depositReceivedEmail } from "./deposit-mail.server";
import { heldUntilText, jobDeposit } from "./deposit-records.server";
import { notLive, recordEvent } from "./job-events.server";
import { getJob } from "./job-records.server";

/**
 * Record Deposit (the owner, on the job's page; docs/decisions/0132): the
 * deposit the booking asked for has arrived, so the hold ends and the
 * booking stands. One conditional update decides: of two records at once
 * the second waits for the first's row lock and then finds it received
 * (and the trigger job_deposits_settled_once refuses any rewrite); a release
 * at the same moment is decided the same way. The customer is e-mailed
 * `Deposit received:` in the same transaction. When the job's invoice was
 * sent already, the deposit is credited on it there and then
 * (../invoices/deposit-credit.server.ts); otherwise Send Invoice credits it.
 */
export async function recordDeposit(db: DB, jobId: number, method: PaymentMethod, user: SessionUser, origin: string | undefined): Promise<void> {
  // Money is the owner's: a technician reads their jobs and writes nothing (docs/decisions/0114).
  requirePermission(user, "jobs.write");
  await asActor(db, user, async (trx) => {
    const row = await trx
      .updateTable("job_deposits")
      .set({ received_at: sql`now()`, method, ...actorPair("received_by", user) })
      .where("job_id", "=", jobId)
      .where("received_at", "is", null)
      .where("released_at", "is", null)
      .where("job_id", "in", (eb) => eb.selectFrom("jobs").select("id").where("status", "in", [...LIVE_JOB_STATUSES]))
      .returning("job_id")
      .executeTakeFirst();
    if (!row) throw await notRecordable(trx, jobId);
    const [job, deposit, settings] = await Promise.all([getJob(trx, jobId), jobDeposit(trx, jobId), getBusinessSettings(trx)]);
    await recordEvent(trx, jobId, "deposit_received", user, `${formatCents(deposit!.amountCents)} by ${method}`);
    await enqueueEmail(trx, depositReceivedEmail(job, deposit!, settings, origin), { leadId: job.leadId, kind: "job_deposit_received" });
    // Its invoice already sent: credited there now (docs/decisions/0133), with that payment's own e-mail as any payment has.
    const credited = await creditOnSentInvoice(trx, jobId, user);
    if (credited) await queuePaymentEmail(trx, credited.invoice, credited.payment, origin);
  });
  kickOutbox(db);
}

/** Why Record Deposit did nothing, as the job's page says it (a job that does not exist is getJob's 404). */
async function notRecordable(trx: DB, jobId: number): Promise<AppError> {
  const [job, deposit] = await Promise.all([getJob(trx, jobId), jobDeposit(trx, jobId)]);
  if (!deposit) return new AppError(409, "This job's booking asked for no deposit: there is none to record.");
  const tz = env().BUSINESS_TIME_ZONE;
  if (deposit.state === "received") {
    return new AppError(409, `The deposit was already recorded: ${formatCents(deposit.amountCents)} by ${deposit.method}, ${exactTime(deposit.receivedAt!, tz)}.`);
  }
  if (deposit.state === "released") {
    return new AppError(
      409,
      `This booking was released ${exactTime(deposit.releasedAt!, tz)}, as no deposit was recorded by ${heldUntilText(deposit)}; its time may be taken. Schedule a new job if the customer still wants one.`,
    );
  }
  // Due, so the job is no longer live (cancelled or done).
  return notLive(job);
}
