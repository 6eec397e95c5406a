import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PGLITE_EXTENSIONS } from "../db/pglite-extensions";
import type { Database } from "../db/types";
import { migrateToLatest } from "../app/server/migrate.server";
import type { BenchReport } from "./lib";

/** A migrated database a benchmark may fill and throw away. */
export interface BenchDatabase {
  db: Kysely<Database>;
  close(): Promise<void>;
}

/**
 * A new, migrated database on the PostgreSQL server at `adminUrl` (dropped by
 * close()), or undefined when no server answers there. `poolMax` as the app's
 * pool has it (app/server/db.server.ts) unless a bench wants fewer.
 */
export async function scratchServerDatabase(
  adminUrl: string,
  prefix: string,
  poolMax = 10,
): Promise<(BenchDatabase & { url: string; pool: pg.Pool; version: string }) | undefined> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: poolMax });
  // DROP DATABASE … WITH (FORCE) at the end ends any connection still closing.
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await migrateToLatest(db);
  const { rows } = await admin.query<{ server_version: string }>("SHOW server_version");
  return {
    db,
    url: url.toString(),
    pool,
    version: rows[0]!.server_version.split(" ")[0]!,
    async close() {
      await db.destroy();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A migrated embedded database in memory (PGlite with the app's extensions, as the app opens it). */
export async function embeddedMemoryDatabase(): Promise<BenchDatabase & { pglite: PGlite }> {
  const pglite = new PGlite("memory://", { extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool(createPgConfig(pglite)) }) });
  await migrateToLatest(db);
  return {
    db,
    pglite,
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** A database a benchmark measures on, named as its report names it. */
export interface BenchTarget {
  label: string;
  close(): Promise<void>;
}

/**
 * Runs `measure` on each database in turn with its own size (0 skips it),
 * closing each afterwards; one that cannot be opened (no PostgreSQL server at
 * `serverUrl`) is a note in the report instead.
 */
export async function onEachDatabase<T extends BenchTarget>(
  report: BenchReport,
  serverUrl: string,
  targets: [open: () => Promise<T | undefined>, size: number][],
  measure: (target: T, size: number) => Promise<void>,
): Promise<void> {
  for (const [open, size] of targets) {
    if (size <= 0) continue;
    const target = await open();
    if (!target) {
      report.notes!.push(`no PostgreSQL server at ${serverUrl}: server part skipped`);
      continue;
    }
    try {
      await measure(target, size);
    } finally {
      await target.close();
    }
  }
}
