import { sql } from "kysely";
import type { DB } from "../db.server";
import { TRASH_KEEP_DAYS } from "./trash.server";

const DAY_MS = 24 * 3600_000;

/**
 * Deletes for good the trashed rows deleted more than `keepDays` before
 * `now` (a parameter, so a test can stand 30 days later). Any number of
 * processes may run it at once: each batch claims its rows with FOR UPDATE
 * SKIP LOCKED, so every row is purged by exactly one of them. Returns how
 * many rows this call purged. Their history goes with them, and that of the
 * dependent rows kept with them (a lead's events): a purged row's contents
 * must not stay readable in its history (?edit=ID&history=1), so that a
 * customer's data can be erased (docs/decisions/0078).
 */
export async function purgeTrash(
  db: DB,
  { now = new Date(), keepDays = TRASH_KEEP_DAYS, batch = 500 }: { now?: Date; keepDays?: number; batch?: number } = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * DAY_MS);
  let purged = 0;
  for (;;) {
    // One statement, so a row and its history go together or not at all.
    // Dependents kept as whole rows are under their table's name ("lead_events":
    // [rows…]); a "table.column" key holds only ids of rows that stay.
    const rows = await db
      .with("purged", (q) =>
        q
          .deleteFrom("trash")
          .where("id", "in", (eb) =>
            eb.selectFrom("trash").select("id").where("deleted_at", "<", cutoff).orderBy("deleted_at").limit(batch).forUpdate().skipLocked(),
          )
          .returning(["id", "table_name", "row_id", "dependents"]),
      )
      .with("gone", (q) =>
        q
          .selectFrom("purged")
          .select(["table_name", "row_id"])
          .unionAll(
            q
              .selectFrom([
                "purged",
                sql<{ key: string; value: unknown }>`jsonb_each(purged.dependents)`.as("kept"),
                sql<{ item: unknown }>`jsonb_array_elements(kept.value)`.as("item"),
              ])
              .select(["kept.key as table_name", sql<number>`(item->>'id')::bigint`.as("row_id")])
              .where(sql<boolean>`strpos(kept.key, '.') = 0`),
          ),
      )
      .with("forgotten", (q) =>
        q.deleteFrom("row_history").using("gone").whereRef("row_history.table_name", "=", "gone.table_name").whereRef("row_history.row_id", "=", "gone.row_id"),
      )
      .selectFrom("purged")
      .select("id")
      .execute();
    purged += rows.length;
    if (rows.length < batch) return purged;
  }
}
