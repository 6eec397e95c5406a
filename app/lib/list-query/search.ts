import type { ListQuery, ListSpec } from "./spec";

/**
 * What the rows must match: each group's term is contained (case-insensitively)
 * in at least one of its fields, and every group holds. `q` looks in every
 * searchable column; the same term given for several fields is one group.
 */
export function searchGroups(spec: Pick<ListSpec, "properties">, query: ListQuery): { term: string; fields: string[] }[] {
  const groups = new Map<string, Set<string>>();
  const add = (term: string, field: string) => groups.set(term, (groups.get(term) ?? new Set()).add(field));
  for (const { field, term } of query.contains) add(term, field);
  if (query.q) for (const [field, column] of Object.entries(spec.properties)) if (column.searchable) add(query.q, field);
  return [...groups].map(([term, fields]) => ({ term, fields: [...fields] }));
}
