/**
 * The admin table view's list state — page, sort and search — and the rules
 * that change it. The state lives in the URL (/admin/{table}?page=&sort=&q=),
 * so these are pure functions from one query string to the next: the screen
 * builds its links and GET forms from them, the loader reads the same URL.
 *
 * The rules (product spec §4, react-admin's list reducer): sorting by the same
 * column again toggles asc/desc, a new column starts ascending, and changing
 * the sort or the search goes back to page 1.
 */

export const PAGE_SIZE = 50;

export type SortDirection = "asc" | "desc";

export interface SortState {
  field: string;
  direction: SortDirection;
}

export interface ListState {
  /** 1-based. */
  page: number;
  sort: SortState | null;
  /** The search text, trimmed; "" for none. */
  q: string;
}

export const initialListState: ListState = { page: 1, sort: null, q: "" };

/** `field:asc` / `field:desc` → SortState; anything else → null. */
export function parseSort(value: string | null | undefined): SortState | null {
  const match = /^([A-Za-z_][A-Za-z0-9_]*):(asc|desc)$/.exec(value ?? "");
  return match ? { field: match[1]!, direction: match[2] as SortDirection } : null;
}

export function formatSort(sort: SortState): string {
  return `${sort.field}:${sort.direction}`;
}

/** Reads the list state from a URL query; malformed values fall back to the defaults. */
export function readListState(params: URLSearchParams): ListState {
  const page = Number(params.get("page"));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: parseSort(params.get("sort")),
    q: (params.get("q") ?? "").trim(),
  };
}

/** The query for a list state, leaving out defaults so URLs stay short. */
export function listSearchParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 1) params.set("page", String(state.page));
  if (state.sort) params.set("sort", formatSort(state.sort));
  if (state.q) params.set("q", state.q);
  return params;
}

/** `?page=2&sort=…` or "" — ready to append to a path. */
export function listSearch(state: ListState): string {
  const query = listSearchParams(state).toString();
  return query ? `?${query}` : "";
}

/** Same column: flip the direction. New column: ascending. Either way: page 1. */
export function toggleSort(state: ListState, field: string): ListState {
  const direction: SortDirection = state.sort?.field === field && state.sort.direction === "asc" ? "desc" : "asc";
  return { ...state, page: 1, sort: { field, direction } };
}

/** A new search text goes back to page 1 (an unchanged one keeps the page). */
export function withSearch(state: ListState, q: string): ListState {
  const text = q.trim();
  return text === state.q ? state : { ...state, page: 1, q: text };
}

export function withPage(state: ListState, page: number): ListState {
  return { ...state, page: Math.max(1, Math.floor(page)) };
}

/** The value of aria-sort for a column header. */
export function ariaSort(state: ListState, field: string): "ascending" | "descending" | "none" {
  if (state.sort?.field !== field) return "none";
  return state.sort.direction === "asc" ? "ascending" : "descending";
}

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.ceil(Math.max(0, total) / pageSize);
}

/**
 * What the pager shows: rows `from`–`to` of `total` on page `page` of `pages`.
 * `visible` is false below two pages (the spec shows no pager then).
 */
export function pagerInfo(page: number, total: number, pageSize = PAGE_SIZE) {
  const pages = pageCount(total, pageSize);
  const from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return {
    page,
    pages,
    from,
    to,
    total,
    visible: pages >= 2,
    hasPrevious: page > 1,
    hasNext: page < pages,
  };
}

/**
 * The admin API's form of the same view, for the CSV export:
 * `sort=field:dir` and `{field}_contains=q` for each searchable field.
 */
export function apiQuery(state: ListState, searchFields: readonly string[]): URLSearchParams {
  const params = new URLSearchParams();
  if (state.sort) params.set("sort", formatSort(state.sort));
  if (state.q) for (const field of searchFields) params.set(`${field}_contains`, state.q);
  return params;
}
