import { sql } from "kysely";
import { actorColumns, asActor } from "../actor.server";
import { can } from "../auth/permissions.server";
import { AppError } from "../app-error.server";
import type { DB } from "../db.server";
import type { SessionUser } from "../session.server";
import { uploadStorage } from "../uploads/storage.server";
import type { UploadStorage } from "../uploads/storage-contract.server";
import { customerRecords, inIds, type CustomerRecords } from "./customer-records.server";
import { lockLiveCustomer } from "./customers.server";

/**
 * Erase Customer (docs/decisions/0122): a customer's personal details go from
 * every table in one transaction; what the books need stays (amounts, dates,
 * numbers, statuses, line prices, payments). The rows stay too, so invoice
 * #1042 is still invoice #1042 of "Erased customer". The photos' files are
 * deleted after the commit: a rollback loses no file, and a file left by a
 * crash between the two has no row, so the orphan clean-up removes it
 * (../uploads/orphans.server.ts).
 */

/** What an erased customer, and each of their requests, is called from then on. */
export const ERASED_NAME = "Erased customer";
/** What stands in a kept text (a line, an actor) where their name, e-mail, phone or address stood. */
export const ERASED_MARK = "[erased]";

/** Owners only: the role is checked here, not only by the route (docs/decisions/0114). */
export function requireOwner(user: SessionUser): void {
  if (!can(user, "customers.manage")) throw new AppError(403, "Only the owner can export or erase a customer's data.");
}

export interface ErasedCounts {
  requests: number;
  invoices: number;
  photos: number;
}

export async function eraseCustomer(db: DB, customerId: number, user: SessionUser, storage: UploadStorage = uploadStorage()): Promise<ErasedCounts> {
  requireOwner(user);
  const { counts, files } = await asActor(db, user, async (trx) => {
    // A request from this person being matched right now (match_customer holds
    // this lock until it commits) is erased too; one arriving after the erase
    // finds no e-mail or phone to match and makes a new customer.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended('customer:match', 0))`.execute(trx);
    await lockLiveCustomer(trx, customerId);
    const records = await customerRecords(trx, customerId);
    const known = await identifiers(trx, records);
    const redact = redactor(known.all);
    const files = await photoFiles(trx, records);
    await eraseRows(trx, records, redact, files.uploads);
    await eraseMentions(trx, known.whole);
    await trx
      .insertInto("customer_events")
      .values({
        customer_id: customerId,
        kind: "erased",
        ...actorColumns(user),
        // Counts only: the record of the erase holds nothing of the person.
        body: `Personal details erased on request: ${records.leads.length} requests, ${records.invoices.length} invoices (amounts kept), ${files.photos} photos.`,
      })
      .execute();
    return { counts: { requests: records.leads.length, invoices: records.invoices.length, photos: files.photos }, files: files.names };
  });
  for (const name of files) {
    // Each delete is its own: one that fails leaves a file no row refers to, which the orphan clean-up removes.
    await storage.delete(name).catch((error: Error) => console.warn(`[erase] a photo file could not be deleted (the clean-up will): ${error.message}`));
  }
  return counts;
}

/**
 * The person's names, e-mails, phones and addresses as they stand anywhere
 * (`whole`), and with their parts (`all`): what a kept text must not hold.
 */
async function identifiers(trx: DB, records: CustomerRecords): Promise<{ whole: string[]; all: string[] }> {
  const { rows } = await sql<{ value: string }>`
    SELECT name AS value FROM customers WHERE ${inIds("id", records.customers)}
    UNION SELECT phone FROM customers WHERE ${inIds("id", records.customers)}
    UNION SELECT name FROM quote_requests WHERE ${inIds("id", records.leads)}
    UNION SELECT phone FROM quote_requests WHERE ${inIds("id", records.leads)}
    UNION SELECT service_address FROM quote_requests WHERE ${inIds("id", records.leads)}
    UNION SELECT address FROM jobs WHERE ${inIds("id", records.jobs)}
    UNION SELECT display_name FROM reviews WHERE ${inIds("id", records.reviews)}`.execute(trx);
  const values = [...rows.map((r) => r.value.trim()), ...records.emails].filter((v) => v.length >= 3 && v !== ERASED_NAME);
  // A name's words too ("Jane" of "Jane Doe"), and an address's street ("12 Elm St" of "12 Elm St, Grand Rapids").
  const parts = values.flatMap((v) => [...v.split(/\s+/), v.split(",")[0]!.trim()]).filter((p) => p.length >= 3);
  return { whole: [...new Set(values)], all: [...new Set([...values, ...parts])] };
}

