import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The offline queue (issue 36, docs/decisions/0142) replays On My Way and
// Start Job with their forms' keys: job_work_posts holds those keys too, so
// a replay is known by its key (On My Way's e-mail goes once) whatever the
// job's status has become since.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE job_work_posts DROP CONSTRAINT job_work_posts_intent_check`.execute(db);
  await sql`ALTER TABLE job_work_posts ADD CONSTRAINT job_work_posts_intent_check CHECK (intent IN ('checklist', 'photos', 'on_the_way', 'start'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM job_work_posts WHERE intent IN ('on_the_way', 'start')`.execute(db);
  await sql`ALTER TABLE job_work_posts DROP CONSTRAINT job_work_posts_intent_check`.execute(db);
  await sql`ALTER TABLE job_work_posts ADD CONSTRAINT job_work_posts_intent_check CHECK (intent IN ('checklist', 'photos'))`.execute(db);
}
