import { defaultListQuery, isFilterable, MAX_LIMIT, sortFilters, type ListFilter, type ListQuery, type ListSpec } from "./spec";
import type { SortOrder } from "../table-schema";

/**
 * A list's URL read against its spec: page, sort, search and filters, or a
 * clear refusal. The dashboard's tables, their API, the leads inbox and the
 * public lists all read their URL here, so a bad `page` or `sort` is refused
 * the same way everywhere: a 400 with the message in the API, the message in
 * a page's banner (never a 500).
 */

/** The largest `page`; the API's declaration (api-table-parameters.ts) states it. */
export const MAX_PAGE = 1_000_000;
/** The longest search term (`q`, `{field}_contains`). */
export const MAX_TERM = 200;

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

export function parseListQuery(spec: ListSpec, params: URLSearchParams, mode: ListQueryMode = "dashboard"): ListQueryResult {
  const query = defaultListQuery(spec);
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
    const parsed = parseSort(spec, sort);
    if (typeof parsed === "string") refuse(parsed);
    else query.sort = parsed;
  }

  if (mode === "api") {
    for (const [key, value] of params) {
      if (!key.endsWith("_contains")) continue;
      const field = key.slice(0, -"_contains".length);
      const term = value.trim();
      const column = spec.properties[field];
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
    if (mode === "dashboard" && !Object.hasOwn(spec.properties, field)) continue;
    const values = params.getAll(field);
    const filter = values.length > 1 ? `${field} can be filtered by one value only` : parseFilter(spec, field, values[0]!);
    if (typeof filter === "string") refuse(filter);
    else if (filter) query.filters.push(filter);
  }
  sortFilters(spec, query.filters);

  return errors.length ? { ok: false, error: errors[0]!, fallback: query } : { ok: true, query };
}

/** A positive whole number, undefined when absent, or what is wrong with it. */
function wholeNumber(raw: string | null, name: string): number | undefined | string {
  if (raw === null || raw === "") return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) return `${name} must be a whole number from 1`;
  return Number(raw);
}

function parseSort(spec: ListSpec, raw: string): SortOrder | string {
  const [field = "", direction, ...rest] = raw.split(":");
  const column = Object.hasOwn(spec.properties, field) ? spec.properties[field] : undefined;
  if (!column) return `Unknown sort field: ${field}`;
  if (!column.sortable) return `${field} cannot be sorted`;
  if ((direction !== "asc" && direction !== "desc") || rest.length) return "sort must be field:asc or field:desc";
  return { field, direction };
}

/** The filter a `field=value` parameter asks for; undefined for an empty value (no filter), or what is wrong. */
export function parseFilter(spec: ListSpec, field: string, raw: string): ListFilter | undefined | string {
  const column = Object.hasOwn(spec.properties, field) ? spec.properties[field] : undefined;
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
