import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Customers (issue 23, docs/decisions/0090):
// - customers: one person or business. `phone_digits` (generated) is the last
//   ten digits of the phone, what matching compares. `merged_into` is set
//   when the owner merged this record into another: the row stays (trashed
//   leads and old links still point at it) but no list or match sees it.
//   A live customer's e-mail is unique, letter case ignored.
// - vehicles: what a customer drives (or floats).
// - customer_events: what happened to a customer record (a merge), for its timeline.
// - quote_requests.customer_id: every request belongs to a customer. A
//   request inserted without one (the quote form, the dashboard grid, a CSV
//   import, a restore from an older trash) gets one from match_customer() in
//   a BEFORE INSERT trigger, so every insert path links it in its own
//   transaction. Existing requests are linked here, oldest first.
// - match_customer(): by e-mail (trimmed, letter case ignored), else by the
//   phone's last ten digits (only a full ten), else a new customer; a merged
//   record's e-mail or phone leads to the record it was merged into (merges
//   keep merged_into one step deep), a live record preferred. Two
//   transactions matching at once are serialized by one transaction-scoped
//   advisory lock (the second then sees the first's customer). One lock, not
//   one per e-mail and phone: a transaction that inserts thousands of
//   requests (a CSV import) would otherwise take thousands of locks and run
//   out of the lock table's shared memory; taken again in the same
//   transaction, the one lock costs nothing more. The unique index is the
//   backstop.
// - the lead's row history (record_row_history) leaves customer_id out: a
//   merge moves requests, and reverting a lead must not point it back at a
//   merged record.

