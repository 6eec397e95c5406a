import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Undo, trash and history for the dashboard's editable tables
// (docs/decisions/0077-trash-table-with-dependents.md, 0078-row-history-by-triggers.md):
// - row_history: one row per create, update, delete, restore and revert of a
//   row, written by a trigger on each table, so no path (dashboard, API, CSV
//   import, the lead inbox, SQL) can skip it. `actor` is app.actor, set by
//   asActor (app/server/actor.server.ts) for its transaction; `op` is the
//   statement's kind unless the app names it in app.change ('restore' for a
//   row put back from the trash, 'revert' for an earlier version restored).
// - trash: deleted rows as JSON, with what the delete took along (a lead's
//   events, its e-mails' link), for 30 days (app/server/tables/trash.server.ts).

/**
 * The editable registered tables and the columns whose changes are not
 * history: kept up by the app or a trigger (search text, counters, the notes
 * transcript that lead_events already record, sign-in times), they would bury
 * the owner's edits.
 */
const HISTORY_TABLES: Record<string, string[]> = {
  quote_requests: ["updated_at", "search_text", "note_bodies", "notes", "reminder_due_at"],
  testimonials: [],
  faqs: [],
  services: ["updated_at"],
  care_guides: ["updated_at"],
  gallery: ["updated_at"],
  users: ["last_login_at"],
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("row_history")
    // Append-only, and always read through a row's index below: no primary-key
    // index to keep up on every write, only the row index below.
    .addColumn("id", "bigserial", (c) => c.notNull())
    .addColumn("table_name", "text", (c) => c.notNull())
    .addColumn("row_id", "bigint", (c) => c.notNull())
    .addColumn("op", "text", (c) => c.notNull().check(sql`op IN ('create', 'update', 'delete', 'restore', 'revert')`))
    .addColumn("actor", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // The changed fields only: before (NULL for a create or restore) and after (NULL for a delete).
    .addColumn("before", "jsonb")
    .addColumn("after", "jsonb")
    .execute();
  // A row's versions, in order (id breaks ties within one transaction).
  await sql`CREATE INDEX row_history_row_idx ON row_history (table_name, row_id, at, id)`.execute(db);

  await sql`CREATE FUNCTION record_row_history() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      change text := nullif(current_setting('app.change', true), '');
      old_row jsonb;
      new_row jsonb;
      before_values jsonb;
      after_values jsonb;
      kind text;
    BEGIN
      IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD) - coalesce(TG_ARGV, '{}'); END IF;
      IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW) - coalesce(TG_ARGV, '{}'); END IF;
      IF TG_OP = 'UPDATE' THEN
        SELECT jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, new_row -> o.key)
          INTO before_values, after_values
          FROM jsonb_each(old_row) o
          WHERE o.value IS DISTINCT FROM new_row -> o.key;
        IF before_values IS NULL THEN
          RETURN NULL;
        END IF;
        kind := CASE WHEN change = 'revert' THEN 'revert' ELSE 'update' END;
      ELSIF TG_OP = 'INSERT' THEN
        after_values := new_row;
        kind := CASE WHEN change = 'restore' THEN 'restore' ELSE 'create' END;
      ELSE
        before_values := old_row;
        kind := 'delete';
      END IF;
      INSERT INTO row_history (table_name, row_id, op, actor, before, after)
      VALUES (TG_TABLE_NAME, (coalesce(new_row, old_row)->>'id')::bigint, kind,
              coalesce(current_setting('app.actor', true), ''), before_values, after_values);
      RETURN NULL;
    END $$`.execute(db);
  for (const [table, ignored] of Object.entries(HISTORY_TABLES)) {
    const args = ignored.map((name) => `'${name}'`).join(", ");
    await sql`CREATE TRIGGER ${sql.raw(`${table}_row_history`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION record_row_history(${sql.raw(args)})`.execute(db);
  }

  await db.schema
    .createTable("trash")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("table_name", "text", (c) => c.notNull())
    .addColumn("row_id", "bigint", (c) => c.notNull())
    // to_jsonb(row) as it was when deleted.
    .addColumn("row_data", "jsonb", (c) => c.notNull())
    // What the delete removed or unlinked elsewhere, to put back with the row: { "lead_events": [rows…], "email_outbox.lead_id": [ids…] }.
    .addColumn("dependents", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("deleted_by", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("deleted_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Ids are never reused (serial), so a row is in the trash at most once.
  await sql`CREATE UNIQUE INDEX trash_table_row_idx ON trash (table_name, row_id)`.execute(db);
  // "Recently deleted", newest first; the purge's look for expired rows.
  await sql`CREATE INDEX trash_table_deleted_at_idx ON trash (table_name, deleted_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX trash_deleted_at_idx ON trash (deleted_at)`.execute(db);

  // A lead's notes come back from the trash with their transcript already in
  // quote_requests.notes: putting the note events back must not append them again.
  await sql`CREATE OR REPLACE FUNCTION append_lead_note() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('app.change', true) = 'restore' THEN
        RETURN NULL;
      END IF;
      UPDATE quote_requests
      SET notes = concat_ws(E'\n', nullif(notes, ''),
            '[' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC' ||
            CASE WHEN NEW.actor <> '' THEN ', ' || NEW.actor ELSE '' END || '] ' || NEW.body),
          note_bodies = concat_ws(E'\n', nullif(note_bodies, ''), NEW.body)
      WHERE id = NEW.lead_id;
      RETURN NULL;
    END $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE OR REPLACE FUNCTION append_lead_note() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE quote_requests
      SET notes = concat_ws(E'\n', nullif(notes, ''),
            '[' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC' ||
            CASE WHEN NEW.actor <> '' THEN ', ' || NEW.actor ELSE '' END || '] ' || NEW.body),
          note_bodies = concat_ws(E'\n', nullif(note_bodies, ''), NEW.body)
      WHERE id = NEW.lead_id;
      RETURN NULL;
    END $$`.execute(db);
  await db.schema.dropTable("trash").ifExists().execute();
  for (const table of Object.keys(HISTORY_TABLES)) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_row_history`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS record_row_history()`.execute(db);
  await db.schema.dropTable("row_history").ifExists().execute();
}