/**
 * A pattern of every identifier (letter case ignored by its user; a phone's
 * digits whatever their separators), in the syntax JavaScript and
 * PostgreSQL's regular expressions share; null for none.
 */
function patternOf(found: string[]): string | null {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const patterns = [...found]
    .sort((a, b) => b.length - a.length)
    .map((value) => {
      const digits = value.replace(/\D/g, "");
      // A phone: its last ten digits with any separators between them.
      if (digits.length >= 7 && !/[a-z@]/i.test(value)) return digits.slice(-10).split("").join("[\\s().+-]*");
      return escape(value);
    });
  return patterns.length ? patterns.join("|") : null;
}

/** Replaces every identifier in a text. */
function redactor(found: string[]): (text: string) => string {
  const source = patternOf(found);
  if (source === null) return (text) => text;
  const pattern = new RegExp(source, "gi");
  return (text) => text.replace(pattern, ERASED_MARK);
}

/**
 * What is left of the person in other tables' trash and row history (a
 * testimonial of their review the owner deleted, a row changed while it named
 * them): snapshots no restore may bring back, found by their whole name,
 * e-mail, phone or address (not by a first name alone, which others share).
 * Last, after every change of this erase has written its history.
 */
async function eraseMentions(trx: DB, whole: string[]): Promise<void> {
  const mention = patternOf(whole);
  if (mention === null) return;
  await sql`DELETE FROM trash WHERE row_data::text ~* ${mention}`.execute(trx);
  await sql`DELETE FROM row_history WHERE coalesce(before::text, '') ~* ${mention} OR coalesce(after::text, '') ~* ${mention}`.execute(trx);
}

/**
 * The photos' stored files (originals and their resized copies), of live
 * requests and of those in the trash, and their jobs' condition reports'
 * photos and signatures and before and after photos, live and in the trash.
 */
async function photoFiles(trx: DB, records: CustomerRecords): Promise<{ photos: number; uploads: string[]; names: string[] }> {
  const { rows } = await sql<{ name: string; widths: number[] | null; formats: string[] | null; og: boolean | null }>`
    SELECT u.name, i.widths, i.formats, i.og FROM uploads u LEFT JOIN images i ON i.name = u.name
    WHERE u.name IN (
      SELECT upload_name FROM lead_photos WHERE ${inIds("lead_id", records.leads)}
      UNION SELECT photo->>'upload_name' FROM trash, jsonb_array_elements(dependents->'lead_photos') photo WHERE ${inIds("trash.id", records.trash)}
      UNION SELECT jsonb_array_elements_text(photos) FROM condition_reports WHERE ${inIds("job_id", records.jobs)}
      UNION SELECT signature_upload FROM condition_reports WHERE ${inIds("job_id", records.jobs)}
      UNION SELECT jsonb_array_elements_text(report->'photos') FROM trash, jsonb_array_elements(dependents->'condition_reports') report
        WHERE ${inIds("trash.id", records.trash)}
      UNION SELECT report->>'signature_upload' FROM trash, jsonb_array_elements(dependents->'condition_reports') report
        WHERE ${inIds("trash.id", records.trash)}
      UNION SELECT upload_name FROM job_photos WHERE ${inIds("job_id", records.jobs)}
      UNION SELECT photo->>'upload_name' FROM trash, jsonb_array_elements(dependents->'job_photos') photo WHERE ${inIds("trash.id", records.trash)})`.execute(trx);
  const names = rows.flatMap((row) => {
    const base = row.name.slice(0, 32);
    const copies = (row.widths ?? []).flatMap((w) => (row.formats ?? []).map((f) => `${base}-${w}w.${f}`));
    return [...copies, ...(row.og ? [`${base}-og.jpg`] : []), row.name];
  });
  return { photos: rows.length, uploads: rows.map((r) => r.name), names };
}

