import { sql, type RawBuilder } from "kysely";
import { escapeLiteral, type Pool as PgPool } from "pg";
import { csvLine } from "~/lib/csv";
import { isEmptyValue, validateRow, type ListResult, type TableRow } from "~/lib/table-schema";
import type { DB } from "../db.server";
import type { SessionUser } from "../session.server";
import { copyCsvStream } from "./csv-export.server";
import { tableSchema, writableColumns, type TableDef, type WriteCheck } from "./registry.server";

/**
 * Reading and writing the rows of registered admin tables. Every identifier in
 * the SQL below comes from the registry (sql.table / sql.ref on declared
 * names); the request only ever supplies values.
 */

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
const MAX_PAGE = 1_000_000;
const MAX_TERM = 200;
/**
 * Rows per keyset batch of the export on the embedded database. 10,000 or 20,000
 * were no faster there (within noise) but make any other request wait for the
 * batch in progress two or four times as long (bench/README.md, ADR 0044).
 */
const EXPORT_BATCH = 5000;
/** A row's JSON body: a rich-text field may be long (and embed data: images), still far below an upload. */
export const ROW_BODY_MAX_BYTES = 2 * 1024 * 1024;

export interface ListQuery {
  page: number;
  limit: number;
  sort: { field: string; direction: "asc" | "desc" };
  /** Each group: the term is contained (case-insensitively) in at least one of its fields. Groups all hold. */
  search: { term: string; fields: string[] }[];
}

const badRequest = (error: string, fields?: Record<string, string>) =>
  Response.json(fields ? { error, fields } : { error }, { status: 400 });
const notFound = () => Response.json({ error: "Row not found" }, { status: 404 });

function positiveInt(params: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = params.get(name);
  if (raw === null || raw === "") return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw badRequest(`${name} must be a whole number from 1`);
  return Math.min(Number(raw), max);
}

/**
 * The list query from the URL: page, limit (capped), sort=field:asc|desc and
 * {field}_contains=term for string fields (the same term on several fields
 * matches a row holding it in any of them). With searchParam, that one
 * parameter searches every searchable column (the dashboard's search box).
 * Throws a 400 JSON response for anything it cannot honour.
 */
export function parseListQuery(table: TableDef, params: URLSearchParams, options: { searchParam?: string } = {}): ListQuery {
  const page = positiveInt(params, "page", 1, MAX_PAGE);
  if (Number(params.get("page")) > MAX_PAGE) throw badRequest(`page must be at most ${MAX_PAGE}`);
  const limit = positiveInt(params, "limit", DEFAULT_LIMIT, MAX_LIMIT);

  let sort = table.defaultSort;
  const rawSort = params.get("sort");
  if (rawSort) {
    const [field = "", direction, ...rest] = rawSort.split(":");
    if (!table.columns[field]) throw badRequest(`Unknown sort field: ${field}`);
    if (!table.columns[field]!.sortable) throw badRequest(`${field} cannot be sorted`);
    if ((direction !== "asc" && direction !== "desc") || rest.length) {
      throw badRequest("sort must be field:asc or field:desc");
    }
    sort = { field, direction };
  }

  const groups = new Map<string, Set<string>>();
  const add = (term: string, field: string) => {
    if (term.length > MAX_TERM) throw badRequest(`Search terms are at most ${MAX_TERM} characters`);
    // PostgreSQL text cannot hold NUL; refused here rather than failing in the database.
    if (term.includes("\0")) throw badRequest("Search terms cannot contain a NUL character");
    if (!groups.has(term)) groups.set(term, new Set());
    groups.get(term)!.add(field);
  };
  for (const [key, value] of params) {
    if (!key.endsWith("_contains")) continue;
    const field = key.slice(0, -"_contains".length);
    const column = table.columns[field];
    if (!column) throw badRequest(`Unknown filter field: ${field}`);
    if (column.type !== "string") throw badRequest(`${field} is not a text field and cannot be searched`);
    if (value.trim()) add(value.trim(), field);
  }
  const q = options.searchParam ? params.get(options.searchParam)?.trim() : undefined;
  if (q) {
    for (const [field, column] of Object.entries(table.columns)) if (column.searchable) add(q, field);
  }
  return { page, limit, sort, search: [...groups].map(([term, fields]) => ({ term, fields: [...fields] })) };
}

