import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Issue 35, online booking:
// - jobs.zip (docs/decisions/0130): where the job is, as the road between
//   jobs is measured (ZIP code to ZIP code). Five digits or nothing. Filled
//   from the booking, else from a five-digit ZIP code (optionally ZIP+4) at
//   the end of the address; the jobs there are get it from their address
//   the same way.
// - jobs.work_days (docs/decisions/0131): the working periods of a job
//   longer than a working day, one range per day (two or more, apart);
//   NULL for a job of one day, whose one period is starts_at plus its
//   duration. `busy` then runs from the first day's start to the last day's
//   end plus the buffer, so the exclusion constraint keeps every day (and
//   the nights between, which are the job's) from being booked twice.
//   The duration is the days' minutes added up (job_work_minutes); a job
//   spans at most 14 days, which is how far back the free times and the
//   week look for a job still running.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE jobs ADD COLUMN zip text CONSTRAINT jobs_zip_check CHECK (zip ~ '^[0-9]{5}$')`.execute(db);
  await sql`UPDATE jobs SET zip = substring(address FROM '(?:^|[^0-9])([0-9]{5})(?:-[0-9]{4})?\\s*$')`.execute(db);

  await sql`ALTER TABLE jobs ADD COLUMN work_days tstzmultirange`.execute(db);
  await sql`CREATE FUNCTION job_work_minutes(days tstzmultirange) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT
    AS $$ SELECT (sum(extract(epoch FROM upper(d) - lower(d))) / 60)::integer FROM unnest(days) AS d $$`.execute(db);
  await sql`ALTER TABLE jobs DROP CONSTRAINT jobs_busy_check`.execute(db);
  await sql`ALTER TABLE jobs DROP CONSTRAINT jobs_duration_minutes_check`.execute(db);
  // One day: exactly the rule before. Over days: from the first start to the last end, plus the buffer.
  await sql`ALTER TABLE jobs ADD CONSTRAINT jobs_busy_check
    CHECK (busy = tstzrange(starts_at, coalesce(upper(work_days), starts_at + make_interval(mins => duration_minutes)) + make_interval(mins => buffer_minutes), '[)'))`.execute(db);
  // Up to 12 hours in one day, as before; a week's minutes over days, as an estimate's duration may be.
  await sql`ALTER TABLE jobs ADD CONSTRAINT jobs_duration_minutes_check
    CHECK (duration_minutes BETWEEN 1 AND 10080 AND (duration_minutes <= 720 OR work_days IS NOT NULL))`.execute(db);
  await sql`ALTER TABLE jobs ADD CONSTRAINT jobs_work_days_check
    CHECK (work_days IS NULL OR (
      lower(work_days) = starts_at
      AND job_work_minutes(work_days) = duration_minutes
      AND upper(work_days) <= starts_at + interval '14 days'
      -- Two periods at least, apart: one period is a job of one day, written without work_days.
      AND work_days <> tstzmultirange(range_merge(work_days))
    ))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM jobs WHERE work_days IS NOT NULL`.execute(db);
  await sql`ALTER TABLE jobs DROP CONSTRAINT jobs_work_days_check`.execute(db);
  await sql`ALTER TABLE jobs DROP CONSTRAINT jobs_duration_minutes_check`.execute(db);
  await sql`ALTER TABLE jobs DROP CONSTRAINT jobs_busy_check`.execute(db);
  await sql`ALTER TABLE jobs ADD CONSTRAINT jobs_duration_minutes_check CHECK (duration_minutes >= 1 AND duration_minutes <= 720)`.execute(db);
  await sql`ALTER TABLE jobs ADD CONSTRAINT jobs_busy_check
    CHECK (busy = tstzrange(starts_at, starts_at + make_interval(mins => duration_minutes + buffer_minutes), '[)'))`.execute(db);
  await sql`ALTER TABLE jobs DROP COLUMN work_days`.execute(db);
  await sql`DROP FUNCTION job_work_minutes(tstzmultirange)`.execute(db);
  await sql`ALTER TABLE jobs DROP COLUMN zip`.execute(db);
}
