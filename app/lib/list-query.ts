import type { PropertySchema, SortOrder, TableSchema } from "./table-schema";

/**
 * The list query of an admin table — page, page size, sort and search — read
 * from a URL against the table's schema, and the rules that change it. One
 * module for both sides: the dashboard's loader and the table API parse with
 * it, the view builds every link and GET form from the query the loader hands
 * it, and the SQL reads the same object.
 *
 * Rules (react-admin's list reducer): sorting by the same column again toggles
 * asc/desc, a new column starts ascending, and changing the sort or the search
 * goes back to page 1. The URL leaves defaults out (page 1, the table's own
 * sort, no search), so it stays short and a link never carries a parameter
 * the parser refused.
 */

/** Rows per page: the dashboard's only page size and the API's default `limit`. */
export const PAGE_SIZE = 50;
/** The largest `limit` the API gives; a larger one is capped, not refused. */
export const MAX_LIMIT = 200;
const MAX_PAGE = 1_000_000;
const MAX_TERM = 200;

export interface ListQuery {
  /** 1-based. */
  page: number;
  /** Rows per page. */
  limit: number;
  /** The URL's sort, or the table's default when it names none. */
  sort: SortOrder;
  /** The search box (`q`): contained in any searchable column. Trimmed; "" for none. */
  q: string;
  /** The API's `{field}_contains=term` filters; each must hold. */
  contains: { field: string; term: string }[];
  /**
   * `{field}={value}` equality filters on enum and boolean columns (the
   * dashboard's filter menus, the API's `?status=new`), in the schema's
   * column order so a URL is built the same way each time; each must hold.
   */
  filters: ListFilter[];
}

/** One equality filter: a boolean column's true/false, or one of an enum column's values. */
export interface ListFilter {
  field: string;
  value: string | boolean;
}

/** Parameters of the list itself; any other API parameter names a column to filter by. */
const LIST_PARAMS = new Set(["page", "limit", "sort", "q"]);

/** Both read page, sort, q and `{field}={value}` filters; the API also limit and {field}_contains. */
export type ListQueryMode = "dashboard" | "api";

/**
 * A parsed URL. A refusal names the first parameter it cannot honour (the API
 * answers it with a 400, the dashboard shows it in its banner) and comes with
 * `fallback`: the query without the refused parameters, for links and forms.
 */
export type ListQueryResult = { ok: true; query: ListQuery } | { ok: false; error: string; fallback: ListQuery };

type ListTable = Pick<TableSchema, "properties" | "defaultSort">;

/** Page 1 in the table's own order, no search. */
export function defaultListQuery(table: ListTable): ListQuery {
  return { page: 1, limit: PAGE_SIZE, sort: table.defaultSort, q: "", contains: [], filters: [] };
}

export function parseListQuery(table: ListTable, params: URLSearchParams, mode: ListQueryMode): ListQueryResult {
  const query = defaultListQuery(table);
  const errors: string[] = [];
  const refuse = (error: string) => void errors.push(error);

  const page = wholeNumber(params.get("page"), "page");
  if (typeof page === "string") refuse(page);
  else if (page && page > MAX_PAGE) refuse(`page must be at most ${MAX_PAGE}`);
  else if (page) query.page = page;

  if (mode === "api") {
    const limit = wholeNumber(params.get("limit"), "limit");
    if (typeof limit === "string") refuse(limit);
    else if (limit) query.limit = Math.min(limit, MAX_LIMIT);
  }

  const sort = params.get("sort");
  if (sort) {
    const parsed = parseSort(table, sort);
    if (typeof parsed === "string") refuse(parsed);
    else query.sort = parsed;
  }

  if (mode === "api") {
    for (const [key, value] of params) {
      if (!key.endsWith("_contains")) continue;
      const field = key.slice(0, -"_contains".length);
      const term = value.trim();
      const column = table.properties[field];
      const error = !column
        ? `Unknown filter field: ${field}`
        : column.type !== "string"
          ? `${field} is not a text field and cannot be searched`
          : termError(term);
      if (error) refuse(error);
      else if (term) query.contains.push({ field, term });
    }
  }

  const q = (params.get("q") ?? "").trim();
  const qError = termError(q);
  if (qError) refuse(qError);
  else query.q = q;

  for (const field of new Set(params.keys())) {
    if (LIST_PARAMS.has(field) || field.endsWith("_contains")) continue;
    // The dashboard's URL also holds its dialog state (?edit=ID…): only a column's name is a filter there.
    if (mode === "dashboard" && !Object.hasOwn(table.properties, field)) continue;
    const values = params.getAll(field);
    const filter = values.length > 1 ? `${field} can be filtered by one value only` : parseFilter(table, field, values[0]!);
    if (typeof filter === "string") refuse(filter);
    else if (filter) query.filters.push(filter);
  }
  const order = Object.keys(table.properties);
  query.filters.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));

  return errors.length ? { ok: false, error: errors[0]!, fallback: query } : { ok: true, query };
}

/** A positive whole number, undefined when absent, or what is wrong with it. */
function wholeNumber(raw: string | null, name: string): number | undefined | string {
  if (raw === null || raw === "") return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) return `${name} must be a whole number from 1`;
  return Number(raw);
}

function parseSort(table: ListTable, raw: string): SortOrder | string {
  const [field = "", direction, ...rest] = raw.split(":");
  const column = table.properties[field];
  if (!column) return `Unknown sort field: ${field}`;
  if (!column.sortable) return `${field} cannot be sorted`;
  if ((direction !== "asc" && direction !== "desc") || rest.length) return "sort must be field:asc or field:desc";
  return { field, direction };
}

