import { sql } from "kysely";
import { csvLine, UTF8_BOM } from "~/lib/csv";
import { centsToDollarInput } from "~/lib/money";
import { dayIn } from "~/lib/time-zone";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { pulledCsvStream } from "../tables/csv-stream.server";

/**
 * /admin/invoices/export: every invoice and every payment (a deleted one
 * too, marked, so the file matches the history) as one CSV for the
 * accountant, written by the CSV rules of every export (lib/csv.ts: RFC 4180,
 * formulas neutralised, a byte order mark). Dates are days in the business's
 * time zone; amounts are dollars with two decimals, no currency sign, so a
 * spreadsheet sums them.
 */

export const EXPORT_HEADER = [
  "Record",
  "Invoice",
  "Status",
  "Customer",
  "Email",
  "Created",
  "Sent",
  "Due Date",
  "Voided",
  "Subtotal",
  "Tax Rate (%)",
  "Tax",
  "Total",
  "Paid",
  "Amount Due",
  "Payment Date",
  "Method",
  "Amount",
  "Note",
  "Deleted",
] as const;

/** Whole cents → "1234.56" (a minus sign for a negative), as lib/money writes it. */
const dollars = centsToDollarInput;

/** Invoices per batch: each batch is one query for them and one for their payments. */
const INVOICE_BATCH = 500;

/**
 * The export as a stream (ADR 0044, as the tables' export): the header, then
 * batches of invoices in number order (keyset on the number, which is unique),
 * each invoice followed by its payments, each batch read when the client
 * wants it, so the file is never whole in memory.
 */
export function invoicesCsv(db: DB, batchSize = INVOICE_BATCH): ReadableStream<Uint8Array> {
  const zone = env().BUSINESS_TIME_ZONE;
  let after = 0;
  let done = false;
  return pulledCsvStream(UTF8_BOM + csvLine(EXPORT_HEADER), async () => {
    if (done) return undefined;
    const batch = await invoiceBatch(db, after, batchSize);
    done = batch.length < batchSize;
    if (!batch.length) return undefined;
    after = batch[batch.length - 1]!.number;
    return csvLines(batch, await paymentsOf(db, batch.map((i) => i.id)), zone);
  });
}

function invoiceBatch(db: DB, afterNumber: number, limit: number) {
  return db
    .selectFrom("invoices as i")
    .innerJoin("customers as c", "c.id", "i.customer_id")
    .select([
      "i.id",
      "i.number",
      "i.status",
      "c.name",
      "c.email",
      "i.created_at",
      "i.sent_at",
      "i.voided_at",
      "i.subtotal_cents",
      "i.tax_cents",
      "i.total_cents",
      "i.paid_cents",
      sql<string | null>`i.due_date::text`.as("due_date"),
      sql<string>`i.tax_rate::text`.as("tax_rate"),
    ])
    .where("i.number", ">", afterNumber)
    .orderBy("i.number")
    .limit(limit)
    .execute();
}

function paymentsOf(db: DB, invoiceIds: number[]) {
  return db
    .selectFrom("payments as p")
    .select(["p.invoice_id", "p.amount_cents", "p.method", "p.note", "p.deleted_at", sql<string>`p.paid_on::text`.as("paid_on")])
    .where("p.invoice_id", "in", invoiceIds)
    .orderBy("p.paid_on")
    .orderBy("p.id")
    .execute();
}

/** A batch's lines: each invoice, then its payments. */
function csvLines(invoices: Awaited<ReturnType<typeof invoiceBatch>>, payments: Awaited<ReturnType<typeof paymentsOf>>, zone: string): string {
  const day = (at: Date | null) => (at ? dayIn(at, zone) : "");
  const byInvoice = new Map<number, typeof payments>();
  for (const p of payments) byInvoice.set(p.invoice_id, [...(byInvoice.get(p.invoice_id) ?? []), p]);
  let out = "";
  for (const i of invoices) {
    const total = Number(i.total_cents);
    const paid = Number(i.paid_cents);
    const owed = i.status === "sent" || i.status === "partly_paid" ? total - paid : 0;
    out += csvLine([
      "Invoice",
      i.number,
      i.status,
      i.name,
      i.email,
      day(i.created_at),
      day(i.sent_at),
      i.due_date ?? "",
      day(i.voided_at),
      dollars(Number(i.subtotal_cents)),
      Number(i.tax_rate).toString(),
      dollars(Number(i.tax_cents)),
      dollars(total),
      dollars(paid),
      dollars(owed),
      "",
      "",
      "",
      "",
      "",
    ]);
    for (const p of byInvoice.get(i.id) ?? []) {
      out += csvLine(["Payment", i.number, "", i.name, i.email, "", "", "", "", "", "", "", "", "", "", p.paid_on, p.method, dollars(Number(p.amount_cents)), p.note, day(p.deleted_at)]);
    }
  }
  return out;
}
