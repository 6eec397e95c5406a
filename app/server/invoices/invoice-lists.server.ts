import { sql, type RawBuilder, type SqlBool } from "kysely";
import { dateFormat } from "~/lib/date-format";
import { isOverdue, OWED_STATUSES, UNPAID_STATUSES, type InvoiceStatus } from "~/lib/invoice-status";
import { filterValue, listHref, listPager, withFilter, type ListQuery, type ListSpec } from "~/lib/list-query";
import { formatCents } from "~/lib/money";
import { customersWithWord } from "../customers/customer-list.server";
import type { DB } from "../db.server";
import { amountDue, invoiceToday } from "./invoices.server";

/**
 * What /admin/invoices shows: a page of invoices (Unpaid, Paid or All;
 * searched by number or customer), the amount outstanding and how many are
 * overdue, and the income per month (live payments by their Date) for the
 * last twelve months.
 */

export const INVOICES_PATH = "/admin/invoices";
export const INVOICE_FILTERS = ["unpaid", "paid"] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

export const INVOICES_LIST: ListSpec = {
  properties: {
    number: { type: "integer" },
    customer: { type: "string", searchable: true },
    status: { type: "string", enum: INVOICE_FILTERS },
  },
  defaultSort: { field: "id", direction: "desc" },
  pageSize: 25,
};

const MONTH_LABEL: Intl.DateTimeFormatOptions = { month: "short", year: "numeric" };

export const invoicesHref = (query: ListQuery) => listHref(INVOICES_PATH, INVOICES_LIST, query);

export function invoiceFilter(query: ListQuery): InvoiceFilter | null {
  const value = filterValue(query, "status");
  return (INVOICE_FILTERS as readonly unknown[]).includes(value) ? (value as InvoiceFilter) : null;
}

const statusesOf = (filter: InvoiceFilter | null): readonly InvoiceStatus[] | null =>
  filter === "unpaid" ? UNPAID_STATUSES : filter === "paid" ? ["paid"] : null;

