import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/server/db.server";
import { migrateToLatest } from "~/server/migrate.server";
import { createTestDatabase, type TestDatabase } from "./database";

declare module "vitest" {
  interface ProvidedContext {
    /** A migrated embedded database, dumped (uncompressed tarball): "" on the PostgreSQL server. */
    embeddedTemplate: string;
  }
}

/**
 * Vitest's globalSetup (docs/decisions/0093): each test file's own database
 * (./test-database-lifecycle.ts) starts as a copy of one migrated once here.
 * On the embedded database PGlite makes an empty cluster in 1.5-2.5 s
 * (initdb), a copy in about 0.35 s; on the PostgreSQL server the fifty-odd
 * migrations take 1-3 s, a copy of a migrated database a fifth of that. Over
 * a hundred files that is minutes of a CI run. The migrations still run in
 * every file (finding nothing to do), and from empty in the tests of the
 * migrations themselves and in the servers spawned on the embedded database.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) {
    const template = await migratedServerTemplate();
    project.provide("embeddedTemplate", "");
    return () => template.drop();
  }
  const dir = mkdtempSync(path.join(tmpdir(), "gr-detail-template-"));
  const opened = openDatabase({ url: "", dataDir: dir });
  try {
    await migrateToLatest(opened.db);
    const file = path.join(dir, "template.tar");
    writeFileSync(file, Buffer.from(await (await opened.dumpDataDir!("none")).arrayBuffer()));
    project.provide("embeddedTemplate", file);
  } finally {
    await opened.close();
  }
  return async () => rmSync(dir, { recursive: true, force: true });
}

/**
 * A migrated database on TEST_DATABASE_URL's server, named in
 * TEST_SERVER_TEMPLATE for what this process starts after it (the test
 * workers, and the servers they spawn: ./database.ts copies it). Vitest's
 * setup above and Playwright's (tests/e2e/global-setup.ts) both make one.
 */
export async function migratedServerTemplate(): Promise<TestDatabase> {
  const template = await createTestDatabase({ empty: true });
  const opened = openDatabase({ url: template.url, dataDir: tmpdir() });
  try {
    await migrateToLatest(opened.db);
  } finally {
    // A template nobody is connected to: CREATE DATABASE … TEMPLATE refuses one in use.
    await opened.close();
  }
  process.env.TEST_SERVER_TEMPLATE = new URL(template.url).pathname.slice(1);
  return template;
}
