import { sql } from "kysely";
import type { ListQuery } from "~/lib/list-query";
import { isEmptyValue, validateRow, type TableRow } from "~/lib/table-schema";
import { asActor } from "../actor.server";
import { requirePermission } from "../auth/permissions.server";
import { AppError, badRequest, methodNotAllowed, notFound } from "../app-error.server";
import { tableRowCount } from "../counters.server";
import type { DB } from "../db.server";
import type { SessionUser } from "../session.server";
import { markChange, versionValues } from "./history.server";
import { tableSchema, writableColumns } from "./registry.server";
import { orderBy, selectList, whereClause } from "./rows-sql.server";
import type { TableDef, WriteCheck } from "./table-def.server";
import { moveToTrash, putBackFromTrash } from "./trash.server";

/**
 * Reading and writing the rows of registered admin tables (SQL pieces in
 * ./rows-sql.server.ts, the CSV export in ./export.server.ts). Refusals are
 * AppErrors: 400 for invalid input, 404 for a missing row, 405 for a read-only
 * table, 409 for a table's own rules or rows still referring to this one.
 * Every write runs inside asActor: the history triggers
 * (db/migrations/2026-11-24-01-trash-history.ts) record who made it.
 */

/** A row's JSON body: a rich-text field may be long (and embed data: images), still far below an upload. */
export const ROW_BODY_MAX_BYTES = 2 * 1024 * 1024;

const rowNotFound = () => notFound("Row not found");

