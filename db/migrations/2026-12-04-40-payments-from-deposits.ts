import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// A received deposit credited on its job's invoice (docs/decisions/0133):
// the payment it became names it. UNIQUE: a deposit is credited once, held
// by the database whatever races (two sends, Record Deposit beside Send
// Invoice); a deleted payment keeps its row and so its deposit (the owner's
// delete stands, nothing credits it again). ON DELETE SET NULL: the money
// recorded outlives the deposit's row (a job's delete takes its deposit).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE payments ADD COLUMN job_deposit_id integer UNIQUE REFERENCES job_deposits (id) ON DELETE SET NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE payments DROP COLUMN job_deposit_id`.execute(db);
}
