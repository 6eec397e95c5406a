import type { DB } from "../db.server";

/**
 * The times Weather Days hold for their customers (docs/decisions/0144)
 * whose 48 hours ran out: marked released (hold_busy NULL, which holds
 * nothing: the free times offer the time to everyone, and the exclusion
 * constraint lets it be held again). Run by every process's background loop
 * (../background.server.ts) and by a Weather Day before it holds times
 * (./weather-day.server.ts). One UPDATE: two processes at once release each
 * once (the second finds it released). Returns how many were released.
 */
export async function releaseRunOutWeatherHolds(db: DB, now: Date = new Date()): Promise<number> {
  const released = await db
    .updateTable("weather_rebookings")
    .set({ hold_busy: null })
    .where("hold_busy", "is not", null)
    .where("held_until", "<=", now)
    .executeTakeFirst();
  return Number(released.numUpdatedRows);
}