async function countRows(db: DB, table: TableDef, query: ListQuery, where = whereClause(table, query)): Promise<number> {
  if (!query.q && !query.contains.length && !query.filters.length && table.countedRows) return tableRowCount(db, table.name);
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table.name)} ${where}`.execute(db);
  return Number(rows[0]!.n);
}

/** One page of rows and the number of rows matching the query. */
export async function listRows(db: DB, table: TableDef, query: ListQuery): Promise<{ rows: TableRow[]; total: number }> {
  const where = whereClause(table, query);
  const [page, total] = await Promise.all([
    sql<TableRow>`SELECT ${selectList(table)} FROM ${sql.table(table.name)} ${where} ${orderBy(table, query)}
      LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`.execute(db),
    countRows(db, table, query, where),
  ]);
  return { rows: page.rows, total };
}

/**
 * A row id from the URL: a positive whole number, or a 404. Compared as bigint
 * in SQL (`= ${id}::bigint`), so an id past a serial column's range is simply
 * not found instead of an out-of-range error.
 */
export function rowId(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw) || Number(raw) < 1 || Number(raw) > Number.MAX_SAFE_INTEGER) throw rowNotFound();
  return Number(raw);
}

export async function getRow(db: DB, table: TableDef, id: string | undefined): Promise<TableRow> {
  const { rows } = await sql<TableRow>`SELECT ${selectList(table)} FROM ${sql.table(table.name)} WHERE id = ${rowId(id)}::bigint`.execute(db);
  if (!rows[0]) throw rowNotFound();
  return rows[0];
}

// ---------------------------------------------------------------- writing

function refuseReadOnly(table: TableDef) {
  if (table.readOnly) throw methodNotAllowed("GET", `${table.title} is read-only`);
}

/** The table's own rules (TableDef.checkWrite): a refusal is a 409 naming the field at fault. */
async function checkWrite(db: DB, table: TableDef, check: WriteCheck): Promise<void> {
  const refusal = await table.checkWrite?.(db, check);
  if (!refusal) return;
  throw new AppError(409, refusal.error, { fields: refusal.field ? { [refusal.field]: refusal.error } : undefined });
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
  // What only the server can check, and the columns stored beside a value (a phone's number).
  const refused: Record<string, string> = {};
  for (const name of keys) {
    const companions = table.columns[name]!.companions?.(values[name] ?? "");
    if (companions && "error" in companions) refused[name] = companions.error as string;
    else Object.assign(values, companions);
  }
  if (Object.keys(refused).length) throw badRequest(Object.values(refused).join("; "), refused);
  return values;
}

/** Turns a constraint violation into the refusal a person can act on; anything else is a real error. */
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
    if (e.code === "23503") throw new AppError(409, "Other records still refer to this row");
    // Only a restore can meet it: a deleted lead's job whose time was booked since (docs/decisions/0083).
    if (e.code === "23P01") throw new AppError(409, "A job of this row overlaps a job booked since it was deleted. Cancel or move one of them, then restore.");
    // Check and range violations the validator does not know about (e.g. a date PostgreSQL rejects).
    if (e.code?.startsWith("22") || e.code?.startsWith("23")) throw badRequest("The row was refused by the database");
    throw error;
  }
}

/** Adds a row; `actor` is the administrator asking, for the table's own rules. */
export async function createRow(db: DB, table: TableDef, body: unknown, actor: SessionUser): Promise<TableRow> {
  requirePermission(actor, "tables.manage");
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
  return storing(table, () =>
    asActor(db, actor, async (trx) => {
      const { rows } = await sql<TableRow>`${insert} RETURNING ${selectList(table)}`.execute(trx);
      return rows[0]!;
    }),
  );
}

/**
 * Changes the writable fields the body carries; the others keep their values.
 * `change: "revert"` records it in the history as an earlier version restored.
 */
export async function updateRow(
  db: DB,
  table: TableDef,
  id: string | undefined,
  body: unknown,
  actor: SessionUser,
  options: { change?: "revert" } = {},
): Promise<TableRow> {
  return (await updateRowIfChanged(db, table, id, body, actor, options)).row;
}

/**
 * updateRow, saying whether the row changed. A row whose fields already hold
 * the body's values is not written at all (no updated_at, no history entry, no
 * trigger), so re-importing an export counts and touches only what differs.
 */
export async function updateRowIfChanged(
  db: DB,
  table: TableDef,
  id: string | undefined,
  body: unknown,
  actor: SessionUser,
  { change }: { change?: "revert" } = {},
): Promise<{ row: TableRow; changed: boolean }> {
  requirePermission(actor, "tables.manage");
  refuseReadOnly(table);
  const input = bodyObject(body);
  const existing = await getRow(db, table, id);
  const keys = writableColumns(table)
    .map(([name]) => name)
    .filter((name) => name in input);
  const values = valuesToStore(table, { ...existing, ...Object.fromEntries(keys.map((k) => [k, input[k]])) }, keys);
  await checkWrite(db, table, { action: "update", id: Number(existing.id), values, actor });
  const names = Object.keys(values);
  if (!names.length) return { row: existing, changed: false };
  const sets = names.map((n) => sql`${sql.ref(n)} = ${values[n]}`);
  if (table.columns.updated_at) sets.push(sql`updated_at = now()`);
  // Compared by the database, in each column's own type (a number, a time, a
  // boolean as the column holds it), not as the text the request carried.
  const differs = sql.join(
    names.map((n) => sql`${sql.ref(n)} IS DISTINCT FROM ${values[n]}`),
    sql` OR `,
  );
  return storing(table, () =>
    // As the administrator: a trigger that records the change (a lead's status
    // history, db/migrations/2026-11-23-01-leads.ts) names who made it.
    asActor(db, actor, async (trx) => {
      if (change) await markChange(trx, change);
      const { rows } = await sql<TableRow>`UPDATE ${sql.table(table.name)} SET ${sql.join(sets)}
        WHERE id = ${existing.id} AND (${differs}) RETURNING ${selectList(table)}`.execute(trx);
      if (rows[0]) return { row: rows[0], changed: true };
      // Nothing differed, unless the row went meanwhile.
      return { row: await getRow(trx, table, String(existing.id)), changed: false };
    }),
  );
}

/** Moves the row to the trash (./trash.server.ts), from where restoreRow can bring it back for 30 days. */
export async function deleteRow(db: DB, table: TableDef, id: string | undefined, actor: SessionUser): Promise<void> {
  requirePermission(actor, "tables.manage");
  refuseReadOnly(table);
  const key = rowId(id);
  await checkWrite(db, table, { action: "delete", id: key, actor });
  await storing(table, () =>
    asActor(db, actor, async (trx) => {
      if (!(await moveToTrash(trx, table, key, actor))) throw rowNotFound();
    }),
  );
}

/**
 * Brings a deleted row back from the trash, under its own id and with what
 * its delete removed. A 404 when neither the trash nor the table has the row,
 * a 409 when it was never deleted (or is already back); a value another row
 * took meanwhile is refused like any duplicate.
 */
export async function restoreRow(db: DB, table: TableDef, id: string | undefined, actor: SessionUser): Promise<TableRow> {
  requirePermission(actor, "tables.manage");
  refuseReadOnly(table);
  const key = rowId(id);
  return storing(table, () =>
    asActor(db, actor, async (trx) => {
      await markChange(trx, "restore");
      if (!(await putBackFromTrash(trx, table, key))) {
        const { rows } = await sql`SELECT 1 FROM ${sql.table(table.name)} WHERE id = ${key}::bigint`.execute(trx);
        if (rows.length) throw new AppError(409, "This row is not deleted");
        throw notFound("No deleted row with this id");
      }
      const { rows } = await sql<TableRow>`SELECT ${selectList(table)} FROM ${sql.table(table.name)} WHERE id = ${key}::bigint`.execute(trx);
      return rows[0]!;
    }),
  );
}

/** Restores the row's writable fields as they were after history entry `versionId` (recorded as a revert). */
export async function restoreVersion(
  db: DB,
  table: TableDef,
  id: string | undefined,
  versionId: string | undefined,
  actor: SessionUser,
): Promise<TableRow> {
  refuseReadOnly(table);
  const key = rowId(id);
  if (!versionId || !/^\d{1,15}$/.test(versionId)) throw notFound("Version not found");
  const values = await versionValues(db, table, key, Number(versionId));
  return updateRow(db, table, String(key), values, actor, { change: "revert" });
}
