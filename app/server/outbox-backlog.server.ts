import { sql } from "kysely";
import type { DB } from "./db.server";

export interface OutboxBacklog {
  /** E-mails neither sent nor given up. */
  waiting: number;
  /** Seconds since the oldest of them was queued; null when none waits. */
  oldestSeconds: number | null;
}

/**
 * How many e-mails wait and for how long, for /healthz (server/app.ts): one
 * query on the outbox's partial index of unsettled rows (email_outbox_due_idx),
 * counts and a time only, nothing about whom they are for.
 */
export async function outboxBacklog(db: DB): Promise<OutboxBacklog> {
  const row = await db
    .selectFrom("email_outbox")
    .select([
      sql<string>`count(*)`.as("waiting"),
      sql<number | null>`floor(extract(epoch from now() - min(created_at)))`.as("oldest_seconds"),
    ])
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting), oldestSeconds: row.oldest_seconds === null ? null : Number(row.oldest_seconds) };
}
