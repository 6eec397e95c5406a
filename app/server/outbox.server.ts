import { sql } from "kysely";
import type { DB } from "./db.server";
import { sendEmail, type Email } from "./mail.server";

const MAX_BACKOFF_MS = 30 * 60_000;
// A claimed row is left alone by other workers this long (a send takes at most ~40 s).
const LEASE_SECONDS = 300;

/** Stores an e-mail for delivery; call inside the transaction that creates what it announces. */
export async function enqueueEmail(db: DB, email: Email): Promise<number> {
  const row = await db
    .insertInto("email_outbox")
    .values({
      to_address: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
      reply_to: email.replyTo ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Sends every due e-mail once. A row is claimed by pushing its next attempt a
 * lease into the future (SKIP LOCKED), so several processes can run this at
 * once without sending twice, and no transaction stays open while the mail
 * server talks. A failure schedules the next try with exponential backoff
 * (30 s, 1 min, 2 min … at most 30 min).
 */
export async function deliverDueEmails(db: DB, limit = 20): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < limit; i++) {
    const row = await db
      .updateTable("email_outbox")
      .set({ next_attempt_at: sql`now() + ${`${LEASE_SECONDS} seconds`}::interval` })
      .where("id", "=", (eb) =>
        eb
          .selectFrom("email_outbox")
          .select("id")
          .where("sent_at", "is", null)
          .where("next_attempt_at", "<=", sql<Date>`now()`)
          .orderBy("next_attempt_at")
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
    if (!row) break;
    try {
      await sendEmail({ to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, replyTo: row.reply_to });
      await db.updateTable("email_outbox").set({ sent_at: sql`now()`, attempts: row.attempts + 1, last_error: null }).where("id", "=", row.id).execute();
      sent++;
    } catch (error) {
      const backoff = Math.min(30_000 * 2 ** row.attempts, MAX_BACKOFF_MS);
      await db
        .updateTable("email_outbox")
        .set({
          attempts: row.attempts + 1,
          last_error: error instanceof Error ? error.message : String(error),
          next_attempt_at: new Date(Date.now() + backoff),
        })
        .where("id", "=", row.id)
        .execute();
      console.error(`[outbox] e-mail ${row.id} to ${row.to_address} failed (try ${row.attempts + 1}); next try in ${backoff / 1000} s:`, error);
      failed++;
    }
  }
  return { sent, failed };
}
