import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Deposits on bookings (issue 35, docs/decisions/0132):
// - site_settings: Deposit Required Above (cents; NULL: no deposit is ever
//   asked), Deposit (%) of the total (1–100; needed once a threshold is set),
//   Deposit Hold (hours) a booking waits for its deposit (1–168, first 24).
// - job_deposits: one row per job that was asked for a deposit: the amount,
//   until when the booking is held, and how the hold ended: received (the
//   owner recorded it, with the method and who) or released (the hold ran
//   out and the job was cancelled). Never both, and once either is written
//   it stays as written (a trigger): a deposit is recorded once.
// - The amount is more than 0 and at most the total of the estimate the job
//   books, when it books one (a trigger: a CHECK cannot read another table).
// - job_events: two more kinds, the hold placed and the deposit received.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE site_settings
    ADD COLUMN deposit_above_cents bigint CHECK (deposit_above_cents >= 0),
    ADD COLUMN deposit_percent smallint CHECK (deposit_percent BETWEEN 1 AND 100),
    ADD COLUMN deposit_hold_hours smallint NOT NULL DEFAULT 24 CHECK (deposit_hold_hours BETWEEN 1 AND 168),
    ADD CONSTRAINT site_settings_deposit_percent_given CHECK (deposit_above_cents IS NULL OR deposit_percent IS NOT NULL)`.execute(db);

  await sql`CREATE TABLE job_deposits (
    id serial PRIMARY KEY,
    job_id integer NOT NULL UNIQUE REFERENCES jobs (id) ON DELETE CASCADE,
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    held_until timestamptz NOT NULL,
    received_at timestamptz,
    method text CHECK (method IN ('Cash', 'Card', 'Check', 'Venmo', 'Zelle', 'Other')),
    received_by text,
    received_by_id integer REFERENCES users (id) ON DELETE SET NULL,
    released_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT job_deposits_received_or_released CHECK (received_at IS NULL OR released_at IS NULL),
    CONSTRAINT job_deposits_receipt_whole CHECK ((received_at IS NULL) = (method IS NULL) AND (received_at IS NULL) = (received_by IS NULL))
  )`.execute(db);
  // The holds still waiting, by their end: the background loop's releases and the schedule's "waiting for deposit".
  await sql`CREATE INDEX job_deposits_waiting_idx ON job_deposits (held_until) WHERE received_at IS NULL AND released_at IS NULL`.execute(db);
  // A user's delete sets their id to NULL here (as on payments).
  await sql`CREATE INDEX job_deposits_received_by_id_idx ON job_deposits (received_by_id) WHERE received_by_id IS NOT NULL`.execute(db);

  await sql`CREATE FUNCTION job_deposit_within_total() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      total bigint;
    BEGIN
      SELECT e.total_cents INTO total FROM jobs j JOIN estimates e ON e.id = j.estimate_id WHERE j.id = NEW.job_id;
      IF total IS NOT NULL AND NEW.amount_cents > total THEN
        RAISE EXCEPTION 'a deposit of % cents is more than the total of the estimate it books, % cents', NEW.amount_cents, total
          USING ERRCODE = 'check_violation', CONSTRAINT = 'job_deposits_within_total';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER job_deposits_within_total BEFORE INSERT OR UPDATE OF amount_cents, job_id ON job_deposits
    FOR EACH ROW EXECUTE FUNCTION job_deposit_within_total()`.execute(db);

  await sql`CREATE FUNCTION job_deposit_settled_once() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (OLD.received_at IS NOT NULL AND (NEW.received_at, NEW.method, NEW.received_by, NEW.amount_cents) IS DISTINCT FROM (OLD.received_at, OLD.method, OLD.received_by, OLD.amount_cents))
        OR (OLD.released_at IS NOT NULL AND NEW.released_at IS DISTINCT FROM OLD.released_at) THEN
        RAISE EXCEPTION 'job %: its deposit was already %', OLD.job_id, CASE WHEN OLD.received_at IS NOT NULL THEN 'recorded' ELSE 'released' END
          USING ERRCODE = 'check_violation', CONSTRAINT = 'job_deposits_settled_once';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER job_deposits_settled_once BEFORE UPDATE ON job_deposits
    FOR EACH ROW EXECUTE FUNCTION job_deposit_settled_once()`.execute(db);

  await sql`ALTER TABLE job_events DROP CONSTRAINT job_events_kind_check`.execute(db);
  await sql`ALTER TABLE job_events ADD CONSTRAINT job_events_kind_check
    CHECK (kind IN ('scheduled', 'rescheduled', 'on_the_way', 'done', 'cancelled', 'reminded', 'deposit_held', 'deposit_received'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM job_events WHERE kind IN ('deposit_held', 'deposit_received')`.execute(db);
  await sql`ALTER TABLE job_events DROP CONSTRAINT job_events_kind_check`.execute(db);
  await sql`ALTER TABLE job_events ADD CONSTRAINT job_events_kind_check
    CHECK (kind IN ('scheduled', 'rescheduled', 'on_the_way', 'done', 'cancelled', 'reminded'))`.execute(db);
  await sql`DROP TABLE job_deposits`.execute(db);
  await sql`DROP FUNCTION job_deposit_settled_once()`.execute(db);
  await sql`DROP FUNCTION job_deposit_within_total()`.execute(db);
  await sql`ALTER TABLE site_settings
    DROP CONSTRAINT site_settings_deposit_percent_given,
    DROP COLUMN deposit_hold_hours,
    DROP COLUMN deposit_percent,
    DROP COLUMN deposit_above_cents`.execute(db);
}
