import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// An estimate is scheduled once (issue 32): at most one job that is not
// cancelled refers to it, whoever books it (the owner's Schedule Job, the
// customer's Book This Time) and however many at once. A cancelled job lets
// go of it, so the work can be booked again.
//
// A database that already holds two such jobs of one estimate keeps them
// both: the later ones let go of the estimate (the earliest keeps it) so the
// index can be built; their lead still links them.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    UPDATE jobs SET estimate_id = NULL
    WHERE status <> 'cancelled' AND estimate_id IS NOT NULL
      AND EXISTS (
        SELECT 1 FROM jobs AS earlier
        WHERE earlier.estimate_id = jobs.estimate_id AND earlier.status <> 'cancelled' AND earlier.id < jobs.id
      )`.execute(db);
  await sql`CREATE UNIQUE INDEX jobs_one_per_estimate ON jobs (estimate_id) WHERE status <> 'cancelled'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX jobs_one_per_estimate`.execute(db);
}
