import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Phones read as numbers (issue 33, docs/decisions/0108). The last ten digits
// of what was typed mixed an extension into the number ("+1 (616) 555-0123 x9"
// became 1655501239: the customer was not matched and the tel: link dialled
// another number). Now:
// - customers, quote_requests and site_settings keep the phone as typed and,
//   beside it, `phone_e164` (+16165550123; "" when it is not a valid number)
//   and `phone_ext` (the extension's digits; "" for none). The app fills them
//   on every write (app/server/phone.server.ts); existing rows, and the leads
//   waiting in the trash, are filled here where the typed value passes the
//   rule of today (the shape below and libphonenumber-js, US by default).
// - match_customer() compares phone_e164 (an index serves it); it takes the
//   E.164 form and extension from its caller (the app, or the BEFORE INSERT
//   trigger from the row), and a new customer gets them too.
// - phone_digits, which the owner's search reads (docs/decisions/0102), is now
//   the last ten digits of the E.164 form, or of the typed value where there
//   is none; a generated column's expression cannot be altered on PostgreSQL 15,
//   so it is dropped and added again with its trigram indexes.
// - the lead's row history leaves the two new columns out, like phone_digits:
//   they follow the phone, which it records.

const HISTORY_IGNORED = ["updated_at", "search_text", "note_bodies", "notes", "reminder_due_at", "customer_id", "phone_digits"];
const TABLES = ["customers", "quote_requests", "site_settings"] as const;
const BATCH = 2000;

