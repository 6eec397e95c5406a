import { sql } from "kysely";
import { contactSchema, type ContactInput, type VehicleInput } from "~/lib/customer-input";
import { AppError, notFound } from "../app-error.server";
import type { DB } from "../db.server";
import { phoneColumns, withPhoneRule } from "../phone.server";

/**
 * Customer records (docs/decisions/0090): reading one, changing its contact
 * details and vehicles. Merging is in ./merge.server.ts.
 */

export interface Customer {
  id: number;
  name: string;
  email: string;
  phone: string;
  notes: string;
  mergedInto: number | null;
  createdAt: Date;
  /** When the personal details were erased on request (docs/decisions/0122); null: never. */
  erasedAt: Date | null;
}

export interface Vehicle {
  id: number;
  kind: string;
  make: string;
  model: string;
  year: number | null;
  color: string;
  notes: string;
}

/** An id from the URL: a positive whole number, or a 404. */
export function customerId(raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound("Customer not found");
  return Number(raw);
}

/** The customer, merged or not (the page sends a merged one on to the record it joined); 404 when there is none. */
export async function getCustomer(db: DB, id: number): Promise<Customer> {
  const row = await db
    .selectFrom("customers")
    .select(["id", "name", "email", "phone", "notes", "merged_into", "created_at", "erased_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound("Customer not found");
  return { id: row.id, name: row.name, email: row.email, phone: row.phone, notes: row.notes, mergedInto: row.merged_into, createdAt: row.created_at, erasedAt: row.erased_at };
}

export async function listVehicles(db: DB, customerId: number): Promise<Vehicle[]> {
  return db
    .selectFrom("vehicles")
    .select(["id", "kind", "make", "model", "year", "color", "notes"])
    .where("customer_id", "=", customerId)
    .orderBy("id")
    .execute();
}

/** A live customer (not merged), locked for the rest of the transaction; 404 otherwise. */
export async function lockLiveCustomer(trx: DB, id: number): Promise<Customer> {
  const row = await trx.selectFrom("customers").select("merged_into").where("id", "=", id).forUpdate().executeTakeFirst();
  if (!row) throw notFound("Customer not found");
  if (row.merged_into !== null) throw new AppError(409, `This customer was merged into customer #${row.merged_into}; change that record instead.`);
  return getCustomer(trx, id);
}

/**
 * The Contact Details form as the server reads it: the shared schema, its
 * phone held to the whole phone rule (docs/decisions/0108).
 */
export const serverContactSchema = contactSchema.extend({ phone: withPhoneRule(contactSchema.shape.phone) });

/** Saves contact details read by serverContactSchema; an e-mail another customer has is a 409 on Email. */
export async function updateContact(db: DB, id: number, { name, email, phone, notes }: ContactInput): Promise<void> {
  const values = { name, email, phone, notes };
  await db.transaction().execute(async (trx) => {
    await lockLiveCustomer(trx, id);
    const other = values.email
      ? await trx
          .selectFrom("customers")
          .select("id")
          .where(sql<string>`lower(email)`, "=", values.email.toLowerCase())
          .where("merged_into", "is", null)
          .where("id", "<>", id)
          .executeTakeFirst()
      : undefined;
    if (other) {
      const message = `Customer #${other.id} has this e-mail already: merge the two records instead.`;
      throw new AppError(409, message, { fields: { email: message } });
    }
    await trx
      .updateTable("customers")
      .set({ ...values, ...phoneColumns(values.phone), updated_at: sql`now()` })
      .where("id", "=", id)
      .execute();
  });
}

/** Adds a vehicle read by vehicleSchema (~/lib/customer-input). */
export async function addVehicle(db: DB, customerId: number, vehicle: VehicleInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockLiveCustomer(trx, customerId);
    const row = await trx.insertInto("vehicles").values({ ...vehicle, customer_id: customerId }).returning("id").executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function removeVehicle(db: DB, customerId: number, vehicleId: number): Promise<void> {
  const removed = await db.deleteFrom("vehicles").where("id", "=", vehicleId).where("customer_id", "=", customerId).executeTakeFirst();
  if (!removed.numDeletedRows) throw notFound("That vehicle is not this customer's: it may have been removed already.");
}

/** The other customers of a request's customer: whether they have come before, and where their record is. */
export async function returningCustomer(db: DB, leadId: number) {
  const row = await sql<{ id: number; name: string; requests: number; jobs: number }>`SELECT c.id, c.name,
      (SELECT count(*) FROM quote_requests o WHERE o.customer_id = c.id AND o.id <> q.id)::int AS requests,
      (SELECT count(*) FROM jobs j WHERE j.customer_id = c.id AND j.lead_id IS DISTINCT FROM q.id)::int AS jobs
    FROM quote_requests q JOIN customers c ON c.id = q.customer_id WHERE q.id = ${leadId}`.execute(db);
  const found = row.rows[0];
  return found ? { id: found.id, name: found.name, otherRequests: found.requests, otherJobs: found.jobs, returning: found.requests > 0 } : null;
}
