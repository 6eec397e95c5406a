import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { stopBackgroundJobs } from "~/server/background.server";
import { openDatabase, type DB, type OpenDatabase } from "~/server/db.server";
import { reloadEnv } from "~/server/env.server";
import { migrateToLatest } from "~/server/migrate.server";
import { loadSharedSessionSecret } from "~/server/session-secret.server";
import { createTestDatabase, type TestDatabase } from "./database";

/**
 * Gives the calling test file its own migrated database (embedded in memory,
 * or a fresh one on TEST_DATABASE_URL's server; not seeded) and a fresh
 * DATA_DIR, with `extraEnv` set. Call at the top level of a test file; read
 * `.db` in tests and hooks (after beforeAll), and pass it to what you call
 * (routeContext for routes).
 */
export function useTestDatabase(extraEnv: Record<string, string | undefined> = {}) {
  let testDb: TestDatabase | undefined;
  let opened: OpenDatabase | undefined;
  beforeAll(async () => {
    // On the server, a copy of the migrated template; on the embedded database, see memoryFrom below.
    testDb = await createTestDatabase();
    Object.assign(process.env, {
      DATABASE_URL: testDb.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "gr-detail-test-")),
      ...extraEnv,
    });
    for (const [k, v] of Object.entries(extraEnv)) if (v === undefined) delete process.env[k];
    const settings = reloadEnv();
    const template = inject("embeddedTemplate");
    opened = openDatabase({ url: settings.DATABASE_URL, dataDir: settings.DATA_DIR, memoryFrom: template ? new Blob([readFileSync(template)]) : undefined });
    await migrateToLatest(opened.db);
    // As openAppDatabase does: on a server the cookie secret is the database's.
    if (opened.kind === "server" && !settings.SESSION_SECRET) await loadSharedSessionSecret(opened.db, settings.DATABASE_URL!);
  });
  afterAll(async () => {
    // Work the tests started in the background (the outbox a quote kicks) must
    // finish first, or it would run on the database this file is about to drop.
    await stopBackgroundJobs();
    await opened?.close();
    await testDb?.drop();
  });
  const ready = () => {
    if (!opened) throw new Error("useTestDatabase(): the database opens in beforeAll; read it inside a test or hook");
    return opened;
  };
  return {
    get db(): DB {
      return ready().db;
    },
    /** The database as opened (for what takes an OpenDatabase: the background loop). */
    get opened(): OpenDatabase {
      return ready();
    },
    /** The PostgreSQL server's pool (undefined on the embedded database). */
    get serverPool() {
      return ready().serverPool;
    },
  };
}