// The rule of app/server/phone.server.ts and app/lib/phone-shape.ts on this day.
const SHAPE = /^(\+?)([0-9 ().\/-]+?)(?:\s*(?:x|ext\.?|extension|#)\s*[0-9]{1,9})?$/i;

function parse(typed: string | null): { e164: string; ext: string } {
  const text = (typed ?? "").trim();
  const match = SHAPE.exec(text);
  if (!match) return { e164: "", ext: "" };
  const digits = match[2]!.replace(/\D/g, "");
  const shaped = match[1] ? digits.length >= 7 && digits.length <= 15 : digits.length === 10 || (digits.length === 11 && digits.startsWith("1"));
  const number = shaped ? parsePhoneNumberFromString(text, { defaultCountry: "US", extract: false }) : undefined;
  return number?.isValid() ? { e164: number.number, ext: number.ext ?? "" } : { e164: "", ext: "" };
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`ALTER TABLE ${sql.table(table)}
      ADD COLUMN phone_e164 text NOT NULL DEFAULT '' CONSTRAINT ${sql.id(`${table}_phone_e164_check`)} CHECK (phone_e164 ~ '^(\\+[1-9][0-9]{6,14})?$'),
      ADD COLUMN phone_ext text NOT NULL DEFAULT '' CONSTRAINT ${sql.id(`${table}_phone_ext_check`)} CHECK (phone_ext ~ '^[0-9]{0,20}$')`.execute(db);
  }
  await replaceHistoryTrigger(db, [...HISTORY_IGNORED, "phone_e164", "phone_ext"]);

  // Filling in what was already typed is not an edit of the lead: no history rows.
  await sql`ALTER TABLE quote_requests DISABLE TRIGGER quote_requests_row_history`.execute(db);
  for (const table of TABLES) await backFill(db, table);
  await backFillTrash(db);
  await sql`ALTER TABLE quote_requests ENABLE TRIGGER quote_requests_row_history`.execute(db);

  await replacePhoneDigits(db, sql`right(regexp_replace(CASE WHEN phone_e164 <> '' THEN phone_e164 ELSE phone END, '[^0-9]', '', 'g'), 10)`);
  await sql`CREATE INDEX customers_phone_e164_idx ON customers (phone_e164) WHERE phone_e164 <> ''`.execute(db);

  await sql`DROP FUNCTION match_customer(text, text, text)`.execute(db);
  await sql`CREATE FUNCTION match_customer(p_name text, p_email text, p_phone text, p_phone_e164 text, p_phone_ext text) RETURNS integer
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      email_key text := lower(btrim(coalesce(p_email, '')));
      e164_key text := coalesce(p_phone_e164, '');
      found integer;
    BEGIN
      -- Serialize concurrent matches (one lock, however many rows: 2026-11-28-08-customers).
      PERFORM pg_advisory_xact_lock(hashtextextended('customer:match', 0));
      IF email_key <> '' THEN
        SELECT coalesce(merged_into, id) INTO found FROM customers WHERE lower(email) = email_key AND email <> ''
          ORDER BY merged_into IS NOT NULL, id LIMIT 1;
        IF found IS NOT NULL THEN RETURN found; END IF;
      END IF;
      IF e164_key <> '' THEN
        SELECT coalesce(merged_into, id) INTO found FROM customers WHERE phone_e164 = e164_key
          ORDER BY merged_into IS NOT NULL, id LIMIT 1;
        IF found IS NOT NULL THEN RETURN found; END IF;
      END IF;
      INSERT INTO customers (name, email, phone, phone_e164, phone_ext)
      VALUES (left(coalesce(nullif(btrim(p_name), ''), 'Customer'), 100), left(btrim(coalesce(p_email, '')), 254), left(btrim(coalesce(p_phone, '')), 30),
        e164_key, coalesce(p_phone_ext, ''))
      RETURNING id INTO found;
      RETURN found;
    END $$`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION link_quote_customer() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.customer_id IS NULL THEN
        NEW.customer_id := match_customer(NEW.name, NEW.email, NEW.phone, NEW.phone_e164, NEW.phone_ext);
      END IF;
      RETURN NEW;
    END $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE OR REPLACE FUNCTION link_quote_customer() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.customer_id IS NULL THEN
        NEW.customer_id := match_customer(NEW.name, NEW.email, NEW.phone);
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`DROP FUNCTION match_customer(text, text, text, text, text)`.execute(db);
  await sql`CREATE FUNCTION match_customer(p_name text, p_email text, p_phone text) RETURNS integer
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      email_key text := lower(btrim(coalesce(p_email, '')));
      digits text := right(regexp_replace(coalesce(p_phone, ''), '[^0-9]', '', 'g'), 10);
      found integer;
    BEGIN
      IF length(digits) < 10 THEN digits := ''; END IF;
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
  await sql`DROP INDEX customers_phone_e164_idx`.execute(db);
  await replacePhoneDigits(db, sql`right(regexp_replace(phone, '[^0-9]', '', 'g'), 10)`);
  await sql`CREATE INDEX customers_phone_digits_idx ON customers (phone_digits) WHERE phone_digits <> ''`.execute(db);
  await sql`UPDATE trash SET row_data = row_data - 'phone_e164' - 'phone_ext' WHERE table_name = 'quote_requests'`.execute(db);
  await replaceHistoryTrigger(db, HISTORY_IGNORED);
  for (const table of TABLES) await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN phone_e164, DROP COLUMN phone_ext`.execute(db);
}

/** Fills phone_e164 and phone_ext of the rows whose typed phone is a valid number, a batch at a time. */
async function backFill(db: Kysely<any>, table: (typeof TABLES)[number]): Promise<void> {
  for (let after = 0; ; ) {
    const { rows } = await sql<{ id: number; phone: string }>`SELECT id, phone FROM ${sql.table(table)}
      WHERE id > ${after} AND phone <> '' ORDER BY id LIMIT ${BATCH}`.execute(db);
    if (!rows.length) return;
    after = rows.at(-1)!.id;
    const parsed = rows.map((r) => ({ id: r.id, ...parse(r.phone) })).filter((r) => r.e164);
    if (!parsed.length) continue;
    await sql`UPDATE ${sql.table(table)} AS t SET phone_e164 = v.e164, phone_ext = v.ext
      FROM jsonb_to_recordset(${JSON.stringify(parsed)}::jsonb) AS v(id integer, e164 text, ext text)
      WHERE t.id = v.id`.execute(db);
  }
}

/** Leads in the trash come back with every stored column (app/server/tables/trash.server.ts): theirs are filled too. */
async function backFillTrash(db: Kysely<any>): Promise<void> {
  for (let after = 0; ; ) {
    const { rows } = await sql<{ id: number; phone: string | null }>`SELECT id, row_data->>'phone' AS phone FROM trash
      WHERE table_name = 'quote_requests' AND id > ${after} ORDER BY id LIMIT ${BATCH}`.execute(db);
    if (!rows.length) return;
    after = rows.at(-1)!.id;
    const parsed = rows.map((r) => ({ id: r.id, ...parse(r.phone) }));
    await sql`UPDATE trash AS t SET row_data = t.row_data || jsonb_build_object('phone_e164', v.e164, 'phone_ext', v.ext)
      FROM jsonb_to_recordset(${JSON.stringify(parsed)}::jsonb) AS v(id integer, e164 text, ext text)
      WHERE t.id = v.id`.execute(db);
  }
}

/** phone_digits of customers and quote_requests with another expression, and its trigram indexes. */
async function replacePhoneDigits(db: Kysely<any>, expression: ReturnType<typeof sql>): Promise<void> {
  for (const table of ["customers", "quote_requests"]) {
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN phone_digits`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN phone_digits text NOT NULL GENERATED ALWAYS AS (${expression}) STORED`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${table}_phone_digits_trgm_idx`)} ON ${sql.table(table)} USING gin (phone_digits gin_trgm_ops)`.execute(db);
  }
}

async function replaceHistoryTrigger(db: Kysely<any>, ignored: string[]): Promise<void> {
  const args = ignored.map((name) => `'${name}'`).join(", ");
  await sql`DROP TRIGGER quote_requests_row_history ON quote_requests`.execute(db);
  await sql`CREATE TRIGGER quote_requests_row_history AFTER INSERT OR UPDATE OR DELETE ON quote_requests
    FOR EACH ROW EXECUTE FUNCTION record_row_history(${sql.raw(args)})`.execute(db);
}
