import { sql } from "kysely";
import type { DB } from "../db.server";
import { enqueueEmail } from "../outbox.server";
import { getBusinessSettings } from "../settings.server";
import { configuredOrigin } from "../site-url.server";
import { depositDueBlocks } from "./deposit-mail.server";
import { jobDeposit } from "./deposit-records.server";
import { jobEmail } from "./job-mail.server";
import { getJob } from "./job-records.server";

/**
 * Queues the customer's reminder (APPOINTMENT_REMINDER_HOURS before the
 * start, set as jobs.reminder_due_at when the job is booked or moved) for
 * every scheduled job whose reminder is due, and clears the due time in the
 * same transaction: each reminder is queued once, however many processes
 * look at the same moment (SKIP LOCKED, and a row already cleared no longer
 * matches), and a restart loses none. Cancelling, finishing or starting the
 * job clears it; a reschedule sets it again. Returns how many were queued.
 */
export async function queueDueJobReminders(db: DB, limit = 100): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .updateTable("jobs")
      .set({ reminder_due_at: null })
      .where("id", "in", (eb) =>
        eb
          .selectFrom("jobs")
          .select("id")
          .where("status", "=", "scheduled")
          .where("reminder_due_at", "<=", sql<Date>`now()`)
          .orderBy("reminder_due_at")
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .where("status", "=", "scheduled")
      // A job whose start has passed needs no reminder any more (a process down for a day).
      .where("starts_at", ">", sql<Date>`now()`)
      .returning("id")
      .execute();
    if (!due.length) return 0;
    const settings = await getBusinessSettings(trx);
    for (const { id } of due) {
      const job = await getJob(trx, id);
      await trx.insertInto("job_events").values({ job_id: id, kind: "reminded", body: `To ${job.customer.email}` }).execute();
      // A booking still waiting for its deposit is reminded of it too (docs/decisions/0132).
      const more = depositDueBlocks(await jobDeposit(trx, id), job, settings);
      await enqueueEmail(trx, jobEmail("reminder", job, settings, configuredOrigin(), { more }), { leadId: job.leadId, kind: "job_reminder" });
    }
    return due.length;
  });
}
