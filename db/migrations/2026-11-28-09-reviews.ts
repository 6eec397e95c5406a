import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Reviews, maintenance reminders and consent for e-mail that is not a
// transaction (issue 23, docs/decisions/0091):
// - jobs.review_due_at: when the customer's review request is queued (set by
//   Mark Done, cleared in the transaction that queues it, so it goes out once).
// - reviews: one per job (unique job_id), made when its request is queued,
//   with the customer's link token (128+ random bits, made by the app). The
//   answer fills it once: submitted_at is set by the first submission only.
//   testimonial_id is the testimonial it became (with consent).
// - testimonials.published: the existing ones stay published (the column is
//   added with default true), new ones are not until the owner says so.
// - site_settings.google_review_url: the Google Review URL ('' for none).
// - services.follow_up_days: how long after a completed job with the service
//   the customer is reminded of the next visit (NULL: never).
// - maintenance_reminders: one row per job and service reminded, its unique
//   key what makes each reminder go out once across processes.
// - customers.unsubscribe_token / unsubscribed_at: the one-click unsubscribe
//   link of the non-transactional e-mails, and whether it was used.
// - email_outbox.headers: extra headers of an e-mail (List-Unsubscribe), a
//   JSON object of name → value; NULL for none.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("jobs").addColumn("review_due_at", "timestamptz").execute();
  await sql`CREATE INDEX jobs_review_due_idx ON jobs (review_due_at) WHERE review_due_at IS NOT NULL`.execute(db);

  await db.schema
    .createTable("reviews")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("job_id", "integer", (c) => c.notNull().unique().references("jobs.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull().unique().check(sql`length(token) >= 22`))
    .addColumn("stars", "integer", (c) => c.check(sql`stars BETWEEN 1 AND 5`))
    .addColumn("text", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(text) <= 2000`))
    .addColumn("display_name", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(display_name) <= 100`))
    .addColumn("consent", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("testimonial_id", "integer", (c) => c.references("testimonials.id").onDelete("set null"))
    .addColumn("requested_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("submitted_at", "timestamptz")
    .addCheckConstraint("reviews_submitted_has_stars", sql`submitted_at IS NULL OR stars IS NOT NULL`)
    .execute();

  await db.schema.alterTable("testimonials").addColumn("published", "boolean", (c) => c.notNull().defaultTo(true)).execute();
  await sql`ALTER TABLE testimonials ALTER COLUMN published SET DEFAULT false`.execute(db);
  // The dashboard sorts by it (like every sortable column: the column, then id).
  await db.schema.createIndex("testimonials_published_id_idx").on("testimonials").columns(["published", "id"]).execute();

  await db.schema
    .alterTable("site_settings")
    .addColumn("google_review_url", "text", (c) =>
      c.notNull().defaultTo("").check(sql`google_review_url = '' OR (google_review_url ~ '^https://' AND char_length(google_review_url) <= 500)`),
    )
    .execute();

  await db.schema
    .alterTable("services")
    .addColumn("follow_up_days", "integer", (c) => c.check(sql`follow_up_days BETWEEN 1 AND 3650`))
    .execute();

  await db.schema
    .createTable("maintenance_reminders")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("job_id", "integer", (c) => c.notNull().references("jobs.id").onDelete("cascade"))
    .addColumn("service_id", "integer", (c) => c.notNull().references("services.id").onDelete("cascade"))
    .addColumn("sent_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("maintenance_reminders_job_service_key", ["job_id", "service_id"])
    .execute();

  await db.schema
    .alterTable("customers")
    .addColumn("unsubscribe_token", "text", (c) => c.unique().check(sql`length(unsubscribe_token) >= 22`))
    .addColumn("unsubscribed_at", "timestamptz")
    .execute();

  await db.schema.alterTable("email_outbox").addColumn("headers", "jsonb").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("email_outbox").dropColumn("headers").execute();
  await db.schema.alterTable("customers").dropColumn("unsubscribe_token").dropColumn("unsubscribed_at").execute();
  await db.schema.dropTable("maintenance_reminders").execute();
  await db.schema.alterTable("services").dropColumn("follow_up_days").execute();
  await db.schema.alterTable("site_settings").dropColumn("google_review_url").execute();
  await db.schema.alterTable("testimonials").dropColumn("published").execute();
  await db.schema.dropTable("reviews").execute();
  await db.schema.alterTable("jobs").dropColumn("review_due_at").execute();
}
