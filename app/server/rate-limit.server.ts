import { sql } from "kysely";
import type { DB } from "./db.server";

export interface Limit {
  /** What is limited, e.g. "quote:ip". */
  bucket: string;
  max: number;
  windowMs: number;
}

/**
 * Records one hit for `key` and tells whether it is within the limit. Kept in
 * the database so the limit holds across processes and restarts. A refused hit
 * is not recorded, so a client that waits gets through again.
 */
export async function takeRateLimit(
  db: DB,
  limit: Limit,
  key: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number; hitId?: number }> {
  return db.transaction().execute(async (trx) => {
    // Serialise hits of one key so two concurrent requests cannot both take the last slot.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`${limit.bucket}:${key}`}))`.execute(trx);
    const { limited, retryAfterSeconds } = await rateLimited(trx, limit, key);
    if (limited) return { allowed: false, retryAfterSeconds };
    const hit = await trx.insertInto("rate_limit_hits").values({ bucket: limit.bucket, key }).returning("id").executeTakeFirstOrThrow();
    return { allowed: true, retryAfterSeconds: 0, hitId: Number(hit.id) };
  });
}

/**
 * Whether `key` is past the limit now, without recording a hit: for a limit
 * that counts only failures but, once reached, holds for everything the key
 * asks (the customers' pages, docs/decisions/0113).
 */
export async function rateLimited(db: DB, limit: Limit, key: string): Promise<{ limited: boolean; retryAfterSeconds: number }> {
  const recent = await db
    .selectFrom("rate_limit_hits")
    .select([sql<number>`count(*)`.as("count"), sql<Date | null>`min(created_at)`.as("oldest")])
    .where("bucket", "=", limit.bucket)
    .where("key", "=", key)
    .where("created_at", ">", new Date(Date.now() - limit.windowMs))
    .executeTakeFirstOrThrow();
  if (Number(recent.count) < limit.max) return { limited: false, retryAfterSeconds: 0 };
  // Until the oldest hit in the window leaves it.
  const oldest = recent.oldest ? new Date(recent.oldest).getTime() : Date.now();
  return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((oldest + limit.windowMs - Date.now()) / 1000)) };
}

/** Takes back hits recorded by takeRateLimit, for work that did not happen after all. */
export async function giveBackRateLimit(db: DB, hitIds: number[]): Promise<void> {
  if (hitIds.length) await db.deleteFrom("rate_limit_hits").where("id", "in", hitIds).execute();
}

/** Forgets every hit of `key` in the limit's bucket: the limit is met by other means (a wait no longer needed). */
export async function clearRateLimit(db: DB, limit: Limit, key: string): Promise<void> {
  await db.deleteFrom("rate_limit_hits").where("bucket", "=", limit.bucket).where("key", "=", key).execute();
}

/** Deletes hits older than a day (no limit has a longer window). */
export async function pruneRateLimitHits(db: DB): Promise<void> {
  await db.deleteFrom("rate_limit_hits").where("created_at", "<", new Date(Date.now() - 24 * 3600_000)).execute();
}
