import type { Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// email_outbox.attachments: the files an e-mail carries (an estimate's PDF),
// stored with the row so every retry sends the same bytes: a JSON array of
// {filename, contentType, base64}; NULL for none.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("email_outbox").addColumn("attachments", "jsonb").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("email_outbox").dropColumn("attachments").execute();
}
