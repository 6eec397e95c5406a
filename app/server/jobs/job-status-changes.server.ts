import { sql } from "kysely";
import { LIVE_JOB_STATUSES } from "~/lib/job-status";
import { asActor, type Actor } from "../actor.server";
import { AppError } from "../app-error.server";
import { kickOutbox } from "../background.server";
import type { DB } from "../db.server";
import { claimKey } from "../field-work/work-posts.server";
import { env } from "../env.server";
import { hasUnpaidInvoice } from "../invoices/invoices.server";
import { invoicePlanVisit } from "../plans/plan-billing.server";
import { enqueueEmail } from "../outbox.server";
import { getBusinessSettings } from "../settings.server";
import { cancelLiveJob } from "./job-cancel.server";
import { notLive, queueJobEmail, recordEvent } from "./job-events.server";
import { jobEmail } from "./job-mail.server";
import { getJob } from "./job-records.server";

/** A job's status after it is booked: cancelled, on the way, done (docs/decisions/0083, 0084). */

/**
 * Cancel Job (the owner) or Cancel Appointment (the customer): frees the time
 * at once (a cancelled job is outside the exclusion constraint), sends the
 * customer the cancellation with METHOD:CANCEL, and when the customer
 * cancelled, tells the owner. A lead left with no live job goes back to
 * Quoted (it has an estimate out) or Contacted. Returns false when the job was
 * no longer live (two presses: one cancels).
 */
export async function cancelJob(db: DB, id: number, by: "owner" | "customer", actor: Actor, origin: string | undefined, reason = ""): Promise<boolean> {
  const cancelled = await asActor(db, actor, async (trx) => {
    const job = await cancelLiveJob(trx, id, by, actor, [by === "customer" ? "By the customer" : "", reason].filter(Boolean).join(": "));
    if (!job) return false;
    await queueJobEmail(trx, job, "cancelled", origin);
    if (by === "customer") {
      const settings = await getBusinessSettings(trx);
      await enqueueEmail(trx, jobEmail("cancelled_by_customer", job, settings, origin), { leadId: job.leadId, kind: "job_cancelled_by_customer" });
    }
    return true;
  });
  if (cancelled) kickOutbox(db);
  return cancelled;
}

/** On My Way: the customer's e-mail "On our way", arriving in about `minutes`. Once per job (a second press is refused). */
export async function markOnTheWay(db: DB, id: number, minutes: number, actor: Actor, origin: string | undefined, key: string | null = null): Promise<void> {
  let replay = false;
  await asActor(db, actor, async (trx) => {
    // The same post again (the phone's queue replaying it): answered as the first was, and no second e-mail (docs/decisions/0142).
    if (key !== null && !(await claimKey(trx, key, id, "on_the_way"))) return void (replay = true);
    const row = await trx
      .updateTable("jobs")
      .set({ status: "on_the_way", reminder_due_at: null, updated_at: sql`now()` })
      .where("id", "=", id)
      .where("status", "=", "scheduled")
      .returning("id")
      .executeTakeFirst();
    const job = await getJob(trx, id);
    if (!row) throw job.status === "on_the_way" ? new AppError(409, "The customer was already told you are on your way.") : notLive(job);
    await recordEvent(trx, id, "on_the_way", actor, `Arriving in about ${minutes} minutes`);
    await queueJobEmail(trx, job, "on_the_way", origin, { minutes });
  });
  if (!replay) kickOutbox(db);
}

/** Mark Done: the job is done (a plan's visit billed per visit gets its invoice), and its lead Completed unless an invoice of it is still unpaid (then the last payment completes it). */
export async function markDone(db: DB, id: number, actor: Actor, signOff: string | null = null): Promise<void> {
  await asActor(db, actor, async (trx) => {
    const row = await trx
      .updateTable("jobs")
      // The review request goes REVIEW_REQUEST_MINUTES later (../reviews/review-requests.server.ts).
      .set({
        status: "done",
        done_at: sql`now()`,
        // Finish Job: the name the customer typed to sign the work off (issue 36).
        ...(signOff !== null && { signed_off_name: signOff, signed_off_at: sql`now()` }),
        reminder_due_at: null,
        review_due_at: sql`now() + make_interval(secs => ${env().REVIEW_REQUEST_MINUTES * 60}::double precision)`,
        updated_at: sql`now()`,
      })
      .where("id", "=", id)
      .where("status", "in", [...LIVE_JOB_STATUSES])
      .returning("lead_id")
      .executeTakeFirst();
    if (!row) throw notLive(await getJob(trx, id));
    await recordEvent(trx, id, "done", actor, signOff === null ? "" : `Signed off by the customer as ${signOff}`);
    // A plan's visit billed per visit gets its invoice now (docs/decisions/0147).
    await invoicePlanVisit(trx, id, actor);
    if (row.lead_id === null || (await hasUnpaidInvoice(trx, row.lead_id))) return;
    await trx.updateTable("quote_requests").set({ status: "completed", updated_at: sql`now()` }).where("id", "=", row.lead_id).where("status", "<>", "completed").execute();
  });
}
