import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The row history of the content the first start seeded named no one (actor
// ''), so the History dialog called it "unknown (not signed in)". The seeding
// now runs as the actor 'first start' (FIRST_START_ACTOR in
// app/lib/row-history.ts: "Added at first start"); this gives the entries
// recorded before the same actor. A seed inserts its rows in the transaction
// that claims it in `seeds`, and now() is the transaction's start, so its
// entries are the creates stamped with exactly a seed's applied_at. Anything
// else that named no one (SQL run by hand) stays unknown (docs/decisions/0065).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`UPDATE row_history h SET actor = 'first start'
    WHERE h.actor = '' AND h.op = 'create' AND h.at IN (SELECT applied_at FROM seeds)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE row_history SET actor = '' WHERE actor = 'first start'`.execute(db);
}
