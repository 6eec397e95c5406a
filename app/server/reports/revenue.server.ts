import { sql } from "kysely";
import { centsToDollarInput, formatCents } from "~/lib/money";
import { shareCsv, shareText, type ReportCell, type ReportTable } from "~/lib/reports";
import type { DB } from "../db.server";
import { firstPackage, NO_PACKAGE, packageKeys } from "./package-lines.server";
import { inEdges, inWholeDays, periodDays } from "./period-days.server";
import type { ReportPeriod } from "./period.server";

/**
 * What the period earned (docs/decisions/0150): the invoices paid in full in
 * it (by their paid date), before tax, tips apart. Each invoice is one
 * ticket: the average ticket is their sum over their number, and each
 * counts whole under the package and vehicle class its first package line
 * names (./package-lines.server.ts), add-ons, travel and surcharges
 * included, so the rows add up to the period's revenue.
 */

export interface RevenueRow {
  package: string | null;
  vehicle_class: string | null;
  by_package: number;
  by_class: number;
  tickets: string;
  cents: string;
}

export interface Revenue {
  tickets: number;
  cents: number;
  byPackage: { name: string; tickets: number; cents: number }[];
  byClass: { name: string; tickets: number; cents: number }[];
}

/** The query's grouping sets (by package, by class, the total) as the tables' figures. */
export function revenueFromRows(rows: RevenueRow[]): Revenue {
  const total = rows.find((r) => Number(r.by_package) === 1 && Number(r.by_class) === 1);
  const group = (pick: (r: RevenueRow) => boolean, name: (r: RevenueRow) => string | null) =>
    rows
      .filter(pick)
      .map((r) => ({ name: name(r) ?? NO_PACKAGE, tickets: Number(r.tickets), cents: Number(r.cents) }))
      .sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name));
  return {
    tickets: Number(total?.tickets ?? 0),
    cents: Number(total?.cents ?? 0),
    byPackage: group((r) => Number(r.by_package) === 1 && Number(r.by_class) === 0, (r) => r.package),
    byClass: group((r) => Number(r.by_class) === 1 && Number(r.by_package) === 0, (r) => r.vehicle_class),
  };
}

/**
 * From the summaries (docs/decisions/0157): the period's paid invoices
 * counted and summed by the words of their lines (per UTC day in
 * report_sale_days, the hours at the period's edges from report_sales), then
 * each set of words named by the current price book
 * (./package-lines.server.ts), so a long period costs its days' sums and a
 * package renamed needs no rewrite.
 */
export async function revenueFigures(db: DB, period: ReportPeriod): Promise<Revenue> {
  const days = periodDays(period);
  const { rows } = await sql<RevenueRow>`
    WITH keys AS (${packageKeys()}),
    sold AS (
      SELECT line_keys, sum(tickets) AS tickets, sum(cents) AS cents FROM (
        SELECT line_keys, tickets, cents FROM report_sale_days WHERE ${inWholeDays(days)}
        UNION ALL
        SELECT line_keys, 1, subtotal_cents FROM report_sales WHERE ${inEdges("paid_at", days)}
      ) paid
      GROUP BY line_keys
      -- A day's words whose invoices all went (unpaid, deleted) leave a row of zeros: no sale.
      HAVING sum(tickets) <> 0
    ),
    named AS (
      SELECT s.tickets, s.cents, f.package, f.vehicle_class FROM sold s LEFT JOIN LATERAL (${firstPackage(sql.ref("s.line_keys"))}) f ON true
    )
    SELECT package, vehicle_class, GROUPING(package) AS by_class, GROUPING(vehicle_class) AS by_package,
           coalesce(sum(tickets), 0) AS tickets, coalesce(sum(cents), 0) AS cents
    FROM named
    GROUP BY GROUPING SETS ((package), (vehicle_class), ())`.execute(db);
  return revenueFromRows(rows);
}

const money = (cents: number): ReportCell => ({ text: formatCents(cents), csv: centsToDollarInput(cents) });
const count = (n: number): ReportCell => ({ text: n.toLocaleString("en-US"), csv: n });
/** Whole cents, half up: the average ticket. */
export const averageCents = (cents: number, tickets: number) => (tickets > 0 ? Math.round(cents / tickets) : 0);

export async function revenueReports(db: DB, period: ReportPeriod): Promise<ReportTable[]> {
  const r = await revenueFigures(db, period);
  const groupTable = (name: string, title: string, first: string, groups: Revenue["byPackage"]): ReportTable => ({
    name,
    title,
    note: "Invoices paid in full in the period, before tax, each under the package and vehicle of its first package line.",
    columns: [
      { label: first, numeric: false },
      { label: "Tickets", numeric: true },
      { label: "Revenue", numeric: true },
      { label: "Share of revenue", numeric: true },
      { label: "Average ticket", numeric: true },
    ],
    rows: groups.map((g) => [{ text: g.name, csv: g.name }, count(g.tickets), money(g.cents), { text: shareText(g.cents, r.cents), csv: shareCsv(g.cents, r.cents) }, money(averageCents(g.cents, g.tickets))]),
    chart: { title, money: true, bars: groups.map((g) => ({ label: g.name, value: g.cents, text: formatCents(g.cents) })) },
  });
  return [
    {
      name: "tickets",
      title: "Average ticket",
      note: "Invoices paid in full in the period (by the day they were paid), before tax; tips apart.",
      columns: [
        { label: "Figure", numeric: false },
        { label: "Value", numeric: true },
      ],
      rows: [
        [{ text: "Paid invoices", csv: "Paid invoices" }, count(r.tickets)],
        [{ text: "Revenue", csv: "Revenue" }, money(r.cents)],
        [{ text: "Average ticket", csv: "Average ticket" }, money(averageCents(r.cents, r.tickets))],
      ],
    },
    groupTable("packages", "Revenue by package", "Package", r.byPackage),
    groupTable("vehicle-classes", "Revenue by vehicle class", "Vehicle class", r.byClass),
  ];
}