// ---------------------------------------------------------------- reading

/** A column as the API returns it: dates as YYYY-MM-DD text (a JS Date would shift it by the time zone). */
function selectColumn(table: TableDef, name: string): RawBuilder<unknown> {
  const c = table.columns[name]!;
  if (c.read) return column(table, name);
  return c.format === "date" ? sql`${sql.ref(name)}::text` : sql.ref(name);
}

function selectList(table: TableDef): RawBuilder<unknown> {
  const columns = Object.keys(table.columns).filter((name) => name !== "id");
  return sql.join([sql.ref("id"), ...columns.map((name) => sql`${selectColumn(table, name)} AS ${sql.ref(name)}`)]);
}

/** How a value enters a query: as a bind parameter, except in a COPY, which takes none. */
type ValueSql = (value: string) => RawBuilder<unknown>;
const bound: ValueSql = (value) => sql`${value}`;

function whereClause(table: TableDef, query: ListQuery, extra: RawBuilder<unknown>[] = [], value = bound): RawBuilder<unknown> {
  const conditions = [
    ...query.search.map(({ term, fields }) => {
      const pattern = value(`%${term.replace(/[\\%_]/g, "\\$&")}%`);
      const tests = fields.map((f) =>
        table.columns[f]!.format?.startsWith("date") ? sql`${column(table, f)}::text ILIKE ${pattern}` : sql`${column(table, f)} ILIKE ${pattern}`,
      );
      return sql`(${sql.join(tests, sql` OR `)})`;
    }),
    ...extra,
  ];
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

/**
 * A column of the table itself. Qualified, because ORDER BY prefers an output
 * column of the same name (the export selects `created_at::text AS created_at`,
 * which would sort as text and bypass the index). A column with a `read`
 * expression is that expression, so lists, sorts and exports agree.
 */
function column(table: TableDef, name: string): RawBuilder<unknown> {
  const stored = (n: string) => sql.ref(`${table.name}.${n}`);
  const read = table.columns[name]?.read;
  return read ? read(stored) : stored(name);
}

/**
 * What a column sorts by. Text sorts case-insensitively ("alpha" before
 * "Charlie", whatever the database's collation), matching the
 * (lower(column), id) indexes of the admin-tables migration.
 */
function sortKey(table: TableDef, name: string): RawBuilder<unknown> {
  const c = table.columns[name]!;
  return c.type === "string" && !c.format?.startsWith("date") ? sql`lower(${column(table, name)})` : column(table, name);
}

function orderBy(table: TableDef, query: ListQuery): RawBuilder<unknown> {
  const dir = sql.raw(query.sort.direction === "desc" ? "DESC" : "ASC");
  const id = column(table, "id");
  // id breaks ties, so a page boundary never shows a row twice or skips one.
  return query.sort.field === "id" ? sql`ORDER BY ${id} ${dir}` : sql`ORDER BY ${sortKey(table, query.sort.field)} ${dir}, ${id} ${dir}`;
}

async function countRows(db: DB, table: TableDef, query: ListQuery): Promise<number> {
  if (!query.search.length && table.countedRows) {
    const counted = await db.selectFrom("row_counts").select("n").where("table_name", "=", table.name).executeTakeFirst();
    if (counted) return Number(counted.n);
  }
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table.name)} ${whereClause(table, query)}`.execute(db);
  return Number(rows[0]!.n);
}

/** One page of rows and the number of rows matching the query. */
export async function listRows(db: DB, table: TableDef, query: ListQuery): Promise<ListResult> {
  const [page, total] = await Promise.all([
    sql<TableRow>`SELECT ${selectList(table)} FROM ${sql.table(table.name)} ${whereClause(table, query)} ${orderBy(table, query)}
      LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`.execute(db),
    countRows(db, table, query),
  ]);
  return { rows: page.rows, total };
}

/**
 * A row id from the URL: a positive whole number, or a 404. Compared as bigint
 * in SQL (`= ${id}::bigint`), so an id past a serial column's range is simply
 * not found instead of an out-of-range error.
 */
function rowId(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw) || Number(raw) < 1 || Number(raw) > Number.MAX_SAFE_INTEGER) throw notFound();
  return Number(raw);
}

export async function getRow(db: DB, table: TableDef, id: string | undefined): Promise<TableRow> {
  const { rows } = await sql<TableRow>`SELECT ${selectList(table)} FROM ${sql.table(table.name)} WHERE id = ${rowId(id)}::bigint`.execute(db);
  if (!rows[0]) throw notFound();
  return rows[0];
}

// ---------------------------------------------------------------- writing

function refuseReadOnly(table: TableDef) {
  if (table.readOnly) throw Response.json({ error: `${table.title} is read-only` }, { status: 405 });
}

/** The table's own rules (TableDef.checkWrite): a refusal is a 409 naming the field at fault. */
async function checkWrite(db: DB, table: TableDef, check: WriteCheck): Promise<void> {
  const refusal = await table.checkWrite?.(db, check);
  if (!refusal) return;
  const body = refusal.field ? { error: refusal.error, fields: { [refusal.field]: refusal.error } } : { error: refusal.error };
  throw Response.json(body, { status: 409 });
}

function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw badRequest("The row must be a JSON object");
  return body as Record<string, unknown>;
}

/** Validates the row as it will be and gives the values to store for the given keys. */
function valuesToStore(table: TableDef, row: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  // Only the fields being written are checked: an edit of one field is not
  // refused for an older value elsewhere in the row.
  const fields = validateRow(tableSchema(table), row);
  for (const name of Object.keys(fields)) if (!keys.includes(name)) delete fields[name];
  if (Object.keys(fields).length) throw badRequest(Object.values(fields).join("; "), fields);
  const values: Record<string, unknown> = {};
  for (const name of keys) {
    const column = table.columns[name]!;
    let value = row[name];
    if (isEmptyValue(value)) value = column.nullable ? null : column.type === "string" ? "" : (column.default ?? null);
    if (value === null && !column.nullable) continue; // the column's own default applies
    values[name] = column.write && value !== null ? column.write(value) : value;
  }
  return values;
}

/** Turns a constraint violation into the 400 a person can act on; anything else is a real error. */
async function storing<T>(table: TableDef, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const e = error as { code?: string; detail?: string; constraint?: string };
    if (e.code === "23505") {
      const column = /Key \(([a-z_]+)\)/.exec(e.detail ?? "")?.[1] ?? "";
      const title = table.columns[column]?.title ?? "This value";
      throw badRequest(`${title} is already in use`, column ? { [column]: `${title} is already in use` } : undefined);
    }
    if (e.code === "23503") throw Response.json({ error: "Other records still refer to this row" }, { status: 409 });
    // Check and range violations the validator does not know about (e.g. a date PostgreSQL rejects).
    if (e.code?.startsWith("22") || e.code?.startsWith("23")) throw badRequest("The row was refused by the database");
    throw error;
  }
}

/** Adds a row; `actor` is the administrator asking, for the table's own rules. */
export async function createRow(db: DB, table: TableDef, body: unknown, actor: SessionUser): Promise<TableRow> {
  refuseReadOnly(table);
  const input = bodyObject(body);
  const writable = writableColumns(table);
  const row: Record<string, unknown> = {};
  for (const [name, column] of writable) row[name] = name in input ? input[name] : column.default;
  const values = valuesToStore(table, row, writable.map(([name]) => name));
  const given = Object.fromEntries(Object.entries(values).filter(([name]) => name in input));
  await checkWrite(db, table, { action: "create", values: given, actor });
  const names = Object.keys(values);
  const insert = names.length
    ? sql`INSERT INTO ${sql.table(table.name)} (${sql.join(names.map((n) => sql.ref(n)))}) VALUES (${sql.join(names.map((n) => values[n]))})`
    : sql`INSERT INTO ${sql.table(table.name)} DEFAULT VALUES`;
  return storing(table, async () => {
    const { rows } = await sql<TableRow>`${insert} RETURNING ${selectList(table)}`.execute(db);
    return rows[0]!;
  });
}

/** Changes the writable fields the body carries; the others keep their values. */
export async function updateRow(db: DB, table: TableDef, id: string | undefined, body: unknown, actor: SessionUser): Promise<TableRow> {
  refuseReadOnly(table);
  const input = bodyObject(body);
  const existing = await getRow(db, table, id);
  const keys = writableColumns(table)
    .map(([name]) => name)
    .filter((name) => name in input);
  const values = valuesToStore(table, { ...existing, ...Object.fromEntries(keys.map((k) => [k, input[k]])) }, keys);
  await checkWrite(db, table, { action: "update", id: Number(existing.id), values, actor });
  const sets = Object.keys(values).map((n) => sql`${sql.ref(n)} = ${values[n]}`);
  if (table.columns.updated_at) sets.push(sql`updated_at = now()`);
  if (!sets.length) return existing;
  return storing(table, async () => {
    const { rows } = await sql<TableRow>`UPDATE ${sql.table(table.name)} SET ${sql.join(sets)} WHERE id = ${existing.id}
      RETURNING ${selectList(table)}`.execute(db);
    if (!rows[0]) throw notFound();
    return rows[0];
  });
}

export async function deleteRow(db: DB, table: TableDef, id: string | undefined, actor: SessionUser): Promise<void> {
  refuseReadOnly(table);
  const key = rowId(id);
  await checkWrite(db, table, { action: "delete", id: key, actor });
  await storing(table, async () => {
    const { rows } = await sql`DELETE FROM ${sql.table(table.name)} WHERE id = ${key}::bigint RETURNING id`.execute(db);
    if (!rows.length) throw notFound();
  });
}

// ---------------------------------------------------------------- export

/** A cell that a spreadsheet would run as a formula, by the rule of csvCell in ~/lib/csv. */
function formulaStart(value: RawBuilder<unknown>): RawBuilder<boolean> {
  // PostgreSQL's regular expressions read \t, \r and \n themselves; the hyphen
  // goes first in the bracket, where it cannot form a range ("+\-@" would span the digits).
  return sql<boolean>`${value} ~ '^[-=+@\t\r]'`;
}

/**
 * One CSV cell computed by PostgreSQL, by the rules of csvCell in ~/lib/csv
 * (formula starts prefixed with a single quote; quoted when holding a quote,
 * comma or line break), for the embedded database's batches: a row then
 * crosses the wire as one ready line. tests/integration/admin-export.test.ts
 * checks that both give the same bytes.
 */
function csvCellSql(value: RawBuilder<unknown>): RawBuilder<string> {
  const prefix = sql`CASE WHEN ${formulaStart(value)} THEN '''' ELSE '' END`;
  return sql<string>`CASE WHEN ${value} IS NULL THEN ''
    WHEN ${value} ~ '[",\r\n]' THEN '"' || ${prefix} || replace(${value}, '"', '""') || '"'
    ELSE ${prefix} || ${value} END`;
}

/**
 * A cell for COPY's CSV format, which does the quoting itself (when a value
 * holds a comma, a quote or a line break, as csvCell does) but writes NULL as
 * an empty field and an empty string as "". csvCell writes both as an empty
 * field, so NULL becomes '' here and COPY's NULL marker is a tab (COPY_CSV),
 * which no cell can equal: a cell starting with a tab gets its quote prefix.
 */
function copyCellSql(value: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`CASE WHEN ${formulaStart(value)} THEN '''' || ${value} ELSE coalesce(${value}, '') END`;
}
const COPY_CSV = "WITH (FORMAT csv, NULL E'\\t')";

