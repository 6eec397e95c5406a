import { Migrator, type MigrationProvider } from "kysely";
import { migrations } from "../../db/migrations";
import type { DB } from "./db.server";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Applies pending migrations under Kysely's migration lock, so several
 * processes may start at once. Throws with the failing migration's name.
 */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const { error, results = [] } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results.find((r) => r.status === "Error");
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
}
