import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// uploads.metadata_checked_at (docs/decisions/0048): when the stored file was
// last made sure to carry no metadata (EXIF with its GPS position, XMP, IPTC,
// comments). New uploads are stored clean and set it at once. NULL for every
// upload stored before this change, and for files the orphan clean-up adopts:
// the storage (a disk or an S3 bucket) is out of a migration's reach, so the
// server's start-up job (app/server/uploads/clean-stored.server.ts) cleans
// those files and sets it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("uploads").addColumn("metadata_checked_at", "timestamptz").execute();
  // The start-up job looks for the files never checked.
  await sql`CREATE INDEX uploads_metadata_unchecked_idx ON uploads (name) WHERE metadata_checked_at IS NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS uploads_metadata_unchecked_idx`.execute(db);
  await db.schema.alterTable("uploads").dropColumn("metadata_checked_at").execute();
}
