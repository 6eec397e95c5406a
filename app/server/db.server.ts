import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "../../db/types";
import { env } from "./env.server";

// COUNT(*) and BIGSERIAL come back as int8; our counts and ids fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type DB = Kysely<Database>;

interface Handle {
  db: DB;
  close: () => Promise<void>;
  kind: "embedded" | "server";
  /** The server's connection pool (Kysely's own), for what Kysely cannot do; none on the embedded database. */
  serverPool?: pg.Pool;
}

// One database per process, kept on globalThis: the dev server reloads modules
// and the production entry loads the app bundle, and neither may open a second
// PGlite on the same directory.
const g = globalThis as typeof globalThis & { __appDatabase?: Handle; __appDatabaseClosed?: boolean };

/** The process's database, opened on first use from DATABASE_URL / DATA_DIR. */
export function db(): DB {
  // Late work after shutdown (a request still finishing, a background job) must
  // not quietly open a second connection that nothing will ever close.
  if (g.__appDatabaseClosed) throw new Error("The database is closed: the process is shutting down");
  return (g.__appDatabase ??= open(env().DATABASE_URL, env().DATA_DIR)).db;
}

export function databaseKind(): Handle["kind"] {
  db();
  return g.__appDatabase!.kind;
}

/**
 * The PostgreSQL server's connection pool, for work that needs a pg client of
 * its own (a COPY … TO STDOUT stream); undefined on the embedded database,
 * whose single connection belongs to Kysely.
 */
export function serverPool(): pg.Pool | undefined {
  db();
  return g.__appDatabase!.serverPool;
}

export async function closeDatabase(): Promise<void> {
  const handle = g.__appDatabase;
  g.__appDatabase = undefined;
  g.__appDatabaseClosed = true;
  await handle?.close();
}

/** For tests, which close one database and open the next in the same process. */
export function allowDatabaseReopen(): void {
  g.__appDatabaseClosed = false;
}

function open(url: string | undefined, dataDir: string): Handle {
  if (url && url !== "memory://") {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection that the server drops (a restart, a failover) must not
    // crash the process: the pool discards it and the next query opens another.
    pool.on("error", (error) => console.error("[db] idle connection lost:", error.message));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: "server", serverPool: pool, close: () => db.destroy() };
  }
  let location = "memory://";
  if (!url) {
    location = path.join(dataDir, "db");
    mkdirSync(location, { recursive: true });
  }
  const pglite = new PGlite(location, { extensions: { pg_trgm } });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool(createPgConfig(pglite)) }),
  });
  return {
    db,
    kind: "embedded",
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
