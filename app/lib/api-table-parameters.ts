import { tableName, tableRow, type TableSet } from "./api-declaration";
import { MAX_LIMIT, MAX_PAGE, MAX_TERM, PAGE_SIZE } from "./list-query";

/**
 * The parameters the table routes under /api/tables and /api/admin/schemas
 * share, for their OpenAPI declarations (./api-declaration.ts).
 */

/** The path's table name: any registered table, or one that takes writes. */
export const tableParam = (tables: TableSet, name = "table") => ({
  name,
  in: "path",
  required: true,
  description: "A registered table's name (GET /api/admin/schemas lists them).",
  schema: tableName(tables),
});

export const idParam = { name: "id", in: "path", required: true, description: "The row's id.", schema: { type: "integer", minimum: 1 } };

/** The list's query (parseListQuery in app/lib/list-query/parse.ts, "api" mode); its limits are the parser's own constants. */
export const listParams = [
  { name: "page", in: "query", description: "1-based page number.", schema: { type: "integer", minimum: 1, maximum: MAX_PAGE, default: 1 } },
  {
    name: "limit",
    in: "query",
    description: `Rows per page (at most ${MAX_LIMIT}; more is capped).`,
    schema: { type: "integer", minimum: 1, default: PAGE_SIZE },
  },
  {
    name: "sort",
    in: "query",
    description: "`field:asc` or `field:desc`, a sortable column; the table's own order when absent.",
    schema: { type: "string", pattern: "^[a-z_][a-z0-9_]*:(asc|desc)$" },
  },
  {
    name: "q",
    in: "query",
    description: "Search: rows whose searchable columns contain this text (case-insensitive).",
    schema: { type: "string", maxLength: MAX_TERM },
  },
  {
    name: "contains",
    in: "query",
    style: "form",
    explode: true,
    description: "`{field}_contains=term`: rows whose text column `field` contains the term (case-insensitive); several must all hold.",
    schema: { type: "object", propertyNames: { pattern: "^[a-z_][a-z0-9_]*_contains$" }, additionalProperties: { type: "string", maxLength: MAX_TERM } },
  },
  {
    name: "filters",
    in: "query",
    style: "form",
    explode: true,
    description:
      "`{field}={value}`: rows whose enum column `field` equals `value` (one of its enum values), or whose boolean column is `true` or `false`; an empty value is no filter; several must all hold. Any other parameter name, a column that is neither enum nor boolean, a value outside the column's or a field given twice answers 400.",
    schema: { type: "object", additionalProperties: { type: "string" } },
  },
];

/** Any row of the named table, as the answers give it. */
export const rowOfTable = { ...tableRow("all"), description: "A row of the named table: components/schemas/{table}." };
