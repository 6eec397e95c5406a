import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Priced estimates (issue 20, docs/decisions/0080 and 0081):
// - services.price_cents (a starting price, whole cents) and duration_minutes;
//   the seeded services get theirs from the seed "services-prices-v1".
// - site_settings.tax_rate: Tax Rate (%), up to three decimals (6.25 = 6.25 %).
// - estimates: numbered from a sequence (never reused, even after a delete or
//   a rolled-back insert), reached by the customer through `token` (128+
//   random bits, made by the app); amounts in whole cents, bigint because
//   50 lines of 999 × $100,000 pass 2^31 cents. `tax_rate` is the rate the
//   estimate was priced with, so a later change of the setting leaves a sent
//   estimate as the customer saw it.
// - estimate_lines: the estimate's lines, in `position` order.
// - estimate_events: what happened to an estimate (created, sent, viewed,
//   accepted, declined), for its lead's history.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("services")
    .addColumn("price_cents", "integer", (c) => c.notNull().defaultTo(0).check(sql`price_cents BETWEEN 0 AND 10000000`))
    .addColumn("duration_minutes", "integer", (c) => c.notNull().defaultTo(0).check(sql`duration_minutes BETWEEN 0 AND 10080`))
    .execute();
  await db.schema
    .alterTable("site_settings")
    .addColumn("tax_rate", sql`numeric(6,3)`, (c) => c.notNull().defaultTo(0).check(sql`tax_rate BETWEEN 0 AND 100`))
    .execute();

  await sql`CREATE SEQUENCE estimate_number_seq START WITH 1001`.execute(db);
  await db.schema
    .createTable("estimates")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("number", "integer", (c) => c.notNull().unique().defaultTo(sql`nextval('estimate_number_seq')`))
    .addColumn("token", "text", (c) => c.notNull().unique().check(sql`length(token) >= 22`))
    .addColumn("lead_id", "integer", (c) => c.notNull().references("quote_requests.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("draft").check(sql`status IN ('draft', 'sent', 'viewed', 'accepted', 'declined', 'expired')`),
    )
    .addColumn("valid_until", "date", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("duration_minutes", "integer", (c) => c.notNull().defaultTo(0).check(sql`duration_minutes BETWEEN 0 AND 10080`))
    .addColumn("tax_rate", sql`numeric(6,3)`, (c) => c.notNull().defaultTo(0))
    .addColumn("subtotal_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("tax_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("total_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("decline_reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("copied_from", "integer", (c) => c.references("estimates.id").onDelete("set null"))
    .addColumn("sent_at", "timestamptz")
    .addColumn("viewed_at", "timestamptz")
    .addColumn("decided_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`ALTER SEQUENCE estimate_number_seq OWNED BY estimates.number`.execute(db);
  await db.schema.createIndex("estimates_lead_idx").on("estimates").columns(["lead_id", "id"]).execute();
  await db.schema.createIndex("estimates_status_idx").on("estimates").columns(["status", "id"]).execute();

  await db.schema
    .createTable("estimate_lines")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("estimate_id", "integer", (c) => c.notNull().references("estimates.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity BETWEEN 1 AND 999`))
    .addColumn("unit_price_cents", "integer", (c) => c.notNull().check(sql`unit_price_cents BETWEEN 0 AND 10000000`))
    .addColumn("service_id", "integer", (c) => c.references("services.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("estimate_lines_estimate_idx").on("estimate_lines").columns(["estimate_id", "position"]).execute();

  await db.schema
    .createTable("estimate_events")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("estimate_id", "integer", (c) => c.notNull().references("estimates.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('created', 'sent', 'viewed', 'accepted', 'declined')`))
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("actor", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("estimate_events_estimate_idx").on("estimate_events").columns(["estimate_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("estimate_events").execute();
  await db.schema.dropTable("estimate_lines").execute();
  await db.schema.dropTable("estimates").execute();
  await db.schema.alterTable("site_settings").dropColumn("tax_rate").execute();
  await db.schema.alterTable("services").dropColumn("duration_minutes").dropColumn("price_cents").execute();
}