export async function listInvoices(db: DB, query: ListQuery) {
  const statuses = statusesOf(invoiceFilter(query));
  const search = searchCondition(query.q);
  const base = db
    .selectFrom("invoices as i")
    .innerJoin("customers as c", "c.id", "i.customer_id")
    .$if(statuses !== null, (qb) => qb.where("i.status", "in", [...statuses!]))
    .$if(search !== undefined, (qb) => qb.where(search!));
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
    base
      .select(["i.id", "i.number", "i.lead_id", "i.customer_id", "c.name", "i.status", "i.total_cents", "i.paid_cents", sql<string | null>`i.due_date::text`.as("due_date")])
      .orderBy("i.id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

/**
 * Every word must be in the customer's name or e-mail, or be the invoice's
 * number ("1001" or "#1001"), as the estimates list searches. LIKE's
 * wildcards in a word are taken literally.
 */
function searchCondition(q: string): RawBuilder<SqlBool> | undefined {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length) return undefined;
  return sql<SqlBool>`${sql.join(
    words.map((word) => {
      const number = /^#?(\d{1,9})$/.exec(word)?.[1];
      const text = sql`i.customer_id IN ${customersWithWord(word)}`;
      return number ? sql`(${text} OR i.number = ${Number(number)})` : text;
    }),
    sql` AND `,
  )}`;
}

/** The amount outstanding (sent, not yet paid) and how many of those are past their due date. */
export async function owedFigures(db: DB, today: string) {
  const row = await db
    .selectFrom("invoices")
    .select([
      sql<string>`coalesce(sum(total_cents - paid_cents), 0)::text`.as("outstanding"),
      sql<string>`count(*) FILTER (WHERE due_date < ${today}::date)::text`.as("overdue"),
    ])
    .where("status", "in", [...OWED_STATUSES])
    .executeTakeFirstOrThrow();
  return { outstandingCents: Number(row.outstanding), overdue: Number(row.overdue) };
}

/** The first of the month `back` months before `today`'s month, YYYY-MM-DD. */
function monthStart(today: string, back: number): string {
  const [y, m] = today.split("-").map(Number);
  const date = new Date(Date.UTC(y!, m! - 1 - back, 1));
  return date.toISOString().slice(0, 10);
}

export interface MonthIncome {
  /** YYYY-MM. */
  month: string;
  /** "Dec 2026". */
  label: string;
  cents: number;
  amount: string;
}

/** Live payments summed by the month of their Date, the twelve months up to `today`'s (each present, 0 when none). */
export async function incomeByMonth(db: DB, today: string, months = 12): Promise<MonthIncome[]> {
  const from = monthStart(today, months - 1);
  const rows = await db
    .selectFrom("payments")
    // Grouped by the month's first day (cheaper than formatting each row), read from the partial covering index.
    .select([sql<string>`date_trunc('month', paid_on)::date::text`.as("month"), sql<string>`sum(amount_cents)::text`.as("cents")])
    .where("deleted_at", "is", null)
    .where("paid_on", ">=", sql<Date>`${from}::date`)
    .where("paid_on", "<=", sql<Date>`${today}::date`)
    .groupBy(sql`date_trunc('month', paid_on)`)
    .execute();
  const byMonth = new Map(rows.map((r) => [r.month.slice(0, 7), Number(r.cents)]));
  return Array.from({ length: months }, (_, i) => {
    const month = monthStart(today, months - 1 - i).slice(0, 7);
    const [y, m] = month.split("-").map(Number);
    const label = dateFormat("UTC", MONTH_LABEL).format(Date.UTC(y!, m! - 1, 1));
    const cents = byMonth.get(month) ?? 0;
    return { month, label, cents, amount: formatCents(cents) };
  });
}

/** The page's data, formatted here so the browser's hydration shows the same. */
export async function invoicesView(db: DB, query: ListQuery) {
  const today = invoiceToday();
  const [page, owed, income] = await Promise.all([listInvoices(db, query), owedFigures(db, today), incomeByMonth(db, today)]);
  const current = invoiceFilter(query);
  const link = (filter: InvoiceFilter | null, label: string) => ({
    label,
    href: invoicesHref(withFilter(INVOICES_LIST, query, "status", filter ?? "")),
    current: current === filter,
  });
  return {
    filter: current,
    q: query.q,
    filters: [link("unpaid", "Unpaid"), link("paid", "Paid"), link(null, "All")],
    total: page.total,
    invoices: page.rows.map((r) => {
      const status = r.status as InvoiceStatus;
      const totalCents = Number(r.total_cents);
      return {
        id: r.id,
        number: r.number,
        leadId: r.lead_id,
        customerId: r.customer_id,
        customer: r.name,
        status,
        total: formatCents(totalCents),
        due: formatCents(amountDue(status, totalCents, Number(r.paid_cents))),
        dueDate: r.due_date,
        overdue: isOverdue(status, r.due_date, today),
      };
    }),
    pager: listPager(INVOICES_PATH, INVOICES_LIST, query, page.total),
    outstanding: formatCents(owed.outstandingCents),
    overdue: owed.overdue,
    income,
  };
}

export type InvoicesView = Awaited<ReturnType<typeof invoicesView>>;

/** A lead's invoices for its page, newest first. */
export async function leadInvoices(db: DB, leadId: number) {
  const rows = await db
    .selectFrom("invoices")
    .select(["id", "number", "status", "total_cents", "paid_cents"])
    .where("lead_id", "=", leadId)
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => {
    const status = r.status as InvoiceStatus;
    return { id: r.id, number: r.number, status, total: formatCents(Number(r.total_cents)), due: formatCents(amountDue(status, Number(r.total_cents), Number(r.paid_cents))) };
  });
}
export type LeadInvoice = Awaited<ReturnType<typeof leadInvoices>>[number];
