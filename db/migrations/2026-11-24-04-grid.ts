import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The dashboard's search box now looks in every text column of a table
// (app/server/tables/registry.server.ts, isSearchable), not only the few
// marked searchable. A search ORs one ILIKE per column; PostgreSQL can answer
// it from indexes only when every column has a trigram index, so the tables
// that grow get one on each newly searched column.

const newlySearched: Record<string, string[]> = {
  quote_requests: ["message", "lost_reason", "notes", "client_ip"],
  auth_audit: ["outcome", "detail"],
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  for (const [table, columns] of Object.entries(newlySearched)) {
    for (const column of columns) {
      await sql`CREATE INDEX IF NOT EXISTS ${sql.raw(`${table}_${column}_trgm_idx`)} ON ${sql.table(table)} USING gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(newlySearched)) {
    for (const column of columns) await db.schema.dropIndex(`${table}_${column}_trgm_idx`).ifExists().execute();
  }
}
