import type { Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// - email_outbox.written_to_log: the e-mail was "sent" to the server log only,
//   because no mail server was configured (no SMTP_URL); the E-mail Log and
//   the lead's page say so instead of "Sent". Rows sent before are left as
//   they are: whether a mail server took them was not recorded.
// - site_settings.notify_email: "Send New Requests To", the owner's alert
//   address for new requests and reminders. NULL until the owner saves the
//   settings: QUOTE_NOTIFY_EMAIL is its value until then.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("email_outbox").addColumn("written_to_log", "boolean", (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.alterTable("site_settings").addColumn("notify_email", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("site_settings").dropColumn("notify_email").execute();
  await db.schema.alterTable("email_outbox").dropColumn("written_to_log").execute();
}
