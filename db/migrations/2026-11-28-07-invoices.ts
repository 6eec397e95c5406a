import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Invoices and payments (issue 22, docs/decisions/0088 and 0089):
// - site_settings.payment_instructions: how customers pay (shown on the
//   invoice page and PDF); invoice_due_days: an invoice is due this many
//   days after it is sent (the due date is stored when it is sent).
// - invoices: numbered from their own sequence (never reused, even after a
//   delete, a void or a rolled-back insert), reached by the customer through
//   `token` (128+ random bits, made by the app). `tax_rate` is fixed when the
//   invoice is made. `paid_cents` is the sum of its live payments, kept by
//   the app in the transaction that records or deletes one; the CHECK
//   (0 ≤ paid ≤ total) is what makes "never more than the amount due" hold
//   whichever process writes, and however close together.
// - invoice_lines: its lines, in `position` order.
// - payments: money received; a wrong one is deleted by setting deleted_at
//   (it stays in the history and the export, and no longer counts).
// - invoice_events: what happened to an invoice, for its page.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("site_settings")
    .addColumn("payment_instructions", "text", (c) => c.notNull().defaultTo("").check(sql`length(payment_instructions) <= 2000`))
    .addColumn("invoice_due_days", "integer", (c) => c.notNull().defaultTo(14).check(sql`invoice_due_days BETWEEN 0 AND 365`))
    .execute();

  await sql`CREATE SEQUENCE invoice_number_seq START WITH 1001`.execute(db);
  await db.schema
    .createTable("invoices")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("number", "integer", (c) => c.notNull().unique().defaultTo(sql`nextval('invoice_number_seq')`))
    .addColumn("token", "text", (c) => c.notNull().unique().check(sql`length(token) >= 22`))
    .addColumn("lead_id", "integer", (c) => c.notNull().references("quote_requests.id").onDelete("cascade"))
    .addColumn("job_id", "integer", (c) => c.references("jobs.id").onDelete("set null"))
    .addColumn("estimate_id", "integer", (c) => c.references("estimates.id").onDelete("set null"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft").check(sql`status IN ('draft', 'sent', 'partly_paid', 'paid', 'void')`))
    .addColumn("message", "text", (c) => c.notNull().defaultTo("").check(sql`length(message) <= 2000`))
    .addColumn("tax_rate", sql`numeric(6,3)`, (c) => c.notNull().defaultTo(0).check(sql`tax_rate BETWEEN 0 AND 100`))
    .addColumn("subtotal_cents", "bigint", (c) => c.notNull().defaultTo(0).check(sql`subtotal_cents >= 0`))
    .addColumn("tax_cents", "bigint", (c) => c.notNull().defaultTo(0).check(sql`tax_cents >= 0`))
    .addColumn("total_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("paid_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("due_date", "date")
    .addColumn("sent_at", "timestamptz")
    .addColumn("paid_at", "timestamptz")
    .addColumn("voided_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`ALTER SEQUENCE invoice_number_seq OWNED BY invoices.number`.execute(db);
  await sql`ALTER TABLE invoices ADD CONSTRAINT invoices_total_check CHECK (total_cents = subtotal_cents + tax_cents)`.execute(db);
  await sql`ALTER TABLE invoices ADD CONSTRAINT invoices_paid_check CHECK (paid_cents BETWEEN 0 AND total_cents)`.execute(db);
  await db.schema.createIndex("invoices_lead_idx").on("invoices").columns(["lead_id", "id"]).execute();
  await db.schema.createIndex("invoices_job_idx").on("invoices").columns(["job_id"]).execute();
  await db.schema.createIndex("invoices_status_idx").on("invoices").columns(["status", "id"]).execute();

  await db.schema
    .createTable("invoice_lines")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("invoice_id", "integer", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity BETWEEN 1 AND 999`))
    .addColumn("unit_price_cents", "integer", (c) => c.notNull().check(sql`unit_price_cents BETWEEN 0 AND 10000000`))
    .addColumn("service_id", "integer", (c) => c.references("services.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("invoice_lines_invoice_idx").on("invoice_lines").columns(["invoice_id", "position"]).execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("invoice_id", "integer", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("amount_cents", "bigint", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("method", "text", (c) => c.notNull().check(sql`method IN ('Cash', 'Card', 'Check', 'Venmo', 'Zelle', 'Other')`))
    .addColumn("paid_on", "date", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo("").check(sql`length(note) <= 500`))
    .addColumn("recorded_by", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("deleted_at", "timestamptz")
    .addColumn("deleted_by", "text")
    .execute();
  await db.schema.createIndex("payments_invoice_idx").on("payments").columns(["invoice_id", "id"]).execute();
  // The income chart sums live payments by month.
  await sql`CREATE INDEX payments_paid_on_idx ON payments (paid_on) INCLUDE (amount_cents) WHERE deleted_at IS NULL`.execute(db);

  await db.schema
    .createTable("invoice_events")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("invoice_id", "integer", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind IN ('created', 'sent', 'payment', 'payment_deleted', 'paid', 'voided')`),
    )
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("actor", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("invoice_events_invoice_idx").on("invoice_events").columns(["invoice_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("invoice_events").execute();
  await db.schema.dropTable("payments").execute();
  await db.schema.dropTable("invoice_lines").execute();
  await db.schema.dropTable("invoices").execute();
  await db.schema.alterTable("site_settings").dropColumn("invoice_due_days").dropColumn("payment_instructions").execute();
}
