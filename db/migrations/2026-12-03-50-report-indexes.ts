import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The owner's numbers (issue 38, docs/decisions/0152): each report reads a
// period by a time its table had no index on, and the funnel follows work
// by links only some had. Each index names the query it serves
// (app/server/reports/).

export async function up(db: Kysely<any>): Promise<void> {
  // funnel.server.ts: the estimates that began a piece of work (no request before them), by when they were made.
  await sql`CREATE INDEX estimates_unled_created_idx ON estimates (created_at) WHERE lead_id IS NULL`.execute(db);
  // funnel.server.ts: the jobs booked with neither a request nor an estimate, by when they were made.
  await sql`CREATE INDEX jobs_unled_created_idx ON jobs (created_at) WHERE lead_id IS NULL AND estimate_id IS NULL`.execute(db);
  // funnel.server.ts: whether an estimate's work was paid.
  await sql`CREATE INDEX invoices_paid_estimate_idx ON invoices (estimate_id) WHERE status = 'paid' AND estimate_id IS NOT NULL`.execute(db);
  // revenue.server.ts, repeat-customers.server.ts: the invoices paid in full in the period; funnel's and repeat's
  // "paid before" per customer.
  await sql`CREATE INDEX invoices_paid_at_idx ON invoices (paid_at) WHERE status = 'paid'`.execute(db);
  await sql`CREATE INDEX invoices_customer_paid_idx ON invoices (customer_id, paid_at) WHERE status = 'paid'`.execute(db);
  // job-time.server.ts: the jobs finished in the period; funnel.server.ts: a customer's work done before.
  await sql`CREATE INDEX jobs_done_at_idx ON jobs (done_at) WHERE status = 'done'`.execute(db);
  await sql`CREATE INDEX jobs_customer_done_idx ON jobs (customer_id, done_at) WHERE status = 'done'`.execute(db);
  // reviews.server.ts: the reviews sent in the period.
  await sql`CREATE INDEX reviews_submitted_idx ON reviews (submitted_at) WHERE submitted_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    "estimates_unled_created_idx",
    "jobs_unled_created_idx",
    "invoices_paid_estimate_idx",
    "invoices_paid_at_idx",
    "invoices_customer_paid_idx",
    "jobs_done_at_idx",
    "jobs_customer_done_idx",
    "reviews_submitted_idx",
  ]) {
    await sql`DROP INDEX ${sql.ref(name)}`.execute(db);
  }
}
