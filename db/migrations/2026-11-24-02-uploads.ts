import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// uploads: what the server knows of each stored upload (docs/decisions/0046):
// - original_name: the file's own name as the browser sent it, sanitised, with
//   the extension of the type the server stored it as: shown in the dashboard
//   and given as the download name (Content-Disposition).
// - unreferenced_since: since when no row has referred to it (NULL while one
//   does). A new upload is unreferenced until a form that holds it is saved.
//   The clean-up job (app/server/uploads/orphans.server.ts) sets and clears it
//   and removes files unreferenced for 24 hours.
// Files stored before this table existed get a row from that job when it
// first sees them (the name then stands for the original one).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("uploads")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("original_name", "text", (c) => c.notNull())
    // Unknown (NULL) for a file adopted by the clean-up.
    .addColumn("size", "bigint", (c) => c.check(sql`size >= 0`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("unreferenced_since", "timestamptz", (c) => c.defaultTo(sql`now()`))
    .execute();
  // The clean-up looks for the files unreferenced longest.
  await sql`CREATE INDEX uploads_unreferenced_since_idx ON uploads (unreferenced_since) WHERE unreferenced_since IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("uploads").ifExists().execute();
}