const HISTORY_IGNORED = ["updated_at", "search_text", "note_bodies", "notes", "reminder_due_at"];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("customers")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) BETWEEN 1 AND 100`))
    .addColumn("email", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(email) <= 254`))
    .addColumn("phone", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(phone) <= 30`))
    .addColumn("phone_digits", "text", (c) =>
      c.notNull().generatedAlwaysAs(sql`right(regexp_replace(phone, '[^0-9]', '', 'g'), 10)`).stored(),
    )
    .addColumn("notes", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(notes) <= 2000`))
    .addColumn("merged_into", "integer", (c) => c.references("customers.id").onDelete("restrict"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("customers_not_merged_into_self", sql`merged_into IS NULL OR merged_into <> id`)
    .execute();
  await sql`CREATE UNIQUE INDEX customers_email_key ON customers (lower(email)) WHERE merged_into IS NULL AND email <> ''`.execute(db);
  // Matching looks at merged records too (their e-mail and phone lead to the record they joined).
  await sql`CREATE INDEX customers_email_idx ON customers (lower(email)) WHERE email <> ''`.execute(db);
  await sql`CREATE INDEX customers_phone_digits_idx ON customers (phone_digits) WHERE phone_digits <> ''`.execute(db);
  await sql`CREATE INDEX customers_name_idx ON customers (lower(name), id) WHERE merged_into IS NULL`.execute(db);
  await sql`CREATE INDEX customers_created_idx ON customers (created_at, id) WHERE merged_into IS NULL`.execute(db);
  await sql`CREATE INDEX customers_merged_into_idx ON customers (merged_into) WHERE merged_into IS NOT NULL`.execute(db);

  await db.schema
    .createTable("vehicles")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind IN ('Car', 'Truck', 'SUV', 'Van', 'Boat', 'RV', 'Motorcycle', 'Other')`),
    )
    .addColumn("make", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(make) <= 60`))
    .addColumn("model", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(model) <= 60`))
    // The form takes 1900 to next year (model years run ahead of the calendar);
    // the database only a fixed range, so a restored backup always passes.
    .addColumn("year", "integer", (c) => c.check(sql`year BETWEEN 1900 AND 2200`))
    .addColumn("color", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(color) <= 40`))
    .addColumn("notes", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(notes) <= 1000`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("vehicles_customer_idx").on("vehicles").columns(["customer_id", "id"]).execute();

  await db.schema
    .createTable("customer_events")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('merged')`))
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("actor", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("customer_events_customer_idx").on("customer_events").columns(["customer_id", "id"]).execute();

  await sql`CREATE FUNCTION match_customer(p_name text, p_email text, p_phone text) RETURNS integer
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      email_key text := lower(btrim(coalesce(p_email, '')));
      digits text := right(regexp_replace(coalesce(p_phone, ''), '[^0-9]', '', 'g'), 10);
      found integer;
    BEGIN
      IF length(digits) < 10 THEN digits := ''; END IF;
      -- Serialize concurrent matches (see above: one lock, however many rows).
      PERFORM pg_advisory_xact_lock(hashtextextended('customer:match', 0));
      IF email_key <> '' THEN
        SELECT coalesce(merged_into, id) INTO found FROM customers WHERE lower(email) = email_key AND email <> ''
          ORDER BY merged_into IS NOT NULL, id LIMIT 1;
        IF found IS NOT NULL THEN RETURN found; END IF;
      END IF;
      IF digits <> '' THEN
        SELECT coalesce(merged_into, id) INTO found FROM customers WHERE phone_digits = digits
          ORDER BY merged_into IS NOT NULL, id LIMIT 1;
        IF found IS NOT NULL THEN RETURN found; END IF;
      END IF;
      INSERT INTO customers (name, email, phone)
      VALUES (left(coalesce(nullif(btrim(p_name), ''), 'Customer'), 100), left(btrim(coalesce(p_email, '')), 254), left(btrim(coalesce(p_phone, '')), 30))
      RETURNING id INTO found;
      RETURN found;
    END $$`.execute(db);

  await sql`CREATE FUNCTION link_quote_customer() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.customer_id IS NULL THEN
        NEW.customer_id := match_customer(NEW.name, NEW.email, NEW.phone);
      END IF;
      RETURN NEW;
    END $$`.execute(db);

  await db.schema
    .alterTable("quote_requests")
    .addColumn("customer_id", "integer", (c) => c.references("customers.id").onDelete("restrict"))
    .execute();

  // Linking the existing requests is not an edit of theirs: no history rows.
  await sql`ALTER TABLE quote_requests DISABLE TRIGGER quote_requests_row_history`.execute(db);
  await sql`DO $$
    DECLARE r record;
    BEGIN
      FOR r IN SELECT id, name, email, phone FROM quote_requests ORDER BY created_at, id LOOP
        UPDATE quote_requests SET customer_id = match_customer(r.name, r.email, r.phone) WHERE id = r.id;
      END LOOP;
    END $$`.execute(db);
  await sql`ALTER TABLE quote_requests ENABLE TRIGGER quote_requests_row_history`.execute(db);
  // A linked customer is as old as their first request.
  await sql`UPDATE customers c SET created_at = f.first, updated_at = f.first
    FROM (SELECT customer_id, min(created_at) AS first FROM quote_requests GROUP BY customer_id) f
    WHERE f.customer_id = c.id`.execute(db);
  await sql`ALTER TABLE quote_requests ALTER COLUMN customer_id SET NOT NULL`.execute(db);
  await db.schema.createIndex("quote_requests_customer_idx").on("quote_requests").columns(["customer_id", "id"]).execute();

  await sql`CREATE TRIGGER quote_requests_link_customer BEFORE INSERT ON quote_requests
    FOR EACH ROW EXECUTE FUNCTION link_quote_customer()`.execute(db);
  await replaceHistoryTrigger(db, [...HISTORY_IGNORED, "customer_id"]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceHistoryTrigger(db, HISTORY_IGNORED);
  await sql`DROP TRIGGER quote_requests_link_customer ON quote_requests`.execute(db);
  await db.schema.alterTable("quote_requests").dropColumn("customer_id").execute();
  await sql`DROP FUNCTION link_quote_customer()`.execute(db);
  await sql`DROP FUNCTION match_customer(text, text, text)`.execute(db);
  await db.schema.dropTable("customer_events").execute();
  await db.schema.dropTable("vehicles").execute();
  await db.schema.dropTable("customers").execute();
}

async function replaceHistoryTrigger(db: Kysely<any>, ignored: string[]): Promise<void> {
  const args = ignored.map((name) => `'${name}'`).join(", ");
  await sql`DROP TRIGGER quote_requests_row_history ON quote_requests`.execute(db);
  await sql`CREATE TRIGGER quote_requests_row_history AFTER INSERT OR UPDATE OR DELETE ON quote_requests
    FOR EACH ROW EXECUTE FUNCTION record_row_history(${sql.raw(args)})`.execute(db);
}
