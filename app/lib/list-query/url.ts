import type { SortOrder } from "../table-schema";
import type { ListQuery, ListSpec } from "./spec";

/**
 * A list query back into its URL. The URL leaves defaults out (page 1, the
 * list's own sort, no search, no filter), so it stays short and a link never
 * carries a parameter the parser refused. Every link, redirect and GET form of
 * a list is built here; parseListQuery reads the result back unchanged.
 */

/** The URL form of a sort: `field:asc` or `field:desc`. */
export function formatSort(sort: SortOrder): string {
  return `${sort.field}:${sort.direction}`;
}

/** The URL query of a list query, defaults left out: page, sort, q, then the filters in column order. */
export function listSearchParams(spec: ListSpec, query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page > 1) params.set("page", String(query.page));
  if (formatSort(query.sort) !== formatSort(spec.defaultSort)) params.set("sort", formatSort(query.sort));
  if (query.q) params.set("q", query.q);
  for (const { field, value } of query.filters) params.set(field, String(value));
  return params;
}

/** `?page=2&sort=…` or "": ready to append to a path. */
export function listSearch(spec: ListSpec, query: ListQuery): string {
  const search = listSearchParams(spec, query).toString();
  return search ? `?${search}` : "";
}

/** The list's page at `path` showing this query: `/admin/leads?q=boat&status=new`. */
export function listHref(path: string, spec: ListSpec, query: ListQuery): string {
  return `${path}${listSearch(spec, query)}`;
}
