import type { Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
export async function up(db: Kysely<any>): Promise<void> {
  // The Message-ID the e-mail is sent with, fixed when it is queued, so that a
  // resend after a crash is the same message to every receiver (they discard
  // duplicates by it). Null only on rows queued before this migration: the
  // worker gives those one at their next claim, before sending.
  await db.schema.alterTable("email_outbox").addColumn("message_id", "text").execute();
  // Which delivery run holds the row's lease (null when none): a process
  // releases or reschedules only rows it still holds, never another's.
  await db.schema.alterTable("email_outbox").addColumn("claimed_by", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("email_outbox").dropColumn("claimed_by").execute();
  await db.schema.alterTable("email_outbox").dropColumn("message_id").execute();
}
