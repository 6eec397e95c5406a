import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The trash's purge (app/server/tables/purge.server.ts) now deletes a row's
// history with the row, so a customer's data can be erased; before, the
// history of a purged row kept its full contents for ever. This deletes the
// history of every row that is neither in its table nor in the trash: the
// rows purged before, and rows deleted outside the dashboard (SQL by hand),
// which no one can restore either. The tables are the ones with a history
// trigger (2026-11-24-01-trash-history). Not reversible: the data is gone.
const HISTORY_TABLES = ["quote_requests", "testimonials", "faqs", "services", "care_guides", "gallery", "users"];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of HISTORY_TABLES) {
    await sql`DELETE FROM row_history h
      WHERE h.table_name = ${table}
        AND NOT EXISTS (SELECT 1 FROM ${sql.table(table)} t WHERE t.id = h.row_id)
        AND NOT EXISTS (SELECT 1 FROM trash WHERE trash.table_name = h.table_name AND trash.row_id = h.row_id)`.execute(db);
  }
}

export async function down(): Promise<void> {
  // Nothing to put back.
}
