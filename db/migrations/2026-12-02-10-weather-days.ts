import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Days off and Weather Day (issue 37, docs/decisions/0143, 0144):
// - days_off: the dates nobody can book (the owner's calendar), with an
//   optional reason; a Weather Day adds its date here too.
// - site_settings.us_holidays_off: the US federal holidays are days off too.
// - weather_rebookings: one row per job a Weather Day cancelled: the day, the
//   time held for its customer (hold_busy, as jobs.busy: the start to the end
//   of the work plus the buffer, for one person, 0 being the business) until
//   held_until, and the job they rebooked, once they did. The exclusion
//   constraint gives one person's time to one hold at most: of two holds, or
//   two Weather Days at once, the second is refused. A hold taken up or run
//   out has hold_busy NULL (it no longer holds anything).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE site_settings ADD COLUMN us_holidays_off boolean NOT NULL DEFAULT false`.execute(db);

  await sql`CREATE TABLE days_off (
    day date PRIMARY KEY,
    reason text NOT NULL DEFAULT '' CHECK (length(reason) <= 200),
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);

  await sql`CREATE TABLE weather_rebookings (
    id serial PRIMARY KEY,
    job_id integer NOT NULL UNIQUE REFERENCES jobs (id) ON DELETE CASCADE,
    day date NOT NULL,
    hold_person integer NOT NULL DEFAULT 0,
    hold_start timestamptz,
    hold_busy tstzrange,
    held_until timestamptz NOT NULL,
    rebooked_job_id integer UNIQUE REFERENCES jobs (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT weather_rebookings_hold_whole CHECK (hold_busy IS NULL OR (hold_start IS NOT NULL AND lower(hold_busy) = hold_start)),
    CONSTRAINT weather_rebookings_no_overlap EXCLUDE USING gist (hold_person WITH =, hold_busy WITH &&) WHERE (hold_busy IS NOT NULL)
  )`.execute(db);
  // A Weather Day's list on the schedule: its rows by day.
  await sql`CREATE INDEX weather_rebookings_day_idx ON weather_rebookings (day)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE weather_rebookings`.execute(db);
  await sql`DROP TABLE days_off`.execute(db);
  await sql`ALTER TABLE site_settings DROP COLUMN us_holidays_off`.execute(db);
}
