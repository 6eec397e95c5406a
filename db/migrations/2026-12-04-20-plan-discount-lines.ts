import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// A maintenance plan's discount on one-off work (issue 37, docs/decisions/0155):
// a priced document's lines may hold one line `plan_discount`, the only line
// that may be negative (quantity 1, 0 to -$100,000.00); every other line stays
// 0 or more as before. One discount line per document at most.

const TABLES = [
  { table: "estimate_lines", key: "estimate_id" },
  { table: "invoice_lines", key: "invoice_id" },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, key } of TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN plan_discount boolean NOT NULL DEFAULT false`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(`${table}_unit_price_cents_check`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(`${table}_unit_price_cents_check`)} CHECK (
      CASE WHEN plan_discount THEN quantity = 1 AND unit_price_cents BETWEEN -10000000 AND 0
      ELSE unit_price_cents BETWEEN 0 AND 10000000 END)`.execute(db);
    await sql`CREATE UNIQUE INDEX ${sql.id(`${table}_one_plan_discount`)} ON ${sql.table(table)} (${sql.ref(key)}) WHERE plan_discount`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of TABLES) {
    await sql`DROP INDEX ${sql.id(`${table}_one_plan_discount`)}`.execute(db);
    await sql`DELETE FROM ${sql.table(table)} WHERE plan_discount`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(`${table}_unit_price_cents_check`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(`${table}_unit_price_cents_check`)} CHECK (unit_price_cents >= 0 AND unit_price_cents <= 10000000)`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN plan_discount`.execute(db);
  }
}
