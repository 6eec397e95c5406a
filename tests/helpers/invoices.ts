import { sql } from "kysely";
import type { PaymentForm } from "~/lib/payment-input";
import type { DB } from "~/server/db.server";
import { invoiceToday, type InvoiceForm } from "~/server/invoices/invoices.server";

let n = 0;

/** A job for the lead, each on its own day (jobs may not overlap), linked to `estimateId` when given. */
export async function insertJob(db: DB, leadId: number, estimateId: number | null = null): Promise<number> {
  const start = new Date(Date.UTC(2030, 0, 1) + (++n * 7 + (process.pid % 97)) * 86_400_000);
  const row = await db
    .insertInto("jobs")
    .values({
      // The lead's customer, as scheduleJob stores it (docs/decisions/0110).
      customer_id: sql<number>`(SELECT customer_id FROM quote_requests WHERE id = ${leadId})`,
      lead_id: leadId,
      source: "quote_form",
      estimate_id: estimateId,
      token: `job-token-${process.pid}-${n}-abcdefghijklmnop`,
      starts_at: start,
      duration_minutes: 120,
      buffer_minutes: 0,
      busy: sql`tstzrange(${start.toISOString()}::timestamptz, ${start.toISOString()}::timestamptz + interval '120 minutes', '[)')`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The invoice editor's form: `lines` as [description, quantity, unit price]. */
export function invoiceForm(lines: [string, string, string][], message = ""): InvoiceForm {
  return {
    description: lines.map((l) => l[0]),
    quantity: lines.map((l) => l[1]),
    unitPrice: lines.map((l) => l[2]),
    serviceId: lines.map(() => ""),
    message,
  };
}

/** The Record Payment form, dated today (a date over a year back would be asked about first). */
export function paymentForm(amount: string, rest: Partial<PaymentForm> = {}): PaymentForm {
  return { amount, method: "Cash", date: invoiceToday(), note: "", ...rest };
}
