import { sql } from "kysely";
import type { DB } from "../db.server";

/**
 * What belongs to one customer (docs/decisions/0122): the one place that says
 * which rows of each table are a customer's, one query per table, read by the
 * export (./customer-export.server.ts) and the erase
 * (./customer-erase.server.ts) alike, so the two never disagree.
 *
 * Estimates, jobs and invoices carry their own customer_id (docs/decisions/0110):
 * work with no request (the owner's, a booking, a plan) is theirs too.
 */
export interface CustomerRecords {
  /** The customer and the records merged into it (the same person, docs/decisions/0090). */
  customers: number[];
  /** Their e-mail addresses, lower case, from the customer records and the requests. */
  emails: string[];
  leads: number[];
  vehicles: number[];
  estimates: number[];
  jobs: number[];
  invoices: number[];
  reviews: number[];
  /** The E-mail Log's rows about them: of their requests, to their addresses, and the owner's alerts about those. */
  outbox: number[];
  /** Their requests in the trash (a restore would bring their details back). */
  trash: number[];
}

/** A condition on an integer column that is false for no ids (SQL has no `IN ()`). */
const ids = (list: number[]) => (list.length ? sql.join(list.map((id) => sql`${id}::int`)) : sql`NULL`);

export async function customerRecords(db: DB, customerId: number): Promise<CustomerRecords> {
  const customers = (
    await db.selectFrom("customers").select("id").where((eb) => eb.or([eb("id", "=", customerId), eb("merged_into", "=", customerId)])).orderBy("id").execute()
  ).map((r) => r.id);
  const leadRows = await sql<{ id: number; email: string }>`SELECT id, lower(btrim(email)) AS email FROM quote_requests
    WHERE customer_id IN (${ids(customers)}) ORDER BY id`.execute(db);
  const leads = leadRows.rows.map((r) => r.id);
  const { rows: customerEmails } = await sql<{ email: string }>`SELECT lower(btrim(email)) AS email FROM customers
    WHERE id IN (${ids(customers)}) AND email <> ''`.execute(db);
  const emails = [...new Set([...customerEmails, ...leadRows.rows].map((r) => r.email).filter(Boolean))];
  const column = async (query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(db)).rows.map((r) => Number(r.id));

  const vehicles = await column(sql`SELECT id FROM vehicles WHERE customer_id IN (${ids(customers)}) ORDER BY id`);
  const estimates = await column(sql`SELECT id FROM estimates WHERE customer_id IN (${ids(customers)}) ORDER BY id`);
  const jobs = await column(sql`SELECT id FROM jobs WHERE customer_id IN (${ids(customers)}) ORDER BY id`);
  const invoices = await column(sql`SELECT id FROM invoices WHERE customer_id IN (${ids(customers)}) ORDER BY id`);
  const reviews = await column(sql`SELECT id FROM reviews WHERE job_id IN (${ids(jobs)}) ORDER BY id`);
  const addressed = emails.length ? sql.join(emails.map((e) => sql`strpos(lower(to_address), ${e}::text) > 0`), sql` OR `) : sql`false`;
  const trash = await column(sql`SELECT id FROM trash WHERE table_name = 'quote_requests'
    AND row_data->>'customer_id' IN (${customers.length ? sql.join(customers.map((c) => sql`${String(c)}::text`)) : sql`NULL`}) ORDER BY id`);
  // A request in the trash let go of its e-mails (docs/decisions/0077); the trash row lists them.
  const outbox = await column(sql`WITH theirs AS (SELECT id FROM email_outbox WHERE lead_id IN (${ids(leads)}) OR ${addressed}
      OR id IN (SELECT jsonb_array_elements_text(dependents->'email_outbox.lead_id')::int FROM trash WHERE id IN (${ids(trash)})))
    SELECT id FROM theirs UNION SELECT id FROM email_outbox WHERE alert_for_id IN (SELECT id FROM theirs) ORDER BY id`);
  return { customers, emails, leads, vehicles, estimates, jobs, invoices, reviews, outbox, trash };
}

/** `column IN (ids)` for raw SQL, false for an empty list. */
export function inIds(column: string, list: number[]) {
  return list.length ? sql<boolean>`${sql.ref(column)} IN (${ids(list)})` : sql<boolean>`false`;
}
