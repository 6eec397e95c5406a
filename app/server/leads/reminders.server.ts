import { sql } from "kysely";
import type { DB } from "../db.server";
import { enqueueEmail } from "../outbox.server";
import { getBusinessSettings } from "../settings.server";
import { leadReminder } from "./lead-mail.server";

/**
 * Queues the owner's reminder for every lead still New whose reminder is due
 * (quote_requests.reminder_due_at, set when the request arrives), and clears
 * the due time in the same transaction as the e-mail is queued: each reminder
 * is queued once, however many processes look at the same moment (SKIP
 * LOCKED, and a row already cleared no longer matches), and a restart loses
 * none (the due time is in the database). A lead that moved on before its
 * time gets none. Returns how many were queued.
 */
export async function queueDueReminders(db: DB, limit = 100): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .updateTable("quote_requests")
      .set({ reminder_due_at: null })
      .where("id", "in", (eb) =>
        eb
          .selectFrom("quote_requests")
          .select("id")
          .where("status", "=", "new")
          .where("reminder_due_at", "<=", sql<Date>`now()`)
          .orderBy("reminder_due_at")
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .where("status", "=", "new")
      .returning(["id", "name", "email", "phone", "vehicle_type", "message", "created_at"])
      .execute();
    if (!due.length) return 0;
    const settings = await getBusinessSettings(trx);
    const now = new Date();
    for (const lead of due) {
      await enqueueEmail(trx, leadReminder(lead.id, lead, lead.created_at, settings, now), { leadId: lead.id, kind: "reminder" });
    }
    return due.length;
  });
}
