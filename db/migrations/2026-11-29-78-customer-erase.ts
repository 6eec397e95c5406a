import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// A customer's data on request (issue 34, docs/decisions/0122): the owner can
// erase a customer. The row stays (its invoices and payments keep their
// customer for the books) with its personal details replaced, and:
// - customers.erased_at: when it was erased (NULL: never). The list, the
//   search and the merge's choice leave erased customers out.
// - customer_events may record "erased": who erased which customer and when,
//   nothing personal.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("customers").addColumn("erased_at", "timestamptz").execute();
  await sql`ALTER TABLE customer_events DROP CONSTRAINT customer_events_kind_check`.execute(db);
  await sql`ALTER TABLE customer_events ADD CONSTRAINT customer_events_kind_check CHECK (kind IN ('merged', 'erased'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM customer_events WHERE kind = 'erased'`.execute(db);
  await sql`ALTER TABLE customer_events DROP CONSTRAINT customer_events_kind_check`.execute(db);
  await sql`ALTER TABLE customer_events ADD CONSTRAINT customer_events_kind_check CHECK (kind = 'merged')`.execute(db);
  await db.schema.alterTable("customers").dropColumn("erased_at").execute();
}
