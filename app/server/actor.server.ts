import { sql } from "kysely";
import type { DB } from "./db.server";

/**
 * Runs `work` in a transaction that knows who is acting: the e-mail (or, for
 * the first start's seeding, FIRST_START_ACTOR of app/lib/row-history.ts) is
 * set as `app.actor` for the transaction only, and the database's triggers
 * (the lead status history, db/migrations/2026-11-23-01-leads.ts; the row
 * history, 2026-11-24-01-trash-history.ts) record it with what they write.
 * Writes made outside it record '' (unknown).
 */
export async function asActor<T>(db: DB, actor: string, work: (trx: DB) => Promise<T>): Promise<T> {
  const run = async (trx: DB) => {
    await sql`SELECT set_config('app.actor', ${actor}, true)`.execute(trx);
    return work(trx);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
