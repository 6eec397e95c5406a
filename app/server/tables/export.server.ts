import { sql, type RawBuilder } from "kysely";
import { escapeLiteral, type Pool as PgPool } from "pg";
import { csvLine, UTF8_BOM } from "~/lib/csv";
import type { ListQuery } from "~/lib/list-query";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { copyCsvStream } from "./copy-stream.server";
import { pulledCsvStream } from "./csv-stream.server";
import { column, orderBy, sortKey, whereClause, type ValueSql } from "./rows-sql.server";
import type { TableDef } from "./table-def.server";

/**
 * Rows per keyset batch of the export on the embedded database. 10,000 or 20,000
 * were no faster there (within noise) but make any other request wait for the
 * batch in progress two or four times as long (bench/README.md, ADR 0044).
 */
const EXPORT_BATCH = 5000;

/**
 * Every row matching the query (not one page), in the query's order, as CSV
 * (RFC 4180, ~/lib/csv) with a header row, streamed.
 *
 * On a PostgreSQL server (pass its pool, db.server's serverPoolOf(db)): one COPY of
 * the whole query on a connection of its own (./copy-stream.server.ts), a single
 * snapshot at PostgreSQL's own speed. COPY takes no bind parameters, so the
 * search terms are inlined as escaped literals (pg's escapeLiteral).
 *
 * On the embedded database, whose one connection every other request needs
 * (and whose COPY would buffer the whole result): batches by keyset pagination
 * on (sort key, id), which the sort indexes serve, so memory stays at one batch
 * and nothing is held while the client downloads. A row changed during a long
 * export shows as it is when its batch is read.
 *
 * For spreadsheets (ADR 0045): the file starts with a UTF-8 byte order mark, and
 * times are ISO 8601 in the business's time zone with its offset
 * (2026-11-22T18:04:02.229-05:00), the instant the grid shows.
 */
export function exportCsv(
  db: DB,
  table: TableDef,
  query: ListQuery,
  serverPool?: PgPool,
  timeZone: string = env().BUSINESS_TIME_ZONE,
): ReadableStream<Uint8Array> {
  // Search terms hold no NUL (the list query refuses them), which matters here:
  // the text of a COPY is a C string in the protocol, where a NUL would cut it short.
  const names = Object.keys(table.columns);
  const header = new TextEncoder().encode(UTF8_BOM + csvLine(names));
  // With a single column COPY would also quote a value "\." (its end-of-data marker).
  if (serverPool && names.length > 1) return copyCsvStream(serverPool, copyQuery(db, table, query, timeZone), header);
  return keysetCsvStream(db, table, query, header, timeZone);
}

/**
 * A timestamptz as ISO 8601 in `zone` with that zone's offset at that instant,
 * as isoInTimeZone (~/lib/csv) writes it; NULL stays NULL. The offset is the
 * difference between the local and the UTC wall-clock times, in whole seconds.
 */
function isoInZoneSql(value: RawBuilder<unknown>, zone: RawBuilder<unknown>): RawBuilder<string> {
  const seconds = sql`extract(epoch FROM (${value} AT TIME ZONE ${zone}) - (${value} AT TIME ZONE 'UTC'))::int`;
  return sql<string>`to_char(${value} AT TIME ZONE ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS.MS')
    || CASE WHEN ${seconds} < 0 THEN '-' ELSE '+' END
    || lpad((abs(${seconds}) / 3600)::text, 2, '0') || ':' || lpad((abs(${seconds}) % 3600 / 60)::text, 2, '0')`;
}

/**
 * A column's cell in the export, `cell` applying the CSV rules to its text.
 * A time is ISO 8601 in the business's zone: digits, "-", ":", "T", "." and "+",
 * starting with a digit, so neither quoting nor the formula prefix can apply
 * and it is written as it is (computing it once, not once per rule).
 */
function exportCell(table: TableDef, name: string, zone: RawBuilder<unknown>, cell: (text: RawBuilder<unknown>) => RawBuilder<string>) {
  const value = column(table, name);
  return table.columns[name]!.format === "date-time" ? sql<string>`coalesce(${isoInZoneSql(value, zone)}, '')` : cell(sql`${value}::text`);
}

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

function copyQuery(db: DB, table: TableDef, query: ListQuery, timeZone: string): string {
  const literal: ValueSql = (value) => sql.raw(escapeLiteral(value));
  const zone = literal(timeZone);
  const cells = sql.join(Object.keys(table.columns).map((n) => exportCell(table, n, zone, copyCellSql)));
  const select = sql`SELECT ${cells} FROM ${sql.table(table.name)} ${whereClause(table, query, [], literal)} ${orderBy(table, query)}`.compile(db);
  if (select.parameters.length) throw new Error("A COPY query cannot have bind parameters");
  return `COPY (${select.sql}) TO STDOUT ${COPY_CSV}`;
}

function keysetCsvStream(db: DB, table: TableDef, query: ListQuery, header: Uint8Array, timeZone: string): ReadableStream<Uint8Array> {
  const { field, direction } = query.sort;
  const zone = sql`${timeZone}::text`;
  const line = sql.join(
    Object.keys(table.columns).map((n) => exportCell(table, n, zone, csvCellSql)),
    sql` || ',' || `,
  );
  const dir = sql.raw(direction === "desc" ? "<" : ">");
  let after: { key: string; id: number } | null = null;
  let done = false;

  return pulledCsvStream(header, async () => {
    if (done) return undefined;
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
    done = rows.length < EXPORT_BATCH;
    if (!rows.length) return undefined;
    const last = rows[rows.length - 1]!;
    after = { key: last.key, id: Number(last.id) };
    return rows.map((row) => `${row.line}\r\n`).join("");
  });
}
