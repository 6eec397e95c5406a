import { ESTIMATE_STATUS_TITLES, ESTIMATE_STATUSES, type EstimateStatus } from "~/lib/estimate-status";
import { ariaSort, listHref, listPager, toggleSort, withFilter, type ListQuery } from "~/lib/list-query";
import { formatCents } from "~/lib/money";
import type { DB } from "../db.server";
import { ESTIMATES_LIST, estimateStatusFilter, listEstimatePage } from "./estimates-list.server";

/**
 * What /admin/estimates shows, built on the server: the page of estimates,
 * the status filter links with their counts, the column headers' sort links
 * and the pager, every link built from the one list query (lib/list-query),
 * so the page works without JavaScript.
 */

export const ESTIMATES_PATH = "/admin/estimates";

export const estimatesHref = (query: ListQuery) => listHref(ESTIMATES_PATH, ESTIMATES_LIST, query);

/** The sortable columns' headers, in the table's order. */
const SORTABLE = [
  { field: "number", label: "Estimate" },
  { field: "customer", label: "Customer" },
  { field: "total_cents", label: "Total" },
  { field: "valid_until", label: "Valid Until" },
] as const;

export async function estimatesView(db: DB, query: ListQuery) {
  const page = await listEstimatePage(db, query);
  const status = estimateStatusFilter(query);
  return {
    status,
    q: query.q,
    total: page.total,
    rows: page.rows.map((r) => ({ ...r, total: formatCents(r.totalCents) })),
    filters: statusFilters(query, page.counts),
    sorts: Object.fromEntries(
      SORTABLE.map(({ field, label }) => [field, { label, href: estimatesHref(toggleSort(query, field)), ariaSort: ariaSort(query, field) }]),
    ) as Record<(typeof SORTABLE)[number]["field"], { label: string; href: string; ariaSort: ReturnType<typeof ariaSort> }>,
    /** The sort the search form keeps, when not the default. */
    sort: query.sort.field === ESTIMATES_LIST.defaultSort.field && query.sort.direction === ESTIMATES_LIST.defaultSort.direction ? "" : `${query.sort.field}:${query.sort.direction}`,
    pager: listPager(ESTIMATES_PATH, ESTIMATES_LIST, query, page.total),
  };
}

/** All (12), Draft (3), … Expired (0): counts of the current search, each link back on page 1. */
function statusFilters(query: ListQuery, counts: Record<EstimateStatus, number>) {
  const current = estimateStatusFilter(query);
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  const link = (status: EstimateStatus | null, label: string) => ({
    label,
    href: estimatesHref(withFilter(ESTIMATES_LIST, query, "status", status ?? "")),
    current: current === status,
  });
  return [link(null, `All (${all})`), ...ESTIMATE_STATUSES.map((s) => link(s, `${ESTIMATE_STATUS_TITLES[s]} (${counts[s]})`))];
}

export type EstimatesView = Awaited<ReturnType<typeof estimatesView>>;
