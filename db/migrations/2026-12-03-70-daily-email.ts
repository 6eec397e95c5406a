import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The owner's daily e-mail (issue 38, docs/decisions/0153):
// - site_settings.daily_email: Send the daily e-mail, on unless the owner
//   turns it off.
// - daily_digests: one row per business day whose e-mail was queued, inserted
//   ON CONFLICT DO NOTHING in the transaction that queues it, so of any number
//   of processes looking at once exactly one sends a day's. claimed_at is when
//   (the next day's "since yesterday's e-mail" starts there); emails, how many
//   were queued (one per owner).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE site_settings ADD COLUMN daily_email boolean NOT NULL DEFAULT true`.execute(db);
  await sql`CREATE TABLE daily_digests (
    day date PRIMARY KEY,
    claimed_at timestamptz NOT NULL DEFAULT now(),
    since timestamptz NOT NULL,
    emails integer NOT NULL DEFAULT 0 CHECK (emails >= 0),
    CONSTRAINT daily_digests_since_before CHECK (since <= claimed_at)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE daily_digests`.execute(db);
  await sql`ALTER TABLE site_settings DROP COLUMN daily_email`.execute(db);
}
