import { parseFilter } from "./parse";
import { sortFilters, type ListQuery, type ListSpec } from "./spec";

/**
 * How a list query changes (react-admin's list reducer): sorting by the same
 * column again toggles asc/desc, a new column starts ascending, and changing
 * the sort, the search or a filter goes back to page 1.
 */

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
export function withFilter(spec: ListSpec, query: ListQuery, field: string, raw: string): ListQuery {
  const others = query.filters.filter((f) => f.field !== field);
  const parsed = parseFilter(spec, field, raw);
  const filters = parsed && typeof parsed !== "string" ? [...others, parsed] : others;
  return { ...query, page: 1, filters: sortFilters(spec, filters) };
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
