import { sql, type Kysely } from "kysely";
import type { Database } from "./types";

/**
 * Runs `work` in a transaction that knows who is acting: the e-mail (or, for
 * the first start's seeding, FIRST_START_ACTOR of app/lib/row-history.ts) is
 * set as `app.actor` for the transaction only, and the database's triggers
 * (the lead status history, db/migrations/2026-11-23-01-leads.ts; the row
 * history, 2026-11-24-01-trash-history.ts) record it with what they write.
 * Writes made outside it record '' (unknown). In the database layer, beside
 * the triggers that read it, so the seed (./seed.ts) uses it without importing
 * the server; the server's modules import it through app/server/actor.server.ts.
 */
export async function asActor<T>(db: Kysely<Database>, actor: string, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const run = async (trx: Kysely<Database>) => {
    await sql`SELECT set_config('app.actor', ${actor}, true)`.execute(trx);
    return work(trx);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
