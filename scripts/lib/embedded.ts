import { existsSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PGLITE_EXTENSIONS } from "../../db/pglite-extensions";
import type { Database } from "../../db/types";
import { DataDirectoryInUseError, lockDataDirectory } from "../../app/server/data-dir-lock.server";

/** A refusal for the operator: printed alone (no stack), exit code 1. */
export class ScriptError extends Error {
  override name = "ScriptError";
}

export interface Embedded {
  pglite: PGlite;
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** Where the embedded database of a data directory lives (as app/server/db.server.ts opens it). */
export function embeddedDir(dataDir: string): string {
  return path.join(dataDir, "db");
}

/**
 * Opens the embedded database in `dataDir` for a script, under the same lock
 * the site takes (app/server/data-dir-lock.server.ts): while the site runs on
 * that directory the script is refused, saying so, instead of both writing it.
 */
export async function openEmbedded(dataDir: string, whatFor: string): Promise<Embedded> {
  const dir = embeddedDir(dataDir);
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    throw new ScriptError(`There is no embedded database in ${dir} (DATA_DIR=${dataDir}). Set DATA_DIR to the site's data directory.`);
  }
  let unlock: () => void;
  try {
    unlock = lockDataDirectory(dir, (error) => {
      console.error(`The lock on ${dir} was lost (${error.message}); stopping.`);
      process.exit(1);
    });
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) {
      throw new ScriptError(`The site is running on this data directory, so ${whatFor} cannot open it.\n${error.message}`);
    }
    throw error;
  }
  const pglite = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
  // Opened (and recovered) before anything else: dumpDataDir on a PGlite that has not run a query yet never returns.
  await pglite.query("SELECT 1");
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool(createPgConfig(pglite)) }) });
  return {
    pglite,
    db,
    async close() {
      try {
        await db.destroy();
        await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}

/** Runs a script's main: a ScriptError is printed as it is (exit 1); anything else with its stack. */
export function runScript(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof ScriptError) console.error(error.message);
      else console.error(error);
      process.exit(1);
    },
  );
}

/** A postgres:// URL without its password, to print. */
export function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(not a URL)";
  }
}
