import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Condition reports (issue 36, docs/decisions/0136): before the work starts,
// a note per area of the vehicle, photos and the customer's signature, kept
// as the PDF the customer was e-mailed, with its SHA-256.
// - areas: {"Front": "scratch on the bumper", …}, one key per area of the
//   vehicle's kind (a car's six, a boat's four); '' for an area with no note.
// - photos: the stored uploads' names in the order they were sent (the orphan
//   clean-up counts them, and those of a report in the trash, as referred to).
// - signature_upload: the drawn signature (a PNG upload), NULL when the
//   customer typed their name only; signed_name is always there.
// - pdf and pdf_sha256: the PDF's bytes as sent, and their hash; a report is
//   never changed (a trigger): a correction is a new report, the old one stays.
// - client_key: the form's idempotency key; a post replayed with it stores
//   nothing new (INSERT … ON CONFLICT DO NOTHING).
// - created_by / created_by_id: who saved it (docs/decisions/0123).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE condition_reports (
    id serial PRIMARY KEY,
    job_id integer NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    client_key text NOT NULL UNIQUE CHECK (char_length(client_key) BETWEEN 8 AND 100),
    vehicle_kind text NOT NULL CHECK (vehicle_kind IN ('car', 'boat')),
    areas jsonb NOT NULL CHECK (jsonb_typeof(areas) = 'object'),
    photos jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(photos) = 'array'),
    -- No ON DELETE: the orphan clean-up never takes an upload a report (or a trashed one) holds.
    -- Checked at commit: the report's row is inserted first (its key decides), its uploads' rows after.
    signature_upload text REFERENCES uploads (name) DEFERRABLE INITIALLY DEFERRED,
    signed_name text NOT NULL CHECK (char_length(signed_name) BETWEEN 1 AND 100),
    agreed boolean NOT NULL CHECK (agreed),
    pdf bytea NOT NULL,
    pdf_sha256 text NOT NULL CHECK (pdf_sha256 ~ '^[0-9a-f]{64}$'),
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by text NOT NULL,
    created_by_id integer REFERENCES users (id) ON DELETE SET NULL
  )`.execute(db);
  // A job's reports, newest last: its page, the customer's page and the PDF routes.
  await sql`CREATE INDEX condition_reports_job_id_idx ON condition_reports (job_id, id)`.execute(db);
  // A user's delete sets their id to NULL here (as on payments).
  await sql`CREATE INDEX condition_reports_created_by_id_idx ON condition_reports (created_by_id) WHERE created_by_id IS NOT NULL`.execute(db);

  // What was signed stays as signed; only who saved it may lose its user (ON DELETE SET NULL).
  await sql`CREATE FUNCTION condition_report_kept() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'condition report %: a saved report is never changed; save a new one', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'condition_reports_kept';
    END $$`.execute(db);
  await sql`CREATE TRIGGER condition_reports_kept BEFORE UPDATE OF job_id, client_key, vehicle_kind, areas, photos, signature_upload,
      signed_name, agreed, pdf, pdf_sha256, created_at, created_by ON condition_reports
    FOR EACH ROW EXECUTE FUNCTION condition_report_kept()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE condition_reports`.execute(db);
  await sql`DROP FUNCTION condition_report_kept()`.execute(db);
}
