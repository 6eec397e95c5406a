import { sql, type RawBuilder } from "kysely";
import { searchGroups, type ListFilter, type ListQuery } from "~/lib/list-query";
import { tableSchema } from "./registry.server";
import type { TableDef } from "./table-def.server";

/**
 * The SQL pieces the row list, the row reads and writes and the export share.
 * Every identifier comes from the registry (sql.table / sql.ref on declared
 * names); the request only ever supplies values.
 */

/** How a value enters a query: as a bind parameter, except in a COPY, which takes none. */
export type ValueSql = (value: string) => RawBuilder<unknown>;
const bound: ValueSql = (value) => sql`${value}`;

/**
 * A column of the table itself. Qualified, because ORDER BY prefers an output
 * column of the same name (the export selects `created_at::text AS created_at`,
 * which would sort as text and bypass the index). A column with a `read`
 * expression is that expression, so lists, sorts and exports agree.
 */
export function column(table: TableDef, name: string): RawBuilder<unknown> {
  const stored = (n: string) => sql.ref(`${table.name}.${n}`);
  const read = table.columns[name]?.read;
  return read ? read(stored) : stored(name);
}

/** A column as the API returns it: dates as YYYY-MM-DD text (a JS Date would shift it by the time zone). */
function selectColumn(table: TableDef, name: string): RawBuilder<unknown> {
  const c = table.columns[name]!;
  if (c.read) return column(table, name);
  return c.format === "date" ? sql`${sql.ref(name)}::text` : sql.ref(name);
}

/** The select list of a row: the id, then every declared column under its own name. */
export function selectList(table: TableDef): RawBuilder<unknown> {
  const columns = Object.keys(table.columns).filter((name) => name !== "id");
  return sql.join([sql.ref("id"), ...columns.map((name) => sql`${selectColumn(table, name)} AS ${sql.ref(name)}`)]);
}

/** The query's search (and any `extra` conditions) as a WHERE clause; empty when there is none. */
export function whereClause(table: TableDef, query: ListQuery, extra: RawBuilder<unknown>[] = [], value = bound): RawBuilder<unknown> {
  const conditions = [
    ...searchGroups(tableSchema(table), query).map(({ term, fields }) => {
      const pattern = value(`%${term.replace(/[\\%_]/g, "\\$&")}%`);
      const tests = fields.map((f) => sql`${searchedText(table, f)} ILIKE ${pattern}`);
      return sql`(${sql.join(tests, sql` OR `)})`;
    }),
    ...query.filters.map((filter) => filterCondition(table, filter, value)),
    ...extra,
  ];
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

/**
 * The text a search looks in: dates as their text, rich text without its tags
 * (a search for "strong" should not find every guide with bold words).
 * Literals only, as the export's COPY takes no parameters.
 */
function searchedText(table: TableDef, name: string): RawBuilder<unknown> {
  const c = table.columns[name]!;
  if (c.format?.startsWith("date")) return sql`${column(table, name)}::text`;
  if (c.format === "rich_text") return sql`regexp_replace(${column(table, name)}, '<[^>]*>', ' ', 'g')`;
  return column(table, name);
}

/**
 * An equality filter (list-query's `{field}={value}`, already checked against
 * the column: true/false for a boolean, one of the enum's values). Booleans and
 * numbers are written as literals, which the COPY of the export needs anyway.
 */
function filterCondition(table: TableDef, { field, value: wanted }: ListFilter, value: ValueSql): RawBuilder<unknown> {
  const c = table.columns[field]!;
  if (typeof wanted === "boolean") return sql`${column(table, field)} = ${sql.raw(wanted ? "TRUE" : "FALSE")}`;
  if (c.type === "number" || c.type === "integer") {
    const n = Number(wanted);
    if (!Number.isFinite(n)) throw new Error(`Filter on ${field}: ${wanted} is not a number`);
    return sql`${column(table, field)} = ${sql.raw(String(n))}`;
  }
  return sql`${column(table, field)} = ${value(wanted)}`;
}

/**
 * What a column sorts by. Text sorts case-insensitively ("alpha" before
 * "Charlie", whatever the database's collation), matching the
 * (lower(column), id) indexes of the admin-tables migration.
 */
export function sortKey(table: TableDef, name: string): RawBuilder<unknown> {
  const c = table.columns[name]!;
  return c.type === "string" && !c.format?.startsWith("date") ? sql`lower(${column(table, name)})` : column(table, name);
}

export function orderBy(table: TableDef, query: ListQuery): RawBuilder<unknown> {
  const dir = sql.raw(query.sort.direction === "desc" ? "DESC" : "ASC");
  const id = column(table, "id");
  // id breaks ties, so a page boundary never shows a row twice or skips one.
  return query.sort.field === "id" ? sql`ORDER BY ${id} ${dir}` : sql`ORDER BY ${sortKey(table, query.sort.field)} ${dir}, ${id} ${dir}`;
}
