import { sql } from "kysely";
import type { DB } from "./db.server";

/**
 * Runs `work` as a part of the caller's transaction that can fail alone: in a
 * savepoint, rolled back to when `work` throws (the error goes on), so the
 * transaction stays usable for what the caller does next (the next line of
 * an import, the next person free for a job). PostgreSQL refuses every
 * statement of a transaction after a failed one otherwise. A name used again
 * inside refers to the newest, so parts may nest.
 */
export async function inSavepoint<T>(trx: DB, work: () => Promise<T>): Promise<T> {
  await sql`SAVEPOINT part`.execute(trx);
  try {
    const result = await work();
    await sql`RELEASE SAVEPOINT part`.execute(trx);
    return result;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT part`.execute(trx);
    throw error;
  }
}
