import { sql } from "kysely";
import { EMAIL_MAX_LENGTH, isEmailAddress } from "~/lib/email";
import { isVehicleKind, newestYear, OLDEST_YEAR, VEHICLE_KINDS } from "~/lib/vehicle-kinds";
import { AppError, notFound } from "../app-error.server";
import type { DB } from "../db.server";
import { isPhone, phoneColumns, PHONE_INVALID_SENTENCE } from "../phone.server";

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

export interface ContactForm {
  name: string;
  email: string;
  phone: string;
  notes: string;
}

/** The contact details as posted, checked (the one e-mail and phone rules, docs/decisions/0108); an AppError 400 naming each wrong field. */
export function checkContact(form: ContactForm): ContactForm {
  const values = { name: form.name.trim(), email: form.email.trim(), phone: form.phone.trim(), notes: form.notes.trim() };
  const fields: Record<string, string> = {};
  if (!values.name) fields.name = "Name is required.";
  else if (values.name.length > 100) fields.name = "Name must be at most 100 characters.";
  if (values.email.length > EMAIL_MAX_LENGTH) fields.email = `Email must be at most ${EMAIL_MAX_LENGTH} characters.`;
  else if (values.email && !isEmailAddress(values.email)) fields.email = "Email must be an e-mail address, like name@example.com.";
  if (values.phone.length > 30) fields.phone = "Phone must be at most 30 characters.";
  else if (values.phone && !isPhone(values.phone)) fields.phone = PHONE_INVALID_SENTENCE;
  if (values.notes.length > 2000) fields.notes = "Notes must be at most 2,000 characters.";
  if (Object.keys(fields).length) throw new AppError(400, Object.values(fields).join(" "), { fields });
  return values;
}

export async function updateContact(db: DB, id: number, form: ContactForm): Promise<void> {
  const values = checkContact(form);
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

export interface VehicleForm {
  kind: string;
  make: string;
  model: string;
  year: string;
  color: string;
  notes: string;
}

export function checkVehicle(form: VehicleForm, now: Date) {
  const fields: Record<string, string> = {};
  const make = form.make.trim();
  const model = form.model.trim();
  const color = form.color.trim();
  const notes = form.notes.trim();
  const yearText = form.year.trim();
  if (!isVehicleKind(form.kind)) fields.kind = `Kind must be one of ${VEHICLE_KINDS.join(", ")}.`;
  if (make.length > 60) fields.make = "Make must be at most 60 characters.";
  if (model.length > 60) fields.model = "Model must be at most 60 characters.";
  if (!make && !model) fields.make = "Enter the Make or the Model.";
  const newest = newestYear(now);
  let year: number | null = null;
  if (yearText) {
    year = /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
    if (!(year >= OLDEST_YEAR && year <= newest)) fields.year = `Year must be a year from ${OLDEST_YEAR} to ${newest}.`;
  }
  if (color.length > 40) fields.color = "Color must be at most 40 characters.";
  if (notes.length > 1000) fields.notes = "Notes must be at most 1,000 characters.";
  if (Object.keys(fields).length) throw new AppError(400, Object.values(fields).join(" "), { fields });
  return { kind: form.kind as (typeof VEHICLE_KINDS)[number], make, model, year, color, notes };
}

export async function addVehicle(db: DB, customerId: number, form: VehicleForm, now = new Date()): Promise<number> {
  const vehicle = checkVehicle(form, now);
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
