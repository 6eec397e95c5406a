import { seedContent } from "../../db/seed";
import { openDatabase, type OpenDatabase } from "./db.server";
import { env } from "./env.server";
import { migrateToLatest } from "./migrate.server";
import { loadSharedSessionSecret } from "./session-secret.server";
import { logFor } from "./log.server";

// Above the database module, not in it: the migrations and the seed take the
// database it opens, so they import it, and it must not import them (docs/decisions/0069).

/**
 * The app's database from DATABASE_URL / DATA_DIR, ready to serve: pending
 * migrations applied (under Kysely's migration lock, so several processes may
 * start at once) and the first-start content seeded once in the database's
 * life. What every server does before its first request, whichever server it
 * is (server.js, or react-router dev through the root middleware).
 */
export async function openAppDatabase(): Promise<OpenDatabase> {
  const database = openDatabase();
  try {
    const applied = await migrateToLatest(database.db);
    // Names as a field: the message scrub would take a long migration name for a token.
    if (applied.length) logFor("db").info({ migrations: applied }, "Applied migrations");
    await seedContent(database.db);
    // Every process on a server shares the secret kept in it (docs/decisions/0038).
    if (database.kind === "server" && !env().SESSION_SECRET) await loadSharedSessionSecret(database.db, env().DATABASE_URL!);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
