import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The day in the field (issue 36, docs/decisions/0140):
// - jobs: `in_progress` between Start Job and Finish Job, with started_at
//   (when the work began; done_at is when it finished). A job in progress
//   has started; started_at is never after done_at.
// - jobs.signed_off_name / signed_off_at: the customer's sign-off at Finish
//   Job, the name they typed; both or neither.
// - payments.tip_cents: the tip given with a payment on the spot, outside
//   the invoice's total (paid_cents counts the amount only).
// - payments.client_key: the phone's idempotency key of a payment made in
//   the field, so a replayed post (the offline queue) records it once.
// - job_events: `started`.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE jobs DROP CONSTRAINT jobs_status_check`.execute(db);
  await sql`ALTER TABLE jobs
    ADD CONSTRAINT jobs_status_check CHECK (status IN ('scheduled', 'on_the_way', 'in_progress', 'done', 'cancelled')),
    ADD COLUMN started_at timestamptz,
    ADD COLUMN signed_off_name text CHECK (length(signed_off_name) BETWEEN 1 AND 100),
    ADD COLUMN signed_off_at timestamptz,
    ADD CONSTRAINT jobs_in_progress_started CHECK (status <> 'in_progress' OR started_at IS NOT NULL),
    ADD CONSTRAINT jobs_started_before_done CHECK (started_at IS NULL OR done_at IS NULL OR started_at <= done_at),
    ADD CONSTRAINT jobs_sign_off_whole CHECK ((signed_off_name IS NULL) = (signed_off_at IS NULL))`.execute(db);

  await sql`ALTER TABLE payments
    ADD COLUMN tip_cents bigint NOT NULL DEFAULT 0 CHECK (tip_cents >= 0 AND tip_cents <= 10000000),
    ADD COLUMN client_key text UNIQUE CHECK (length(client_key) BETWEEN 8 AND 64)`.execute(db);

  await sql`ALTER TABLE job_events DROP CONSTRAINT job_events_kind_check`.execute(db);
  await sql`ALTER TABLE job_events ADD CONSTRAINT job_events_kind_check
    CHECK (kind IN ('scheduled', 'rescheduled', 'on_the_way', 'started', 'done', 'cancelled', 'reminded', 'deposit_held', 'deposit_received'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM job_events WHERE kind = 'started'`.execute(db);
  await sql`ALTER TABLE job_events DROP CONSTRAINT job_events_kind_check`.execute(db);
  await sql`ALTER TABLE job_events ADD CONSTRAINT job_events_kind_check
    CHECK (kind IN ('scheduled', 'rescheduled', 'on_the_way', 'done', 'cancelled', 'reminded', 'deposit_held', 'deposit_received'))`.execute(db);
  await sql`ALTER TABLE payments DROP COLUMN tip_cents, DROP COLUMN client_key`.execute(db);
  await sql`UPDATE jobs SET status = 'on_the_way' WHERE status = 'in_progress'`.execute(db);
  await sql`ALTER TABLE jobs DROP CONSTRAINT jobs_status_check`.execute(db);
  await sql`ALTER TABLE jobs
    DROP CONSTRAINT jobs_in_progress_started,
    DROP CONSTRAINT jobs_started_before_done,
    DROP CONSTRAINT jobs_sign_off_whole,
    DROP COLUMN started_at,
    DROP COLUMN signed_off_name,
    DROP COLUMN signed_off_at,
    ADD CONSTRAINT jobs_status_check CHECK (status IN ('scheduled', 'on_the_way', 'done', 'cancelled'))`.execute(db);
}
