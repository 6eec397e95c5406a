import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Each job is one person's (issue 34, docs/decisions/0115): jobs.assigned_to
// names the staff member who does it, and no person has two overlapping jobs
// (the exclusion constraint becomes per person; btree_gist gives gist its `=`
// on integers, in PostgreSQL's contrib and in PGlite's). A job with nobody
// assigned (no staff yet, or the person's row was deleted) counts as the
// business's own: such jobs still never overlap one another, as before.
// The jobs there are go to the first owner.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);
  await sql`ALTER TABLE jobs ADD COLUMN assigned_to integer REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  await sql`UPDATE jobs SET assigned_to = (SELECT id FROM users WHERE role = 'owner' ORDER BY id LIMIT 1)`.execute(db);
  await sql`ALTER TABLE jobs DROP CONSTRAINT jobs_no_overlap`.execute(db);
  await sql`ALTER TABLE jobs ADD CONSTRAINT jobs_no_overlap
    EXCLUDE USING gist ((coalesce(assigned_to, 0)) WITH =, busy WITH &&) WHERE (status <> 'cancelled')`.execute(db);
  // A person's jobs (the technician's schedule and job pages).
  await sql`CREATE INDEX jobs_assigned_to_idx ON jobs (assigned_to, starts_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX jobs_assigned_to_idx`.execute(db);
  await sql`ALTER TABLE jobs DROP CONSTRAINT jobs_no_overlap`.execute(db);
  await sql`ALTER TABLE jobs ADD CONSTRAINT jobs_no_overlap EXCLUDE USING gist (busy WITH &&) WHERE (status <> 'cancelled')`.execute(db);
  await sql`ALTER TABLE jobs DROP COLUMN assigned_to`.execute(db);
}
