import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The owner's searches (issue 32, docs/decisions/0102), each answered from a
// trigram index so that a search among 50,000 customers reads only the rows
// it finds:
// - quote_requests.phone_digits: the phone's last ten digits, as
//   customers.phone_digits keeps them, so a lead is found by its phone in any
//   format; left out of the lead's row history (kept up by the database).
// - customers.search_text: the name and e-mail, lower-cased; and a trigram
//   index on customers.phone_digits (its btree index serves matching, which
//   compares whole numbers, not a part of one).
// - vehicles.search_text: year, make, model, colour and kind, lower-cased,
//   so a customer is found by what they drive.

const HISTORY_IGNORED = ["updated_at", "search_text", "note_bodies", "notes", "reminder_due_at", "customer_id"];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE quote_requests ADD COLUMN phone_digits text NOT NULL
    GENERATED ALWAYS AS (right(regexp_replace(phone, '[^0-9]', '', 'g'), 10)) STORED`.execute(db);
  await sql`CREATE INDEX quote_requests_phone_digits_trgm_idx ON quote_requests USING gin (phone_digits gin_trgm_ops)`.execute(db);
  await replaceHistoryTrigger(db, [...HISTORY_IGNORED, "phone_digits"]);

  await sql`ALTER TABLE customers ADD COLUMN search_text text NOT NULL
    GENERATED ALWAYS AS (lower(name || ' ' || email)) STORED`.execute(db);
  await sql`CREATE INDEX customers_search_trgm_idx ON customers USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX customers_phone_digits_trgm_idx ON customers USING gin (phone_digits gin_trgm_ops)`.execute(db);

  await sql`ALTER TABLE vehicles ADD COLUMN search_text text NOT NULL
    GENERATED ALWAYS AS (lower(coalesce(year::text, '') || ' ' || make || ' ' || model || ' ' || color || ' ' || kind)) STORED`.execute(db);
  await sql`CREATE INDEX vehicles_search_trgm_idx ON vehicles USING gin (search_text gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE vehicles DROP COLUMN search_text`.execute(db);
  await sql`DROP INDEX customers_phone_digits_trgm_idx`.execute(db);
  await sql`ALTER TABLE customers DROP COLUMN search_text`.execute(db);
  await replaceHistoryTrigger(db, HISTORY_IGNORED);
  await sql`ALTER TABLE quote_requests DROP COLUMN phone_digits`.execute(db);
}

async function replaceHistoryTrigger(db: Kysely<any>, ignored: string[]): Promise<void> {
  const args = ignored.map((name) => `'${name}'`).join(", ");
  await sql`DROP TRIGGER quote_requests_row_history ON quote_requests`.execute(db);
  await sql`CREATE TRIGGER quote_requests_row_history AFTER INSERT OR UPDATE OR DELETE ON quote_requests
    FOR EACH ROW EXECUTE FUNCTION record_row_history(${sql.raw(args)})`.execute(db);
}
