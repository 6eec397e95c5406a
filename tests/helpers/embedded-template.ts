import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/server/db.server";
import { migrateToLatest } from "~/server/migrate.server";

declare module "vitest" {
  interface ProvidedContext {
    /** A migrated embedded database, dumped (uncompressed tarball): "" on the PostgreSQL server. */
    embeddedTemplate: string;
  }
}

/**
 * Vitest's globalSetup: on the embedded database, each test file's own
 * database (./test-database-lifecycle.ts) starts as a copy of one migrated
 * once here. PGlite makes an empty cluster in 1.5-2.5 s (initdb), a copy in
 * about 0.35 s; over a hundred files that is minutes of a CI run. The
 * migrations still run in every file (finding nothing to do) and from empty
 * in the tests of the migrations themselves.
 */
export async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("embeddedTemplate", "");
    return () => {};
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
  return () => rmSync(dir, { recursive: true, force: true });
}
