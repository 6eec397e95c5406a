import { sql } from "kysely";
import { LIVE_JOB_STATUSES } from "~/lib/job-status";
import type { Actor } from "../actor.server";
import type { DB } from "../db.server";
import { recordEvent } from "./job-events.server";
import { getJob, type Job } from "./job-records.server";

/**
 * The cancel itself, in the caller's transaction, without its e-mails: the
 * job cancelled (outside the exclusion constraint, so its time is free at
 * once), its invite's SEQUENCE raised, its reminder dropped, the event
 * recorded, and a lead left with no live job back to Quoted (it has an
 * estimate out) or Contacted. Returns the cancelled job, or null when it was
 * no longer live (of two cancels at once, one does it). Cancel Job, Cancel
 * Appointment (./job-status-changes.server.ts) and a deposit hold running out
 * (./deposit-releases.server.ts) each add the e-mails that fit.
 */
export async function cancelLiveJob(trx: DB, id: number, by: "owner" | "customer", actor: Actor, reason: string): Promise<Job | null> {
  const row = await trx
    .updateTable("jobs")
    .set({ status: "cancelled", cancelled_by: by, cancelled_at: sql`now()`, sequence: sql`sequence + 1`, reminder_due_at: null, updated_at: sql`now()` })
    .where("id", "=", id)
    .where("status", "in", [...LIVE_JOB_STATUSES])
    .returning("id")
    .executeTakeFirst();
  if (!row) return null;
  const job = await getJob(trx, id);
  await recordEvent(trx, id, "cancelled", actor, reason);
  if (job.leadId !== null) await leadAfterCancel(trx, job.leadId);
  return job;
}

async function leadAfterCancel(trx: DB, leadId: number): Promise<void> {
  const live = await trx.selectFrom("jobs").select("id").where("lead_id", "=", leadId).where("status", "in", [...LIVE_JOB_STATUSES]).executeTakeFirst();
  if (live) return;
  const quoted = await trx.selectFrom("estimates").select("id").where("lead_id", "=", leadId).where("status", "in", ["sent", "viewed", "accepted"]).executeTakeFirst();
  await trx
    .updateTable("quote_requests")
    .set({ status: quoted ? "quoted" : "contacted", updated_at: sql`now()` })
    .where("id", "=", leadId)
    .where("status", "=", "booked")
    .execute();
}
