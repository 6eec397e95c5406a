import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The customer is the root of work (issue 34, docs/decisions/0110):
// - estimates, jobs and invoices carry `customer_id` (NOT NULL, indexed, ON
//   DELETE RESTRICT: customers are never deleted, docs/decisions/0090),
//   filled here from their lead.
// - `lead_id` is optional: work may come from a quote request or from
//   elsewhere (online booking, a plan, the owner). When it has a lead, the
//   pair (lead_id, customer_id) refers to the lead's (id, customer_id), so the
//   work always belongs to its lead's customer: a merge that moves the lead
//   moves its work (ON UPDATE CASCADE), and deleting the lead takes its work
//   to the trash as before (ON DELETE CASCADE; the trash keeps it and a
//   restore puts it back). Work without a lead is reached by no lead delete.
// - A BEFORE INSERT trigger fills `customer_id` from the lead when an insert
//   names only the lead (older scripts, a restore from a trash filled before
//   this migration), and `source` with 'quote_form' likewise.
// - estimates and jobs record where the work came from in `source`:
//   quote_form (a quote request, so it has its lead), online_booking, plan,
//   owner. Every existing row came from a quote request.

const WORK = ["estimates", "jobs", "invoices"] as const;
const SOURCED = ["estimates", "jobs"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE quote_requests ADD CONSTRAINT quote_requests_id_customer_key UNIQUE (id, customer_id)`.execute(db);
  for (const table of WORK) {
    const t = sql.table(table);
    await sql`ALTER TABLE ${t} ADD COLUMN customer_id integer REFERENCES customers (id) ON DELETE RESTRICT`.execute(db);
    await sql`UPDATE ${t} SET customer_id = q.customer_id FROM quote_requests q WHERE q.id = ${t}.lead_id`.execute(db);
    await sql`ALTER TABLE ${t} ALTER COLUMN customer_id SET NOT NULL, ALTER COLUMN lead_id DROP NOT NULL`.execute(db);
    await sql`ALTER TABLE ${t} DROP CONSTRAINT ${sql.ref(`${table}_lead_id_fkey`)}`.execute(db);
    await sql`ALTER TABLE ${t} ADD CONSTRAINT ${sql.ref(`${table}_lead_id_fkey`)} FOREIGN KEY (lead_id, customer_id)
      REFERENCES quote_requests (id, customer_id) ON UPDATE CASCADE ON DELETE CASCADE`.execute(db);
    await sql`CREATE INDEX ${sql.ref(`${table}_customer_idx`)} ON ${t} (customer_id, id)`.execute(db);
  }
  for (const table of SOURCED) {
    const t = sql.table(table);
    await sql`ALTER TABLE ${t} ADD COLUMN source text`.execute(db);
    await sql`UPDATE ${t} SET source = CASE WHEN lead_id IS NULL THEN 'owner' ELSE 'quote_form' END`.execute(db);
    await sql`ALTER TABLE ${t} ALTER COLUMN source SET NOT NULL,
      ADD CONSTRAINT ${sql.ref(`${table}_source_check`)} CHECK (source IN ('quote_form', 'online_booking', 'plan', 'owner')),
      ADD CONSTRAINT ${sql.ref(`${table}_quote_form_has_lead`)} CHECK (source <> 'quote_form' OR lead_id IS NOT NULL)`.execute(db);
  }

  await sql`CREATE FUNCTION work_customer_from_lead() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.customer_id IS NULL AND NEW.lead_id IS NOT NULL THEN
        SELECT customer_id INTO NEW.customer_id FROM quote_requests WHERE id = NEW.lead_id;
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE FUNCTION work_source_from_lead() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.source IS NULL AND NEW.lead_id IS NOT NULL THEN
        NEW.source := 'quote_form';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  for (const table of WORK) {
    await sql`CREATE TRIGGER ${sql.ref(`${table}_customer_from_lead`)} BEFORE INSERT ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION work_customer_from_lead()`.execute(db);
  }
  for (const table of SOURCED) {
    await sql`CREATE TRIGGER ${sql.ref(`${table}_source_from_lead`)} BEFORE INSERT ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION work_source_from_lead()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of SOURCED) {
    await sql`DROP TRIGGER ${sql.ref(`${table}_source_from_lead`)} ON ${sql.table(table)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN source`.execute(db);
  }
  for (const table of WORK) await sql`DROP TRIGGER ${sql.ref(`${table}_customer_from_lead`)} ON ${sql.table(table)}`.execute(db);
  await sql`DROP FUNCTION work_source_from_lead()`.execute(db);
  await sql`DROP FUNCTION work_customer_from_lead()`.execute(db);
  for (const table of [...WORK].reverse()) {
    const t = sql.table(table);
    // The old shape has no work without a lead.
    await sql`DELETE FROM ${t} WHERE lead_id IS NULL`.execute(db);
    await sql`ALTER TABLE ${t} DROP CONSTRAINT ${sql.ref(`${table}_lead_id_fkey`)}`.execute(db);
    await sql`ALTER TABLE ${t} DROP COLUMN customer_id, ALTER COLUMN lead_id SET NOT NULL`.execute(db);
    await sql`ALTER TABLE ${t} ADD CONSTRAINT ${sql.ref(`${table}_lead_id_fkey`)} FOREIGN KEY (lead_id)
      REFERENCES quote_requests (id) ON DELETE CASCADE`.execute(db);
  }
  await sql`ALTER TABLE quote_requests DROP CONSTRAINT quote_requests_id_customer_key`.execute(db);
}
