import { sql, type Kysely, type RawBuilder } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Who acted is a user id as well as a label (issue 34, docs/decisions/0123):
// each table with `actor text` gets `actor_id`, the users row of the staff
// member who acted (NULL for the customer, the system, the first start, and
// once that user is deleted). `actor` stays as the label: what non-staff
// actors are called, and what a deleted user's rows still show. The pages
// show the user's current e-mail through actor_id, else the label.
// The app sets app.actor_id beside app.actor for its transaction (db/actor.ts);
// the two triggers that record the actor store both.

const TABLES = ["customer_events", "estimate_events", "invoice_events", "job_events", "lead_events", "row_history"];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN actor_id integer REFERENCES users (id) ON DELETE SET NULL`.execute(db);
    // The rows so far: the label is the e-mail the user acted under. Users'
    // are stored lower-cased at sign-in; a label's case is not promised.
    await sql`UPDATE ${sql.table(table)} t SET actor_id = u.id FROM users u WHERE t.actor <> '' AND lower(t.actor) = lower(u.email)`.execute(db);
    // Serves the ON DELETE SET NULL when a user row is deleted.
    await sql`CREATE INDEX ${sql.raw(`${table}_actor_id_idx`)} ON ${sql.table(table)} (actor_id) WHERE actor_id IS NOT NULL`.execute(db);
  }
  // An id of no user (deleted while the request ran) is stored as NULL, as the delete would have made it.
  await triggersStore(db, sql`, actor_id`, sql`, (SELECT id FROM users WHERE id = nullif(current_setting('app.actor_id', true), '')::integer)`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await triggersStore(db, sql``, sql``);
  for (const table of TABLES) await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN actor_id`.execute(db);
}

/** The two functions of 2026-11-23-01-leads and 2026-11-24-01-trash-history, storing the given extra column. */
async function triggersStore(db: Kysely<any>, column: RawBuilder<unknown>, value: RawBuilder<unknown>): Promise<void> {
  await sql`CREATE OR REPLACE FUNCTION record_lead_status() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status <> 'lost' THEN
        NEW.lost_reason := '';
      END IF;
      IF TG_OP = 'UPDATE' AND (NEW.status IS DISTINCT FROM OLD.status OR NEW.lost_reason IS DISTINCT FROM OLD.lost_reason) THEN
        IF OLD.status = 'new' AND NEW.status <> 'new' AND NEW.first_response_at IS NULL THEN
          NEW.first_response_at := now();
        END IF;
        INSERT INTO lead_events (lead_id, kind, from_status, to_status, body, actor${column})
        VALUES (NEW.id, 'status', OLD.status, NEW.status, NEW.lost_reason, coalesce(current_setting('app.actor', true), '')${value});
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION record_row_history() RETURNS trigger LANGUAGE plpgsql AS $$
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
      INSERT INTO row_history (table_name, row_id, op, actor${column}, before, after)
      VALUES (TG_TABLE_NAME, (coalesce(new_row, old_row)->>'id')::bigint, kind,
              coalesce(current_setting('app.actor', true), '')${value}, before_values, after_values);
      RETURN NULL;
    END $$`.execute(db);
}
