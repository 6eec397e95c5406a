import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Staff have a role (issue 34, docs/decisions/0114): 'owner' (everything) or
// 'technician' (their own jobs and the schedule, read-only). NULL is someone
// who has signed in but is not staff (what is_admin = false was): they see
// no dashboard page. The one flag becomes the role: administrators are
// owners, and the flag is gone.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN role text CHECK (role IN ('owner', 'technician'))`.execute(db);
  await sql`UPDATE users SET role = 'owner' WHERE is_admin`.execute(db);
  await sql`DROP INDEX IF EXISTS users_is_admin_id_idx`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN is_admin`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN is_admin boolean NOT NULL DEFAULT false`.execute(db);
  await sql`UPDATE users SET is_admin = true WHERE role = 'owner'`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN role`.execute(db);
  await sql`CREATE INDEX users_is_admin_id_idx ON users (is_admin, id)`.execute(db);
}
