import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The lead inbox (docs/decisions/0024): the pipeline's statuses, a history of
// every status change and note, e-mails tied to their lead, reminders that a
// lead waits, and one search column for the inbox.

const STATUSES = ["new", "contacted", "quoted", "booked", "completed", "lost"];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`UPDATE quote_requests SET status = 'completed' WHERE status = 'closed'`.execute(db);
  await sql`UPDATE quote_requests SET status = 'new' WHERE status <> ALL (${sql.raw(`ARRAY['${STATUSES.join("','")}']`)})`.execute(db);
  await sql`ALTER TABLE quote_requests ADD CONSTRAINT quote_requests_status_check
    CHECK (status IN (${sql.raw(STATUSES.map((s) => `'${s}'`).join(", "))}))`.execute(db);

  await db.schema
    .alterTable("quote_requests")
    // Why a lead was lost (optional), kept while it stays lost.
    .addColumn("lost_reason", "text", (c) => c.notNull().defaultTo(""))
    // The first move out of New: the lead's response time is this minus created_at.
    .addColumn("first_response_at", "timestamptz")
    // When the owner is to be reminded that the lead is still New; cleared
    // when the reminder is queued. Rows from before the inbox have none.
    .addColumn("reminder_due_at", "timestamptz")
    .execute();

  // Status changes and notes, oldest first on the lead's page. `actor` is the
  // e-mail of who did it ('' when unknown): the app sets it for its
  // transaction (set_config('app.actor', …, true)) and the trigger below reads it.
  await db.schema
    .createTable("lead_events")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("lead_id", "integer", (c) => c.notNull().references("quote_requests.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('status', 'note')`))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text")
    // A note's text, or the reason given when the lead was marked lost.
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("actor", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("lead_events_lead_idx").on("lead_events").columns(["lead_id", "id"]).execute();

  // The old free-text notes become one dated note each, before the trigger
  // that appends notes to quote_requests.notes exists (it would double them).
  await sql`INSERT INTO lead_events (lead_id, kind, body, created_at)
    SELECT id, 'note', notes, updated_at FROM quote_requests WHERE notes <> ''`.execute(db);

  // Every status change, however it is made (the inbox, the table, the API),
  // is recorded; the first move out of New is the response time; a reason is
  // kept only while the lead is lost, and a new reason for a lost lead is
  // recorded too.
  await sql`CREATE FUNCTION record_lead_status() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status <> 'lost' THEN
        NEW.lost_reason := '';
      END IF;
      IF TG_OP = 'UPDATE' AND (NEW.status IS DISTINCT FROM OLD.status OR NEW.lost_reason IS DISTINCT FROM OLD.lost_reason) THEN
        IF OLD.status = 'new' AND NEW.status <> 'new' AND NEW.first_response_at IS NULL THEN
          NEW.first_response_at := now();
        END IF;
        INSERT INTO lead_events (lead_id, kind, from_status, to_status, body, actor)
        VALUES (NEW.id, 'status', OLD.status, NEW.status, NEW.lost_reason, coalesce(current_setting('app.actor', true), ''));
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER quote_requests_status_history BEFORE INSERT OR UPDATE OF status, lost_reason ON quote_requests
    FOR EACH ROW EXECUTE FUNCTION record_lead_status()`.execute(db);

  // quote_requests.notes becomes the notes' read-only transcript (the table
  // view and its CSV export show it); note_bodies holds the notes' words
  // alone, for the inbox's search (not the authors' addresses or the dates).
  await db.schema.alterTable("quote_requests").addColumn("note_bodies", "text", (c) => c.notNull().defaultTo("")).execute();
  await sql`UPDATE quote_requests SET note_bodies = notes WHERE notes <> ''`.execute(db);
  await sql`CREATE FUNCTION append_lead_note() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE quote_requests
      SET notes = concat_ws(E'\n', nullif(notes, ''),
            '[' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC' ||
            CASE WHEN NEW.actor <> '' THEN ', ' || NEW.actor ELSE '' END || '] ' || NEW.body),
          note_bodies = concat_ws(E'\n', nullif(note_bodies, ''), NEW.body)
      WHERE id = NEW.lead_id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER lead_events_note_transcript AFTER INSERT ON lead_events
    FOR EACH ROW WHEN (NEW.kind = 'note') EXECUTE FUNCTION append_lead_note()`.execute(db);

  // The inbox's filter links count every status without a count(*) over all
  // leads: statement triggers keep one counter per status.
  await db.schema
    .createTable("lead_status_counts")
    .addColumn("status", "text", (c) => c.primaryKey())
    .addColumn("n", "bigint", (c) => c.notNull())
    .execute();
  await sql`INSERT INTO lead_status_counts (status, n)
    SELECT s, (SELECT count(*) FROM quote_requests WHERE status = s) FROM unnest(${sql.raw(`ARRAY['${STATUSES.join("','")}']`)}) AS s`.execute(db);
  await sql`CREATE FUNCTION count_lead_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        UPDATE lead_status_counts SET n = 0;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE lead_status_counts c SET n = c.n - o.n
        FROM (SELECT status, count(*) AS n FROM old_rows GROUP BY status) o WHERE c.status = o.status;
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        UPDATE lead_status_counts c SET n = c.n + i.n
        FROM (SELECT status, count(*) AS n FROM new_rows GROUP BY status) i WHERE c.status = i.status;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER quote_requests_status_count_insert AFTER INSERT ON quote_requests
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_statuses()`.execute(db);
  await sql`CREATE TRIGGER quote_requests_status_count_update AFTER UPDATE ON quote_requests
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_statuses()`.execute(db);
  await sql`CREATE TRIGGER quote_requests_status_count_delete AFTER DELETE ON quote_requests
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_statuses()`.execute(db);
  await sql`CREATE TRIGGER quote_requests_status_count_truncate AFTER TRUNCATE ON quote_requests
    FOR EACH STATEMENT EXECUTE FUNCTION count_lead_statuses()`.execute(db);

  // The inbox searches every text field with one trigram index.
  await sql`ALTER TABLE quote_requests ADD COLUMN search_text text GENERATED ALWAYS AS (
    name || ' ' || email || ' ' || phone || ' ' || vehicle_type || ' ' || message || ' ' || lost_reason || ' ' || note_bodies
  ) STORED`.execute(db);
  await sql`CREATE INDEX quote_requests_search_trgm_idx ON quote_requests USING gin (search_text gin_trgm_ops)`.execute(db);
  // The inbox's status filter (newest first) and its counts per status.
  await sql`CREATE INDEX quote_requests_status_created_idx ON quote_requests (status, created_at DESC, id DESC)`.execute(db);
  // The reminder job's look: New leads with a reminder due.
  await sql`CREATE INDEX quote_requests_reminder_due_idx ON quote_requests (reminder_due_at)
    WHERE status = 'new' AND reminder_due_at IS NOT NULL`.execute(db);

  // E-mails about a lead are shown on its page; `kind` says which e-mail it is.
  await db.schema
    .alterTable("email_outbox")
    .addColumn("lead_id", "integer", (c) => c.references("quote_requests.id").onDelete("set null"))
    .addColumn("kind", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await sql`CREATE INDEX email_outbox_lead_idx ON email_outbox (lead_id) WHERE lead_id IS NOT NULL`.execute(db);

  // The E-mail Log table in the dashboard: its sorts, its search and its row
  // counter (the functions of 2026-11-21-06-admin-tables).
  await sql`CREATE INDEX email_outbox_created_at_id_idx ON email_outbox (created_at, id)`.execute(db);
  await sql`CREATE INDEX email_outbox_lower_to_address_id_idx ON email_outbox (lower(to_address), id)`.execute(db);
  for (const column of ["to_address", "subject", "last_error"]) {
    await sql`CREATE INDEX ${sql.raw(`email_outbox_${column}_trgm_idx`)} ON email_outbox USING gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
  }
  await sql`LOCK TABLE email_outbox IN SHARE MODE`.execute(db);
  await sql`INSERT INTO row_counts (table_name, n) SELECT 'email_outbox', count(*) FROM email_outbox`.execute(db);
  await sql`CREATE TRIGGER email_outbox_count_insert AFTER INSERT ON email_outbox
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_insert()`.execute(db);
  await sql`CREATE TRIGGER email_outbox_count_delete AFTER DELETE ON email_outbox
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_delete()`.execute(db);
  await sql`CREATE TRIGGER email_outbox_count_truncate AFTER TRUNCATE ON email_outbox
    FOR EACH STATEMENT EXECUTE FUNCTION row_counts_truncate()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const kind of ["insert", "delete", "truncate"]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`email_outbox_count_${kind}`)} ON email_outbox`.execute(db);
  }
  await sql`DELETE FROM row_counts WHERE table_name = 'email_outbox'`.execute(db);
  for (const index of ["created_at_id", "lower_to_address_id", "to_address_trgm", "subject_trgm", "last_error_trgm", "lead"]) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(`email_outbox_${index}_idx`)}`.execute(db);
  }
  await db.schema.alterTable("email_outbox").dropColumn("kind").dropColumn("lead_id").execute();
  for (const kind of ["insert", "update", "delete", "truncate"]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`quote_requests_status_count_${kind}`)} ON quote_requests`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS count_lead_statuses()`.execute(db);
  await db.schema.dropTable("lead_status_counts").ifExists().execute();
  await sql`DROP TRIGGER IF EXISTS lead_events_note_transcript ON lead_events`.execute(db);
  await sql`DROP TRIGGER IF EXISTS quote_requests_status_history ON quote_requests`.execute(db);
  await sql`DROP FUNCTION IF EXISTS append_lead_note()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS record_lead_status()`.execute(db);
  await db.schema.dropTable("lead_events").execute();
  await sql`ALTER TABLE quote_requests DROP COLUMN search_text, DROP COLUMN note_bodies, DROP COLUMN reminder_due_at,
    DROP COLUMN first_response_at, DROP COLUMN lost_reason, DROP CONSTRAINT quote_requests_status_check`.execute(db);
  await sql`UPDATE quote_requests SET status = 'closed' WHERE status IN ('completed', 'lost')`.execute(db);
}
