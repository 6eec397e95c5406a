import { sql } from "kysely";
import { asActor } from "../actor.server";
import type { DB } from "../db.server";
import { enqueueEmail } from "../outbox.server";
import { getBusinessSettings } from "../settings.server";
import { configuredOrigin } from "../site-url.server";
import { bookingReleasedEmail, bookingReleasedOwnerEmail } from "./deposit-mail.server";
import { heldUntilText, jobDeposit } from "./deposit-records.server";
import { cancelLiveJob } from "./job-cancel.server";

/**
 * Releasing the bookings whose deposit did not arrive (docs/decisions/0132),
 * run by every process's background loop (../background.server.ts). Each
 * hold that ran out is claimed with its job (FOR UPDATE SKIP LOCKED) and
 * marked released in the transaction that cancels the job and queues the
 * e-mails, so it is released once, however many processes look at the same
 * moment, and a restart loses none. A Record Deposit at the same moment waits
 * for the claim and then finds the booking released (or the claim skips the
 * deposit it recorded).
 */

/** Who the history says released it: the lead's status change and the job's event. */
export const RELEASE_ACTOR = "automatic release (no deposit)";

/**
 * Cancels each job still scheduled and not yet begun whose hold ran out with
 * no deposit recorded (as Cancel Job does: the time free at once), and queues
 * `Booking released:` to its customer (METHOD:CANCEL, a link to book again)
 * and to the owner. Returns how many were released.
 */
export async function releaseExpiredHolds(db: DB, limit = 50): Promise<number> {
  return asActor(db, RELEASE_ACTOR, async (trx) => {
    const due = await trx
      .updateTable("job_deposits")
      .set({ released_at: sql`now()` })
      .where("id", "in", (eb) =>
        eb
          .selectFrom("job_deposits as d")
          .innerJoin("jobs as j", "j.id", "d.job_id")
          .select("d.id")
          .where("d.received_at", "is", null)
          .where("d.released_at", "is", null)
          .where("d.held_until", "<=", sql<Date>`now()`)
          // A job begun, done or cancelled otherwise is not released; nor one whose start has passed (a process down for a day).
          .where("j.status", "=", "scheduled")
          .where("j.starts_at", ">", sql<Date>`now()`)
          .orderBy("d.held_until")
          .limit(limit)
          .forUpdate(["d", "j"])
          .skipLocked(),
      )
      .where("received_at", "is", null)
      .where("released_at", "is", null)
      .returning("job_id")
      .execute();
    if (!due.length) return 0;
    const settings = await getBusinessSettings(trx);
    const origin = configuredOrigin();
    for (const { job_id: jobId } of due) {
      const deposit = (await jobDeposit(trx, jobId))!;
      const job = await cancelLiveJob(trx, jobId, "owner", RELEASE_ACTOR, `Released: no deposit was recorded by ${heldUntilText(deposit)}`);
      // Locked with its hold above while scheduled: it is live.
      if (!job) throw new Error(`releaseExpiredHolds: job ${jobId} was claimed live but could not be cancelled`);
      await enqueueEmail(trx, bookingReleasedEmail(job, deposit, settings, origin), { leadId: job.leadId, kind: "job_released" });
      await enqueueEmail(trx, bookingReleasedOwnerEmail(job, deposit, settings), { leadId: job.leadId, kind: "job_released_owner" });
    }
    return due.length;
  });
}
