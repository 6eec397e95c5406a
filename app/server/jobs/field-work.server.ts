import { sql } from "kysely";
import type { FinishJobInput } from "~/lib/finish-job-input";
import { asActor } from "../actor.server";
import { claimKey } from "../field-work/work-posts.server";
import { AppError } from "../app-error.server";
import { requireJobWork } from "../auth/permissions.server";
import type { DB } from "../db.server";
import { createInvoice, invoiceToday } from "../invoices/invoices.server";
import { recordPayment } from "../invoices/payments.server";
import { issueAtTheJob } from "../invoices/send.server";
import type { SessionUser } from "../session.server";
import { notLive, recordEvent } from "./job-events.server";
import { getJob } from "./job-records.server";
import { markDone } from "./job-status-changes.server";

/**
 * The work at the customer's (issue 36, docs/decisions/0140): Start Job and
 * Finish Job, by the owner or the technician the job is assigned to (checked
 * here, not only by the page). Both are safe to post twice: a phone's
 * offline queue replays what it sent when the connection returns, and a
 * replay must change nothing.
 */

/**
 * Start Job: the job is in progress from now. A job already in progress
 * answers as if it had just been started; so does a post whose key was
 * taken before (the phone's queue replaying it after the job went on to be
 * finished, docs/decisions/0142).
 */
export async function startJob(db: DB, id: number, user: SessionUser, key: string | null = null): Promise<void> {
  const job = await getJob(db, id);
  requireJobWork(user, job.assignedTo);
  await asActor(db, user, async (trx) => {
    if (key !== null && !(await claimKey(trx, key, id, "start"))) return;
    const row = await trx
      .updateTable("jobs")
      .set({ status: "in_progress", started_at: sql`now()`, reminder_due_at: null, updated_at: sql`now()` })
      .where("id", "=", id)
      .where("status", "in", ["scheduled", "on_the_way"])
      .returning("id")
      .executeTakeFirst();
    if (row) return recordEvent(trx, id, "started", user);
    const now = await getJob(trx, id);
    if (now.status !== "in_progress") throw notLive(now);
  });
}

/** Why a payment on the spot cannot be taken for this job: nothing priced to invoice. */
const NOTHING_TO_INVOICE = "This job has no priced estimate to invoice, so no payment can be taken here: leave Amount blank and send an invoice afterwards.";

/**
 * Finish Job: the payment on the spot, if any (the job's invoice, made from
 * its estimate if it has none yet and handed over without an e-mail of its
 * own, then the payment with its tip, whose receipt is e-mailed), then the
 * job done with the customer's sign-off. The payment goes first: an amount
 * the invoice refuses (more than is due) leaves the job as it was, with the
 * refusal on Amount. A replay (the same key, or a job already signed off)
 * changes nothing.
 */
export async function finishJob(db: DB, id: number, input: FinishJobInput, user: SessionUser, origin: string | undefined): Promise<void> {
  const job = await getJob(db, id);
  requireJobWork(user, job.assignedTo);
  if (job.status === "done" && job.signedOffName !== null) return;
  if (job.status !== "in_progress") {
    throw job.status === "done" || job.status === "cancelled" ? notLive(job) : new AppError(409, "Start Job first: a job is finished once it has been started.");
  }
  if (input.payment) {
    const invoiceId = await createInvoice(db, { jobId: id }, user);
    const invoice = await db.selectFrom("invoices").select(["total_cents", "paid_cents", "status"]).where("id", "=", invoiceId).executeTakeFirstOrThrow();
    if (Number(invoice.total_cents) <= 0) throw new AppError(400, NOTHING_TO_INVOICE, { fields: { amount: NOTHING_TO_INVOICE } });
    await issueAtTheJob(db, invoiceId, user, origin);
    const { amountCents, method, tipCents } = input.payment;
    const form = { amount: (amountCents / 100).toFixed(2), method, date: invoiceToday(), note: "Paid at the job" };
    try {
      await recordPayment(db, invoiceId, form, user, origin, { tipCents, clientKey: input.key });
    } catch (error) {
      // Paid in full before this payment (its deposit, credited as the invoice was issued: docs/decisions/0133): said on Amount.
      const paid = await db.selectFrom("invoices").select(["number", "status"]).where("id", "=", invoiceId).executeTakeFirst();
      if (!(error instanceof AppError) || error.status !== 409 || paid?.status !== "paid") throw error;
      const message = `Nothing is due on invoice #${paid.number}: it is paid in full. Leave Amount blank.`;
      throw new AppError(400, message, { fields: { amount: message } });
    }
  }
  try {
    await markDone(db, id, user, input.signOff);
  } catch (error) {
    // The same Finish Job posted twice at once: the other one finished it.
    if (error instanceof AppError && (await getJob(db, id)).signedOffName !== null) return;
    throw error;
  }
}