/**
 * Every row matching the query (not one page), in the query's order, as CSV
 * (RFC 4180, ~/lib/csv) with a header row, streamed.
 *
 * On a PostgreSQL server (pass its pool, db.server's serverPool()): one COPY of
 * the whole query on a connection of its own (./csv-export.server.ts), a single
 * snapshot at PostgreSQL's own speed. COPY takes no bind parameters, so the
 * search terms are inlined as escaped literals (pg's escapeLiteral).
 *
 * On the embedded database, whose one connection every other request needs
 * (and whose COPY would buffer the whole result): batches by keyset pagination
 * on (sort key, id), which the sort indexes serve, so memory stays at one batch
 * and nothing is held while the client downloads. A row changed during a long
 * export shows as it is when its batch is read.
 */
export function exportCsv(db: DB, table: TableDef, query: ListQuery, serverPool?: PgPool): ReadableStream<Uint8Array> {
  // Search terms hold no NUL (parseListQuery refuses them), which matters here:
  // the text of a COPY is a C string in the protocol, where a NUL would cut it short.
  const names = Object.keys(table.columns);
  const header = new TextEncoder().encode(csvLine(names));
  // With a single column COPY would also quote a value "\." (its end-of-data marker).
  if (serverPool && names.length > 1) return copyCsvStream(serverPool, copyQuery(db, table, query), header);
  return keysetCsvStream(db, table, query, header);
}

