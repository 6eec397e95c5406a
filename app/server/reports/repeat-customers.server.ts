import { sql } from "kysely";
import { centsToDollarInput, formatCents } from "~/lib/money";
import { shareCsv, shareText, type ReportTable } from "~/lib/reports";
import type { DB } from "../db.server";
import type { ReportPeriod } from "./period.server";

/**
 * Customers who come back (docs/decisions/0151): of the invoices paid in
 * full in the period (as revenue.server.ts counts them), one is repeat
 * business when its customer had paid an invoice in full before it (at an
 * earlier time: two paid at the same instant are both the first). A
 * repeat customer is one with repeat business in the period; their share is
 * that business's share of the period's revenue (before tax).
 */
export interface RepeatRow {
  customers: string;
  repeat_customers: string;
  cents: string;
  repeat_cents: string;
}

export const repeatFromRow = (r: RepeatRow) => ({
  customers: Number(r.customers),
  repeatCustomers: Number(r.repeat_customers),
  cents: Number(r.cents),
  repeatCents: Number(r.repeat_cents),
});

/** From report_sales (docs/decisions/0157), where each paid invoice keeps whether its customer had paid before. */
export async function repeatFigures(db: DB, period: ReportPeriod) {
  const { rows } = await sql<RepeatRow>`
    SELECT count(DISTINCT customer_id) AS customers,
           count(DISTINCT customer_id) FILTER (WHERE repeat) AS repeat_customers,
           coalesce(sum(subtotal_cents), 0) AS cents,
           coalesce(sum(subtotal_cents) FILTER (WHERE repeat), 0) AS repeat_cents
    FROM report_sales
    WHERE paid_at >= ${period.start} AND paid_at < ${period.end}`.execute(db);
  return repeatFromRow(rows[0]!);
}

export async function repeatCustomersReport(db: DB, period: ReportPeriod): Promise<ReportTable> {
  const f = await repeatFigures(db, period);
  const count = (n: number) => ({ text: n.toLocaleString("en-US"), csv: n });
  return {
    name: "repeat-customers",
    title: "Repeat customers",
    note: "Customers who paid in the period; repeat: they had paid an invoice before.",
    columns: [
      { label: "Figure", numeric: false },
      { label: "Value", numeric: true },
    ],
    rows: [
      [{ text: "Paying customers", csv: "Paying customers" }, count(f.customers)],
      [{ text: "Repeat customers", csv: "Repeat customers" }, count(f.repeatCustomers)],
      [{ text: "Share of customers", csv: "Share of customers (%)" }, { text: shareText(f.repeatCustomers, f.customers), csv: shareCsv(f.repeatCustomers, f.customers) }],
      [{ text: "Revenue from repeat business", csv: "Revenue from repeat business" }, { text: formatCents(f.repeatCents), csv: centsToDollarInput(f.repeatCents) }],
      [{ text: "Share of revenue", csv: "Share of revenue (%)" }, { text: shareText(f.repeatCents, f.cents), csv: shareCsv(f.repeatCents, f.cents) }],
    ],
  };
}
