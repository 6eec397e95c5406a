/**
 * npm run db:types
 *
 * Migrates a throw-away embedded database (in memory) and writes what it
 * gives: db/schema-types.ts, the Kysely types of every table, and
 * db/schema.sql, a description of the schema for review
 * (docs/decisions/0068). Run it after adding or changing a migration;
 * tests/integration/schema-types.test.ts fails while either file is stale.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../app/server/db.server";
import { migrateToLatest } from "../app/server/migrate.server";
import { schemaFiles } from "./lib/schema-files";
import { runScript } from "./lib/embedded";

const root = path.resolve(import.meta.dirname, "..");

runScript(async () => {
  const started = performance.now();
  // In memory: nothing on disk to lock or clean; the time zone is only for connections.
  const database = openDatabase({ url: "memory://", dataDir: tmpdir(), timeZone: "UTC" });
  try {
    await migrateToLatest(database.db);
    for (const [file, text] of Object.entries(await schemaFiles(database.db))) {
      const target = path.join(root, file);
      // Unchanged files keep their time, so the tests' build check (tests/helpers/build-staleness.ts) is not set off.
      if (existsSync(target) && readFileSync(target, "utf8") === text) {
        console.log(`${file} is up to date`);
        continue;
      }
      writeFileSync(target, text);
      console.log(`Wrote ${file}`);
    }
  } finally {
    await database.close();
  }
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
});
