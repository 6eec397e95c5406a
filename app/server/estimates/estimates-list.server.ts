import { sql, type RawBuilder } from "kysely";
import { ESTIMATE_STATUSES, isEstimateStatus, shownStatus, type EstimateStatus } from "~/lib/estimate-status";
import { filterValue, type ListQuery, type ListSpec } from "~/lib/list-query";
import { customersWithWord } from "../customers/customer-list.server";
import type { DB } from "../db.server";
import { businessToday } from "../time-zone.server";

/**
 * /admin/estimates as a list (lib/list-query): `?status=` filters by the
 * status as shown (a sent one past its Valid Until day is Expired), `?q=`
 * searches the customer's name and e-mail and the estimate's number, `?sort=`
 * orders by number, customer, total or Valid Until, `?page=` pages.
 */

export const ESTIMATES_PAGE_SIZE = 25;

export const ESTIMATES_LIST: ListSpec = {
  properties: {
    number: { type: "integer", sortable: true },
    customer: { type: "string", sortable: true, searchable: true },
    email: { type: "string", searchable: true },
    status: { type: "string", enum: ESTIMATE_STATUSES },
    total_cents: { type: "integer", sortable: true },
    valid_until: { type: "string", sortable: true },
  },
  // Numbers are given in sequence, so the highest is the newest.
  defaultSort: { field: "number", direction: "desc" },
  pageSize: ESTIMATES_PAGE_SIZE,
};

/** The ORDER BY expression of each sortable field; the number breaks ties (it is unique). */
const SORT_COLUMNS: Record<string, RawBuilder<unknown>> = {
  number: sql`e.number`,
  customer: sql`lower(c.name)`,
  total_cents: sql`e.total_cents`,
  valid_until: sql`e.valid_until`,
};

/** The status the query filters by; null for all. */
export function estimateStatusFilter(query: ListQuery): EstimateStatus | null {
  const status = filterValue(query, "status");
  return isEstimateStatus(status) ? status : null;
}

export interface EstimateListRow {
  id: number;
  number: number;
  leadId: number | null;
  customerId: number;
  customer: string;
  email: string;
  status: EstimateStatus;
  totalCents: number;
  validUntil: string;
}

export interface EstimateListPage {
  rows: EstimateListRow[];
  /** Estimates matching the search, per shown status (every status present). */
  counts: Record<EstimateStatus, number>;
  /** Estimates matching the search and the status filter. */
  total: number;
}

/** The status as shown, in SQL: the same rule as shownStatus (lib/estimate-status). */
const shown = (today: string) =>
  sql<string>`CASE WHEN e.status IN ('sent', 'viewed') AND e.valid_until < ${today}::date THEN 'expired' ELSE e.status END`;

/**
 * Every word must be in the customer's name or e-mail, or be the estimate's
 * number ("1001" or "#1001"). LIKE's wildcards in a word are taken literally.
 */
function searchCondition(q: string): RawBuilder<unknown> | undefined {
  const words = q.split(/\s+/).filter(Boolean);
  if (!words.length) return undefined;
  return sql.join(
    words.map((word) => {
      const number = /^#?(\d{1,9})$/.exec(word)?.[1];
      const text = sql`e.customer_id IN ${customersWithWord(word)}`;
      return number ? sql`(${text} OR e.number = ${Number(number)})` : text;
    }),
    sql` AND `,
  );
}

function where(conditions: (RawBuilder<unknown> | undefined)[]): RawBuilder<unknown> {
  const present = conditions.filter((c): c is RawBuilder<unknown> => c !== undefined);
  return present.length ? sql`WHERE ${sql.join(present, sql` AND `)}` : sql``;
}

export async function listEstimatePage(db: DB, query: ListQuery): Promise<EstimateListPage> {
  const today = businessToday();
  const search = searchCondition(query.q);
  const filter = estimateStatusFilter(query);
  const status = filter ? sql`${shown(today)} = ${filter}` : undefined;
  const sortColumn = SORT_COLUMNS[query.sort.field] ?? SORT_COLUMNS.number!;
  const direction = query.sort.direction === "asc" ? sql`ASC` : sql`DESC`;
  const from = sql`FROM estimates e JOIN customers c ON c.id = e.customer_id`;
  const [page, grouped] = await Promise.all([
    sql<{ id: number; number: number; lead_id: number | null; customer_id: number; name: string; email: string; status: EstimateStatus; total_cents: string | number; valid_until: string }>`
      SELECT e.id, e.number, e.lead_id, e.customer_id, c.name, c.email, e.status, e.total_cents, e.valid_until::text AS valid_until
      ${from} ${where([status, search])}
      ORDER BY ${sortColumn} ${direction}, e.number ${direction}
      LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`.execute(db),
    sql<{ shown: string; n: string | number }>`SELECT ${shown(today)} AS shown, count(*) AS n ${from} ${where([search])} GROUP BY 1`.execute(db),
  ]);
  const counts = Object.fromEntries(ESTIMATE_STATUSES.map((s) => [s, 0])) as Record<EstimateStatus, number>;
  for (const row of grouped.rows) if (isEstimateStatus(row.shown)) counts[row.shown] = Number(row.n);
  const total = filter ? counts[filter] : Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    rows: page.rows.map((r) => ({
      id: r.id,
      number: r.number,
      leadId: r.lead_id,
      customerId: r.customer_id,
      customer: r.name,
      email: r.email,
      status: shownStatus(r.status, r.valid_until, today),
      totalCents: Number(r.total_cents),
      validUntil: r.valid_until,
    })),
    counts,
    total,
  };
}
