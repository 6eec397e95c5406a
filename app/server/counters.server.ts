import { sql } from "kysely";
import type { DB } from "./db.server";

/**
 * The numbers the database keeps counted, read in one place: an admin table's
 * total, the lead inbox's count per status, and the public content's version
 * (the rendered-page cache's key). Triggers add one row per number and
 * statement to counter_deltas and never update a shared row, so no write waits
 * for another's count (docs/decisions/0104); a number is the sum of its rows,
 * a handful since they are folded together every hundred rows.
 */

/** The rows of a table with a counter (TableDef.countedRows). */
export async function tableRowCount(db: DB, table: string): Promise<number> {
  return counter(db, `rows:${table}`);
}

/** Leads per status (a status with none is missing). */
export async function leadStatusCounts(db: DB): Promise<Map<string, number>> {
  const { rows } = await sql<{ counter: string; n: number }>`SELECT counter, sum(n) AS n FROM counter_deltas
    WHERE counter LIKE 'leads:%' GROUP BY counter`.execute(db);
  return new Map(rows.map((r) => [r.counter.slice("leads:".length), Number(r.n)]));
}

/** The leads in one status. */
export async function leadsInStatus(db: DB, status: string): Promise<number> {
  return counter(db, `leads:${status}`);
}

/** Grows with every change to the public pages' content (testimonials, FAQs, services, gallery, settings). */
export async function contentVersion(db: DB): Promise<number> {
  return counter(db, "content");
}

async function counter(db: DB, name: string): Promise<number> {
  const { rows } = await sql<{ n: number | null }>`SELECT sum(n) AS n FROM counter_deltas WHERE counter = ${name}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
