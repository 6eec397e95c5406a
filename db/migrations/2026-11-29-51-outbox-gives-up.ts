import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The outbox gives up (issue 33, docs/decisions/0111): an e-mail refused for
// good, or failing a bounded number of tries, is not tried again.
// - email_outbox.failed_at: when delivery was given up (NULL: not given up).
//   The worker's query skips such rows, so its index leaves them out.
// - email_outbox.alert_for_id: on the owner's alert about an undelivered
//   e-mail, that e-mail's id. Unique: the owner is told once per e-mail, by
//   however many processes; an alert is never itself alerted about.
//   No foreign key: outbox rows are never deleted by the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("email_outbox").addColumn("failed_at", "timestamptz").addColumn("alert_for_id", "integer").execute();
  await sql`CREATE UNIQUE INDEX email_outbox_one_alert_idx ON email_outbox (alert_for_id) WHERE alert_for_id IS NOT NULL`.execute(db);
  // The worker's query (claimDueEmails): unsent rows, not given up, that are due.
  await sql`DROP INDEX email_outbox_due_idx`.execute(db);
  await sql`CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX email_outbox_due_idx`.execute(db);
  await sql`CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE sent_at IS NULL`.execute(db);
  await sql`DROP INDEX email_outbox_one_alert_idx`.execute(db);
  await db.schema.alterTable("email_outbox").dropColumn("alert_for_id").dropColumn("failed_at").execute();
}
