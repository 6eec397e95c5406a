import { sql } from "kysely";
import { csvLine, UTF8_BOM } from "~/lib/csv";
import { dayIn } from "~/lib/time-zone";
import type { DB } from "../db.server";
import { env } from "../env.server";

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

/** Whole cents → "1234.56" (a minus sign for a negative). */
export function dollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export async function invoicesCsv(db: DB): Promise<string> {
  const zone = env().BUSINESS_TIME_ZONE;
  const day = (at: Date | null) => (at ? dayIn(at, zone) : "");
  const [invoices, payments] = await Promise.all([
    db
      .selectFrom("invoices as i")
      .innerJoin("quote_requests as q", "q.id", "i.lead_id")
      .select([
        "i.id",
        "i.number",
        "i.status",
        "q.name",
        "q.email",
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
      .orderBy("i.number")
      .execute(),
    db
      .selectFrom("payments as p")
      .select(["p.invoice_id", "p.amount_cents", "p.method", "p.note", "p.deleted_at", sql<string>`p.paid_on::text`.as("paid_on")])
      .orderBy("p.paid_on")
      .orderBy("p.id")
      .execute(),
  ]);
  const byInvoice = new Map<number, typeof payments>();
  for (const p of payments) byInvoice.set(p.invoice_id, [...(byInvoice.get(p.invoice_id) ?? []), p]);
  let out = UTF8_BOM + csvLine(EXPORT_HEADER);
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
