import type { PropertyType, SortOrder } from "../table-schema";

/**
 * What a list is: the columns its URL may sort, search and filter by, its own
 * order and its page size. Every list declares one and reads its URL with
 * parseListQuery (./parse.ts): each admin table (its TableSchema is a
 * ListSpec), the leads inbox, the public care guides, and the lists to come.
 */

/** Rows per page when a list names none: the dashboard's tables and the API's default `limit`. */
export const PAGE_SIZE = 50;
/** The largest `limit` the API gives; a larger one is capped, not refused. */
export const MAX_LIMIT = 200;

/** One column as the list query sees it (an admin table's PropertySchema is one). */
export interface ListField {
  type: PropertyType;
  /**
   * The column's values. An enum column (not a list of values) or a boolean
   * one can be filtered by equality: `?status=new`, `?published=true`.
   */
  enum?: readonly (string | number)[];
  /** `?sort=field:asc|desc` may name it (the column is indexed). */
  sortable?: boolean;
  /** `?q=` looks in it. */
  searchable?: boolean;
}

export interface ListSpec {
  properties: Record<string, ListField>;
  /** The order when the URL names none; its column need not be sortable from the URL. */
  defaultSort: SortOrder;
  /** Rows per page; PAGE_SIZE when absent. */
  pageSize?: number;
}

export interface ListQuery {
  /** 1-based. */
  page: number;
  /** Rows per page. */
  limit: number;
  /** The URL's sort, or the list's default when it names none. */
  sort: SortOrder;
  /** The search box (`q`). Trimmed; "" for none. */
  q: string;
  /** The API's `{field}_contains=term` filters; each must hold. */
  contains: { field: string; term: string }[];
  /**
   * `{field}={value}` equality filters on enum and boolean columns (the
   * filter menus and links, the API's `?status=new`), in the spec's column
   * order so a URL is built the same way each time; each must hold.
   */
  filters: ListFilter[];
}

/** One equality filter: a boolean column's true/false, or one of an enum column's values. */
export interface ListFilter {
  field: string;
  value: string | boolean;
}

/** Page 1 in the list's own order, no search, no filter. */
export function defaultListQuery(spec: ListSpec): ListQuery {
  return { page: 1, limit: spec.pageSize ?? PAGE_SIZE, sort: spec.defaultSort, q: "", contains: [], filters: [] };
}

/** Whether the column can be filtered by equality: an enum (not a list) or a boolean. */
export function isFilterable(column: ListField): boolean {
  return column.type === "boolean" || (column.enum !== undefined && column.type !== "array");
}

/** The columns' order, which filters keep. */
export function sortFilters(spec: ListSpec, filters: ListFilter[]): ListFilter[] {
  const order = Object.keys(spec.properties);
  return filters.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
}
