import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await db.schema
    .createTable("testimonials")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating BETWEEN 1 AND 5`))
    .addColumn("service", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("faqs")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The home page lists FAQs by category, then sort_order.
  await db.schema.createIndex("faqs_category_order_idx").on("faqs").columns(["category", "sort_order"]).execute();

  await db.schema
    .createTable("quote_requests")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("vehicle_type", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("client_ip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The admin list sorts newest first.
  await db.schema.createIndex("quote_requests_created_at_idx").on("quote_requests").column("created_at").execute();

  // Outgoing e-mail is stored first and delivered by a worker that retries,
  // so a mail server outage never loses a notification.
  await db.schema
    .createTable("email_outbox")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    .addColumn("reply_to", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_error", "text")
    .addColumn("sent_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The worker's query: unsent rows that are due.
  await sql`CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE sent_at IS NULL`.execute(db);

  // Sliding-window rate limits shared by every process.
  await db.schema
    .createTable("rate_limit_hits")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // countRecent(bucket, key, since)
  await db.schema.createIndex("rate_limit_hits_lookup_idx").on("rate_limit_hits").columns(["bucket", "key", "created_at"]).execute();

  // Which one-time seeds have run, so a restart never seeds twice (and content
  // the owner deleted does not come back).
  await db.schema
    .createTable("seeds")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("applied_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // A counter bumped by any change to public content, whoever makes it; the
  // rendered-page cache compares it to know when to render again.
  await db.schema
    .createTable("content_version")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await sql`INSERT INTO content_version (id, version) VALUES (1, 1)`.execute(db);
  await sql`
    CREATE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE content_version SET version = version + 1 WHERE id = 1;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ["testimonials", "faqs"]) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_content_version`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["content_version", "seeds", "rate_limit_hits", "email_outbox", "quote_requests", "faqs", "testimonials"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await sql`DROP FUNCTION IF EXISTS bump_content_version()`.execute(db);
}
