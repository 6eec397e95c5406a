import { sql } from "kysely";
import type { DB } from "../db.server";
import { TRASH_KEEP_DAYS } from "./trash.server";

const DAY_MS = 24 * 3600_000;

/**
 * Deletes for good the trashed rows deleted more than `keepDays` before
 * `now` (a parameter, so a test can stand 30 days later). Any number of
 * processes may run it at once: each batch claims its rows with FOR UPDATE
 * SKIP LOCKED, so every row is purged by exactly one of them. Returns how
 * many rows this call purged. Their history stays (it records the delete).
 */
export async function purgeTrash(
  db: DB,
  { now = new Date(), keepDays = TRASH_KEEP_DAYS, batch = 500 }: { now?: Date; keepDays?: number; batch?: number } = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * DAY_MS);
  let purged = 0;
  for (;;) {
    const { rows } = await sql<{ id: string }>`DELETE FROM trash WHERE id IN (
        SELECT id FROM trash WHERE deleted_at < ${cutoff} ORDER BY deleted_at LIMIT ${batch} FOR UPDATE SKIP LOCKED
      ) RETURNING id`.execute(db);
    purged += rows.length;
    if (rows.length < batch) return purged;
  }
}