function copyQuery(db: DB, table: TableDef, query: ListQuery): string {
  const literal: ValueSql = (value) => sql.raw(escapeLiteral(value));
  const cells = sql.join(Object.keys(table.columns).map((n) => copyCellSql(sql`${column(table, n)}::text`)));
  const select = sql`SELECT ${cells} FROM ${sql.table(table.name)} ${whereClause(table, query, [], literal)} ${orderBy(table, query)}`.compile(db);
  if (select.parameters.length) throw new Error("A COPY query cannot have bind parameters");
  return `COPY (${select.sql}) TO STDOUT ${COPY_CSV}`;
}

function keysetCsvStream(db: DB, table: TableDef, query: ListQuery, header: Uint8Array): ReadableStream<Uint8Array> {
  const { field, direction } = query.sort;
  const encoder = new TextEncoder();
  const line = sql.join(
    Object.keys(table.columns).map((n) => csvCellSql(sql`${column(table, n)}::text`)),
    sql` || ',' || `,
  );
  const dir = sql.raw(direction === "desc" ? "<" : ">");
  let after: { key: string; id: number } | null = null;

  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(header);
    },
    async pull(controller) {
      const keyset: RawBuilder<unknown>[] = [];
      if (after) {
        keyset.push(
          field === "id"
            ? sql`${column(table, "id")} ${dir} ${after.id}`
            : sql`(${sortKey(table, field)}, ${column(table, "id")}) ${dir} (${after.key}, ${after.id})`,
        );
      }
      const { rows } = await sql<{ line: string; key: string; id: number }>`
        SELECT ${line} AS line, ${sortKey(table, field)}::text AS key, ${column(table, "id")} AS id
        FROM ${sql.table(table.name)} ${whereClause(table, query, keyset)} ${orderBy(table, query)}
        LIMIT ${EXPORT_BATCH}`.execute(db);
      if (rows.length) {
        let chunk = "";
        for (const row of rows) chunk += `${row.line}\r\n`;
        controller.enqueue(encoder.encode(chunk));
        const last = rows[rows.length - 1]!;
        after = { key: last.key, id: Number(last.id) };
      }
      if (rows.length < EXPORT_BATCH) controller.close();
    },
  });
}
