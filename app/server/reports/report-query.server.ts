import { sql } from "kysely";
import type { DB } from "../db.server";

/**
 * A figure group's queries in one transaction without JIT
 * (docs/decisions/0152): no just-in-time compilation, which PostgreSQL starts for any plan it costs
 * above 100,000 (a year of requests does) and which took 0.1–2.5 s to
 * compile plans that run in milliseconds (the price book's small tables,
 * never analysed, are guessed at thousands of rows). PGlite has no JIT; the
 * setting is harmless there.
 */
export function reportQuery<T>(db: DB, read: (trx: DB) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL jit = off`.execute(trx);
    return read(trx);
  });
}
