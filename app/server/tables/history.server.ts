import { sql } from "kysely";
import type { HistoryEntry } from "~/lib/row-history";
import { shownActor } from "../actor.server";
import { notFound } from "../app-error.server";
import type { DB } from "../db.server";
import { writableColumns } from "./registry.server";
import type { TableDef } from "./table-def.server";

/**
 * A row's history, as the database's triggers record it
 * (db/migrations/2026-11-24-01-trash-history.ts, docs/decisions/0078): every
 * create, update, delete, restore and revert, whoever made it and however.
 */

/** Names the kind of change the triggers record for the rest of the transaction (see the migration). */
export async function markChange(trx: DB, change: "restore" | "revert"): Promise<void> {
  await sql`SELECT set_config('app.change', ${change}, true)`.execute(trx);
}

export const HISTORY_LIMIT = 100;

/** The history entries of one row. */
function ofRow(db: DB, table: TableDef, id: number) {
  return db.selectFrom("row_history").where("table_name", "=", table.name).where("row_id", "=", id);
}

/** The row's latest changes, newest first (the row may be deleted: its history stays). */
export async function rowHistory(db: DB, table: TableDef, id: number, limit = HISTORY_LIMIT): Promise<HistoryEntry[]> {
  const rows = await ofRow(db, table, id)
    .select(["id", "op", shownActor("row_history").as("actor"), "at", "before", "after"])
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    op: r.op,
    actor: r.actor,
    at: r.at.toISOString(),
    changes: Object.keys(table.columns)
      .filter((field) => field !== "id" && ((r.before && field in r.before) || (r.after && field in r.after)))
      .map((field) => ({ field, before: r.before?.[field] ?? null, after: r.after?.[field] ?? null })),
  }));
}

/**
 * The writable fields of the row as they were right after history entry
 * `versionId`: the row as it is now, with each later change undone (its
 * `before` values laid over, newest first). A 404 for an entry that is not
 * this row's, or that is its delete (no version follows a delete).
 */
export async function versionValues(db: DB, table: TableDef, id: number, versionId: number): Promise<Record<string, unknown>> {
  const target = await ofRow(db, table, id).select("op").where("id", "=", versionId).executeTakeFirst();
  if (!target || target.op === "delete") throw notFound("Version not found");
  const { rows: current } = await sql<{ row: Record<string, unknown> }>`SELECT to_jsonb(t) AS row FROM ${sql.table(table.name)} t
    WHERE id = ${id}::bigint`.execute(db);
  if (!current[0]) throw notFound("Row not found");
  const later = await ofRow(db, table, id)
    .select("before")
    // Compared in the database: `at` has microseconds, a Date only milliseconds.
    .where(sql<boolean>`(at, id) > (${ofRow(db, table, id).select(["at", "id"]).where("id", "=", versionId)})`)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .execute();
  const state = { ...current[0].row };
  for (const { before } of later) Object.assign(state, before ?? {});
  return Object.fromEntries(writableColumns(table).map(([name]) => [name, state[name]]));
}