/** Whether the column can be filtered by equality: an enum (not a list) or a boolean. */
export function isFilterable(column: PropertySchema): boolean {
  return column.type === "boolean" || (column.enum !== undefined && column.type !== "array");
}

/** The filter a `field=value` parameter asks for; undefined for an empty value (no filter), or what is wrong. */
function parseFilter(table: ListTable, field: string, raw: string): ListFilter | undefined | string {
  const column = Object.hasOwn(table.properties, field) ? table.properties[field] : undefined;
  if (!column) return `Unknown filter field: ${field}`;
  if (!isFilterable(column)) return `${field} cannot be filtered: only enum and boolean columns can`;
  if (raw === "") return undefined;
  if (column.type === "boolean") {
    if (raw === "true" || raw === "false") return { field, value: raw === "true" };
    return `${field} must be true or false`;
  }
  if (!column.enum!.some((option) => String(option) === raw)) return `${field} must be one of: ${column.enum!.join(", ")}`;
  return { field, value: raw };
}

function termError(term: string): string | undefined {
  if (term.length > MAX_TERM) return `Search terms are at most ${MAX_TERM} characters`;
  // PostgreSQL text cannot hold NUL; and the export's COPY text is a C string, which a NUL would cut short.
  if (term.includes("\0")) return "Search terms cannot contain a NUL character";
  return undefined;
}

/**
 * What the rows must match: each group's term is contained (case-insensitively)
 * in at least one of its fields, and every group holds. `q` looks in every
 * searchable column; the same term given for several fields is one group.
 */
export function searchGroups(table: Pick<TableSchema, "properties">, query: ListQuery): { term: string; fields: string[] }[] {
  const groups = new Map<string, Set<string>>();
  const add = (term: string, field: string) => groups.set(term, (groups.get(term) ?? new Set()).add(field));
  for (const { field, term } of query.contains) add(term, field);
  if (query.q) for (const [field, column] of Object.entries(table.properties)) if (column.searchable) add(query.q, field);
  return [...groups].map(([term, fields]) => ({ term, fields: [...fields] }));
}

// ---------------------------------------------------------------- the URL

/** The URL form of a sort: `field:asc` or `field:desc`. */
export function formatSort(sort: SortOrder): string {
  return `${sort.field}:${sort.direction}`;
}

/** The dashboard's URL query for a list query, defaults left out. */
export function listSearchParams(table: ListTable, query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page > 1) params.set("page", String(query.page));
  if (formatSort(query.sort) !== formatSort(table.defaultSort)) params.set("sort", formatSort(query.sort));
  if (query.q) params.set("q", query.q);
  for (const { field, value } of query.filters) params.set(field, String(value));
  return params;
}

/** `?page=2&sort=…` or "": ready to append to a path. */
export function listSearch(table: ListTable, query: ListQuery): string {
  const search = listSearchParams(table, query).toString();
  return search ? `?${search}` : "";
}

// ---------------------------------------------------------------- the rules

/** Same column: flip the direction. New column: ascending. Either way: page 1. */
export function toggleSort(query: ListQuery, field: string): ListQuery {
  const direction = query.sort.field === field && query.sort.direction === "asc" ? "desc" : "asc";
  return { ...query, page: 1, sort: { field, direction } };
}

/** A new search text goes back to page 1; an unchanged one gives the same query. */
export function withSearch(query: ListQuery, q: string): ListQuery {
  const text = q.trim();
  return text === query.q ? query : { ...query, page: 1, q: text };
}

/** A filter changed ("" for none): page 1, the other filters kept. */
export function withFilter(table: ListTable, query: ListQuery, field: string, raw: string): ListQuery {
  const others = query.filters.filter((f) => f.field !== field);
  const parsed = parseFilter(table, field, raw);
  const filters = parsed && typeof parsed !== "string" ? [...others, parsed] : others;
  const order = Object.keys(table.properties);
  filters.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
  return { ...query, page: 1, filters };
}

/** The value a filter menu shows: "true", "false", an enum value, or "" for all. */
export function filterValue(query: ListQuery, field: string): string {
  const filter = query.filters.find((f) => f.field === field);
  return filter ? String(filter.value) : "";
}

export function withPage(query: ListQuery, page: number): ListQuery {
  return { ...query, page: Math.max(1, Math.floor(page)) };
}

/** The value of aria-sort for a column header. */
export function ariaSort(query: ListQuery, field: string): "ascending" | "descending" | "none" {
  if (query.sort.field !== field) return "none";
  return query.sort.direction === "asc" ? "ascending" : "descending";
}

export function pageCount(query: ListQuery, total: number): number {
  return Math.ceil(Math.max(0, total) / query.limit);
}

/**
 * What the pager shows: rows `from`–`to` of `total` on page `page` of `pages`.
 * `visible` is false below two pages (one page needs no pager).
 */
export function pagerInfo(query: ListQuery, total: number) {
  const { page, limit } = query;
  const pages = pageCount(query, total);
  return {
    page,
    pages,
    from: total === 0 ? 0 : Math.min((page - 1) * limit + 1, total),
    to: Math.min(page * limit, total),
    total,
    visible: pages >= 2,
    hasPrevious: page > 1,
    hasNext: page < pages,
  };
}
