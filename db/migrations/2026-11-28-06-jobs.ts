import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Jobs on a schedule (issue 21, docs/decisions/0083):
// - site_settings: the working week customers are offered (Workday Start and
//   End in the business time zone, working days as ISO weekdays 1 = Monday …
//   7 = Sunday), the Travel Buffer kept free after each job, and the private
//   calendar feed's token (made by the app on first use; a reset replaces it).
// - jobs: one visit, linked to its lead and, when there is one, the accepted
//   estimate. `busy` is the time it blocks: from the start to the end plus the
//   travel buffer the job was booked with (stored, so a later change of the
//   setting leaves booked jobs as they are). The exclusion constraint is what
//   forbids a double booking: two jobs that are not cancelled never overlap,
//   whichever process inserts them, and however close together.
//   `sequence` is the iCalendar SEQUENCE of the job's invite (raised on each
//   change); `token` reaches the customer's appointment page (128+ random
//   bits, made by the app); `reminder_due_at` is when the customer's reminder
//   is queued (cleared in the same transaction, so it goes out once; a
//   reschedule sets it again).
// - job_events: what happened to a job, for its page and its lead's history.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("site_settings")
    .addColumn("workday_start", "text", (c) => c.notNull().defaultTo("08:00").check(sql`workday_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn("workday_end", "text", (c) => c.notNull().defaultTo("18:00").check(sql`workday_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn("working_days", sql`smallint[]`, (c) =>
      c.notNull().defaultTo(sql`'{1,2,3,4,5,6}'`).check(sql`working_days <@ '{1,2,3,4,5,6,7}'::smallint[]`),
    )
    .addColumn("travel_buffer_minutes", "integer", (c) => c.notNull().defaultTo(30).check(sql`travel_buffer_minutes BETWEEN 0 AND 240`))
    .addColumn("calendar_feed_token", "text")
    .execute();

  await db.schema
    .createTable("jobs")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("lead_id", "integer", (c) => c.notNull().references("quote_requests.id").onDelete("cascade"))
    .addColumn("estimate_id", "integer", (c) => c.references("estimates.id").onDelete("set null"))
    .addColumn("token", "text", (c) => c.notNull().unique().check(sql`length(token) >= 22`))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("scheduled").check(sql`status IN ('scheduled', 'on_the_way', 'done', 'cancelled')`))
    .addColumn("starts_at", "timestamptz", (c) => c.notNull())
    .addColumn("duration_minutes", "integer", (c) => c.notNull().check(sql`duration_minutes BETWEEN 1 AND 720`))
    .addColumn("buffer_minutes", "integer", (c) => c.notNull().defaultTo(0).check(sql`buffer_minutes BETWEEN 0 AND 240`))
    .addColumn("busy", sql`tstzrange`, (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull().defaultTo("").check(sql`length(address) <= 300`))
    .addColumn("notes", "text", (c) => c.notNull().defaultTo("").check(sql`length(notes) <= 2000`))
    .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reminder_due_at", "timestamptz")
    .addColumn("cancelled_by", "text", (c) => c.check(sql`cancelled_by IN ('owner', 'customer')`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("done_at", "timestamptz")
    .addColumn("cancelled_at", "timestamptz")
    .execute();
  // The busy range is the start to the end plus the buffer, and nothing else.
  await sql`ALTER TABLE jobs ADD CONSTRAINT jobs_busy_check
    CHECK (busy = tstzrange(starts_at, starts_at + make_interval(mins => duration_minutes + buffer_minutes), '[)'))`.execute(db);
  await sql`ALTER TABLE jobs ADD CONSTRAINT jobs_no_overlap
    EXCLUDE USING gist (busy WITH &&) WHERE (status <> 'cancelled')`.execute(db);
  await db.schema.createIndex("jobs_lead_idx").on("jobs").columns(["lead_id", "id"]).execute();
  await db.schema.createIndex("jobs_starts_idx").on("jobs").columns(["starts_at"]).execute();
  await sql`CREATE INDEX jobs_reminder_due_idx ON jobs (reminder_due_at) WHERE reminder_due_at IS NOT NULL AND status = 'scheduled'`.execute(db);

  await db.schema
    .createTable("job_events")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("job_id", "integer", (c) => c.notNull().references("jobs.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind IN ('scheduled', 'rescheduled', 'on_the_way', 'done', 'cancelled', 'reminded')`),
    )
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("actor", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("job_events_job_idx").on("job_events").columns(["job_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("job_events").execute();
  await db.schema.dropTable("jobs").execute();
  await db.schema
    .alterTable("site_settings")
    .dropColumn("calendar_feed_token")
    .dropColumn("travel_buffer_minutes")
    .dropColumn("working_days")
    .dropColumn("workday_end")
    .dropColumn("workday_start")
    .execute();
}
