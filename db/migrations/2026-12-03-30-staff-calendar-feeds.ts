import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// A technician's own calendar feed (issue 37, docs/decisions/0148): one
// secret token per person, made on first use and replaced by a reset, which
// makes the old address a 404. Apart from users so that no export, history or
// trash of the users table carries it; a user's delete deletes it.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE staff_calendar_feeds (
    user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{22,64}$'),
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE staff_calendar_feeds`.execute(db);
}