/** Every table's part; the row history of the changed rows goes last, since these updates write history too. */
async function eraseRows(trx: DB, r: CustomerRecords, redact: (text: string) => string, uploads: string[]): Promise<void> {
  const newToken = sql<string>`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;
  await trx
    .updateTable("customers")
    .set({ name: ERASED_NAME, email: "", phone: "", phone_e164: "", phone_ext: "", notes: "", unsubscribe_token: null, erased_at: sql`now()`, updated_at: sql`now()` })
    .where(inIds("id", r.customers))
    .execute();
  await trx.updateTable("customer_events").set({ body: "", actor: sql`''` }).where(inIds("customer_id", r.customers)).execute();
  // Their vehicles say nothing the books need; estimates and jobs let go of them (ON DELETE SET NULL).
  await trx.deleteFrom("vehicles").where(inIds("id", r.vehicles)).execute();

  await trx
    .updateTable("quote_requests")
    .set({
      name: ERASED_NAME,
      email: "",
      phone: "",
      phone_e164: "",
      phone_ext: "",
      vehicle_type: "",
      message: "",
      notes: "",
      note_bodies: "",
      lost_reason: "",
      client_ip: "",
      service_address: "",
    })
    .where(inIds("id", r.leads))
    .execute();
  // The status trigger notes a cleared lost reason as a change of status to itself: not a change anyone made.
  await sql`DELETE FROM lead_events WHERE ${inIds("lead_id", r.leads)} AND kind = 'status' AND from_status = to_status AND created_at = now()`.execute(trx);
  await sql`UPDATE lead_events SET body = '' WHERE ${inIds("lead_id", r.leads)}`.execute(trx);
  await trx.deleteFrom("lead_photos").where(inIds("lead_id", r.leads)).execute();

  await sql`UPDATE estimates SET message = '', decline_reason = '', token = ${newToken} WHERE ${inIds("id", r.estimates)}`.execute(trx);
  await sql`UPDATE jobs SET address = '', zip = NULL, notes = '', token = ${newToken} WHERE ${inIds("id", r.jobs)}`.execute(trx);
  // Their maintenance plans end, their address goes and the plan page's link dies (docs/decisions/0145).
  await sql`UPDATE customer_plans SET address = '', token = ${newToken}, status = 'cancelled', cancelled_at = coalesce(cancelled_at, now()) WHERE ${inIds("customer_id", r.customers)}`.execute(trx);
  // A condition report is the person's signature, name, photos and PDF, nothing the books need: it goes whole (docs/decisions/0136).
  await trx.deleteFrom("condition_reports").where(inIds("job_id", r.jobs)).execute();
  // A time a Weather Day still holds for them is given up: nobody can rebook through the old link (docs/decisions/0144).
  await trx.updateTable("weather_rebookings").set({ hold_busy: null }).where(inIds("job_id", r.jobs)).execute();
  await sql`UPDATE invoices SET message = '', token = ${newToken} WHERE ${inIds("id", r.invoices)}`.execute(trx);
  await sql`UPDATE payments SET note = '' WHERE ${inIds("invoice_id", r.invoices)}`.execute(trx);
  // A line keeps its price and quantity; where it names the person, that part is replaced.
  for (const [table, parent, list] of [
    ["estimate_lines", "estimate_id", r.estimates],
    ["invoice_lines", "invoice_id", r.invoices],
  ] as const) {
    const { rows } = await sql<{ id: number; description: string }>`SELECT id, description FROM ${sql.table(table)} WHERE ${inIds(parent, list)}`.execute(trx);
    for (const line of rows) {
      const kept = redact(line.description);
      if (kept !== line.description) await sql`UPDATE ${sql.table(table)} SET description = ${kept} WHERE id = ${line.id}`.execute(trx);
    }
  }
  // Events keep their kind and time; their texts (reasons, "To jane@…", payment notes) go, and an actor that named the customer is replaced.
  for (const [table, parent, list] of [
    ["estimate_events", "estimate_id", r.estimates],
    ["job_events", "job_id", r.jobs],
    ["invoice_events", "invoice_id", r.invoices],
  ] as const) {
    const { rows } = await sql<{ id: number; actor: string }>`SELECT id, actor FROM ${sql.table(table)} WHERE ${inIds(parent, list)}`.execute(trx);
    await sql`UPDATE ${sql.table(table)} SET body = '' WHERE ${inIds(parent, list)}`.execute(trx);
    for (const event of rows) {
      const kept = redact(event.actor);
      if (kept !== event.actor) await sql`UPDATE ${sql.table(table)} SET actor = ${kept} WHERE id = ${event.id}`.execute(trx);
    }
  }

  // A review published on the site goes from the site too.
  const { rows: shown } = await sql<{ id: number }>`SELECT testimonial_id AS id FROM reviews WHERE ${inIds("id", r.reviews)} AND testimonial_id IS NOT NULL`.execute(trx);
  const testimonials = shown.map((t) => t.id);
  await sql`UPDATE reviews SET text = '', display_name = '', token = ${newToken} WHERE ${inIds("id", r.reviews)}`.execute(trx);
  await sql`DELETE FROM testimonials WHERE ${inIds("id", testimonials)}`.execute(trx);

  // The E-mail Log keeps that an e-mail of this kind went, and when; not to whom nor what it said. One not sent yet never goes.
  await sql`UPDATE email_outbox SET to_address = '', subject = ${ERASED_MARK}, text_body = '', html_body = NULL, reply_to = NULL,
      attachments = NULL, headers = NULL, last_error = NULL, claimed_by = NULL,
      failed_at = CASE WHEN sent_at IS NULL THEN coalesce(failed_at, now()) ELSE failed_at END
    WHERE ${inIds("id", r.outbox)}`.execute(trx);
  // Sign-in attempts and codes with their address (a customer who tried the staff sign-in), and the
  // receipt limit's hits keyed by it (short-lived: the next request from the address gets its receipt).
  if (r.emails.length) {
    await sql`UPDATE auth_audit SET email = '', detail = '' WHERE lower(email) IN (${sql.join(r.emails)})`.execute(trx);
    await sql`DELETE FROM one_time_codes WHERE lower(email) IN (${sql.join(r.emails)})`.execute(trx);
    await sql`DELETE FROM rate_limit_hits WHERE lower(key) IN (${sql.join(r.emails)})`.execute(trx);
  }

  // Their jobs' photos published to the gallery (docs/decisions/0139) go from the site, as a published review does; then the photos' rows.
  await sql`DELETE FROM gallery WHERE id IN (
      SELECT gallery_id FROM job_gallery_pairs WHERE ${inIds("job_id", r.jobs)}
      UNION SELECT (pair->>'gallery_id')::int FROM trash, jsonb_array_elements(dependents->'job_gallery_pairs') pair WHERE ${inIds("trash.id", r.trash)})`.execute(trx);
  await trx.deleteFrom("job_photos").where(inIds("job_id", r.jobs)).execute();

  // Their requests in the trash: a restore would bring the details back (their photos' files go with the live ones').
  const { rows: trashed } = await sql<{ row_id: string }>`DELETE FROM trash WHERE ${inIds("id", r.trash)} RETURNING row_id`.execute(trx);
  // The photos' rows (their original file names too), live and trashed: the files go after the commit.
  if (uploads.length) {
    await trx.deleteFrom("images").where("name", "in", uploads).execute();
    await trx.deleteFrom("uploads").where("name", "in", uploads).execute();
  }
  const historyOf = (table: string, list: number[]) => sql`(table_name = ${table} AND ${inIds("row_id", list)})`;
  await sql`DELETE FROM row_history WHERE ${historyOf("quote_requests", [...r.leads, ...trashed.map((t) => Number(t.row_id))])}
    OR ${historyOf("testimonials", testimonials)}`.execute(trx);
}
