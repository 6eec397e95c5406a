import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { stopBackgroundJobs } from "~/server/background.server";
import { allowDatabaseReopen, closeDatabase, db } from "~/server/db.server";
import { reloadEnv } from "~/server/env.server";
import { migrateToLatest } from "~/server/migrate.server";
import { createTestDatabase, type TestDatabase } from "./database";

/**
 * Gives the calling test file its own migrated database (embedded, or a fresh
 * one on TEST_DATABASE_URL's server) as the app's `db()`, and a fresh DATA_DIR.
 * Call at the top level of an integration test file.
 */
export function useTestDatabase(extraEnv: Record<string, string | undefined> = {}) {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    Object.assign(process.env, {
      DATABASE_URL: testDb.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "gr-detail-test-")),
      ...extraEnv,
    });
    for (const [k, v] of Object.entries(extraEnv)) if (v === undefined) delete process.env[k];
    reloadEnv();
    allowDatabaseReopen();
    await migrateToLatest(db());
  });
  afterAll(async () => {
    // Work the tests started in the background (the outbox a quote kicks) must
    // finish first, or it would reopen the database this file is about to drop.
    await stopBackgroundJobs();
    await closeDatabase();
    await testDb?.drop();
  });
}
