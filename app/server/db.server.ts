import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from "kysely";
import pg from "pg";
import type { Database } from "../../db/types";
import { lockDataDirectory } from "./data-dir-lock.server";
import { env } from "./env.server";
import { DatabaseUnavailableError, withTimeLimit } from "./outage.server";

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
const g = globalThis as typeof globalThis & {
  __appDatabase?: Handle;
  __appDatabaseClosed?: boolean;
  __appRequestScope?: AsyncLocalStorage<true>;
};

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

/**
 * Time limits on the PostgreSQL server (docs/decisions/0009). Connecting, or
 * waiting for a free connection, never takes this long when all is well...
 */
export const CONNECT_LIMIT_MS = 5_000;
/** ...nor does any query a visitor's request makes (they take milliseconds)... */
export const REQUEST_QUERY_LIMIT_MS = 5_000;
/**
 * ...while migrations, background work and bulk jobs may run long: for them
 * only the server's own limit, a guard against runaway statements. A migration
 * that needs longer lifts it with SET LOCAL statement_timeout = 0.
 */
export const STATEMENT_LIMIT_MS = 60_000;

// On globalThis like the handle: the copy of this module that opened the
// database must see the scope the other copy (the built app in tests) sets.
const inRequest = (g.__appRequestScope ??= new AsyncLocalStorage<true>());

/** Runs `handle` (the serving of one request) with REQUEST_QUERY_LIMIT_MS on every query it makes. */
export function withRequestQueryLimit<T>(handle: () => T): T {
  return inRequest.run(true, handle);
}

/**
 * Kysely's view of the pool, with a time limit on the answer to each query a
 * request makes. Past it, the connection is in the middle of a query that may
 * never end and cannot be reused: it goes back to the pool with an error,
 * which closes it. (pg's own query_timeout would leave it in the pool, stuck,
 * brianc/node-postgres#3399, and would apply to everything.)
 */
function limitedInRequests(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let stuck: Error | undefined;
      const query = (sql: string, parameters: ReadonlyArray<unknown>) => {
        // After a timeout even a ROLLBACK would wait in vain: fail at once.
        if (stuck) return Promise.reject(stuck);
        const answer = client.query(sql, parameters as unknown[]);
        if (!inRequest.getStore()) return answer;
        return withTimeLimit(answer, REQUEST_QUERY_LIMIT_MS, "query").catch((error: unknown) => {
          if (error instanceof DatabaseUnavailableError) stuck = error;
          throw error;
        });
      };
      // Only the (sql, parameters) form: Kysely asks for cursors only when configured with one.
      return { query, release: () => client.release(stuck) } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

function open(url: string | undefined, dataDir: string): Handle {
  if (url && url !== "memory://") {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      // A stopped or unreachable server must fail a request in seconds, not
      // hang it (docs/decisions/0009). Also bounds the wait for a free connection.
      connectionTimeoutMillis: CONNECT_LIMIT_MS,
      statement_timeout: STATEMENT_LIMIT_MS,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    });
    // An idle connection that the server drops (a restart, a failover) must not
    // crash the process: the pool discards it and the next query opens another.
    pool.on("error", (error) => console.error("[db] idle connection lost:", error.message));
    // The same for a connection lost while checked out: its query fails and says
    // so; without a listener the client's "error" event would end the process.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: limitedInRequests(pool) }) });
    return { db, kind: "server", serverPool: pool, close: () => db.destroy() };
  }
  let location = "memory://";
  let unlock = () => {};
  if (!url) {
    location = path.join(dataDir, "db");
    mkdirSync(location, { recursive: true });
    unlock = lockDataDirectory(location, lockLost);
  }
  const pglite = new PGlite(location, { extensions: { pg_trgm } });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool(createPgConfig(pglite)) }),
  });
  return {
    db,
    kind: "embedded",
    close: async () => {
      try {
        await db.destroy();
        await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * Someone removed or took over our lock (a clean-up script, a frozen event
 * loop past the stale limit). Another process may now open the same files, so
 * this one stops through its normal shutdown, reporting failure.
 */
function lockLost(error: Error): void {
  console.error(`[db] the lock on the embedded database was lost (${error.message}); shutting down so that two processes never write one database`);
  process.exitCode = 1;
  process.kill(process.pid, "SIGTERM");
}
