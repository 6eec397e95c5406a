import { sql } from "kysely";
import { centsToDollarInput, formatCents } from "~/lib/money";
import type { ReportTable } from "~/lib/reports";
import type { DB } from "../db.server";

/**
 * What is owed today, by age (docs/decisions/0150): every invoice sent and
 * not paid in full (partly paid ones for what is left), aged in whole days
 * on the business's calendar from the day it was sent to `today`. Not the
 * period's: what is unpaid is always today's.
 */
export const AGES = [
  { key: "0-30", label: "0–30 days" },
  { key: "31-60", label: "31–60 days" },
  { key: "over-60", label: "Over 60 days" },
] as const;

export async function unpaidFigures(db: DB, today: string, timeZone: string) {
  const { rows } = await sql<{ age: string; invoices: string; cents: string }>`
    SELECT CASE WHEN age <= 30 THEN '0-30' WHEN age <= 60 THEN '31-60' ELSE 'over-60' END AS age, count(*) AS invoices, sum(owed) AS cents
    FROM (
      SELECT ${today}::date - (coalesce(sent_at, created_at) AT TIME ZONE ${timeZone})::date AS age, total_cents - paid_cents AS owed
      FROM invoices WHERE status IN ('sent', 'partly_paid')
    ) owing
    GROUP BY 1`.execute(db);
  const byAge = new Map(rows.map((r) => [r.age, r]));
  return AGES.map(({ key, label }) => ({ label, invoices: Number(byAge.get(key)?.invoices ?? 0), cents: Number(byAge.get(key)?.cents ?? 0) }));
}

export async function unpaidReport(db: DB, today: string, timeZone: string): Promise<ReportTable> {
  const ages = await unpaidFigures(db, today, timeZone);
  const all = ages.reduce((t, a) => ({ label: "All unpaid", invoices: t.invoices + a.invoices, cents: t.cents + a.cents }), { label: "All unpaid", invoices: 0, cents: 0 });
  return {
    name: "unpaid",
    title: "Unpaid invoices by age",
    note: "Today, whatever the period: invoices sent and not paid in full, by days since they were sent.",
    columns: [
      { label: "Age", numeric: false },
      { label: "Invoices", numeric: true },
      { label: "Amount due", numeric: true },
    ],
    rows: [...ages, all].map((a) => [
      { text: a.label, csv: a.label },
      { text: a.invoices.toLocaleString("en-US"), csv: a.invoices },
      { text: formatCents(a.cents), csv: centsToDollarInput(a.cents) },
    ]),
    chart: { title: "Amount due by age", money: true, bars: ages.map((a) => ({ label: a.label, value: a.cents, text: formatCents(a.cents) })) },
  };
}
