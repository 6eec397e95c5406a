import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from "kysely";
import pg from "pg";
import { PGLITE_EXTENSIONS } from "../../db/pglite-extensions";
import type { Database } from "../../db/types";
import { lockDataDirectory } from "./data-dir-lock.server";
import { env } from "./env.server";
import { DatabaseUnavailableError, withTimeLimit } from "./outage.server";
import { logFor } from "./log.server";

// COUNT(*) and BIGSERIAL come back as int8; our counts and ids fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type DB = Kysely<Database>;

/**
 * A database this process opened: the query builder every server function
 * takes first, and what only the opener needs. Opened once by the server
 * entry (server/app.ts `start`) and handed to each request through
 * `databaseContext` (docs/decisions/0060).
 */
export interface OpenDatabase {
  db: DB;
  kind: "embedded" | "server";
  /** The server's connection pool (Kysely's own), for what Kysely cannot do; none on the embedded database. */
  serverPool?: pg.Pool;
  /** Runs `handle` (the serving of one request) with REQUEST_QUERY_LIMIT_MS on every query it makes. */
  withRequestQueryLimit<T>(handle: () => T): T;
  /** The embedded database on disk only: a consistent copy of its files, a tarball, gzipped unless asked otherwise (db:backup, docs/decisions/0075). */
  dumpDataDir?: (compression?: "gzip" | "none") => Promise<Blob>;
  /** Closes the connections (and the embedded database, releasing its data directory). */
  close(): Promise<void>;
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

const pools = new WeakMap<DB, pg.Pool>();

/**
 * The PostgreSQL server's connection pool behind `db`, for work that needs a
 * pg client of its own (a COPY … TO STDOUT stream); undefined on the embedded
 * database, whose single connection belongs to Kysely.
 */
export function serverPoolOf(db: DB): pg.Pool | undefined {
  return pools.get(db);
}

/**
 * Opens the database DATABASE_URL names (a postgres:// server, `memory://`, or
 * unset: the embedded one in $DATA_DIR/db, locked to this process). Opens
 * only: schema and content are openAppDatabase's work (./open-app-database.server.ts). Each call opens
 * another; a server opens one for its life (docs/decisions/0060). Its
 * connections carry `timeZone` (default BUSINESS_TIME_ZONE), see carryTimeZone.
 */
export function openDatabase(
  settings: { url?: string; dataDir: string; timeZone?: string; memoryFrom?: Blob } = { url: env().DATABASE_URL, dataDir: env().DATA_DIR },
): OpenDatabase {
  // memoryFrom: a `memory://` database starts as a copy of this dump (dumpDataDir), not empty (the tests' migrated template).
  const { url, dataDir, timeZone = env().BUSINESS_TIME_ZONE, memoryFrom } = settings;
  // A request's queries run inside this scope and get a time limit; the rest
  // (migrations, background work, bulk jobs) only the server's statement limit.
  const inRequest = new AsyncLocalStorage<true>();
  const withRequestQueryLimit = <T>(handle: () => T): T => inRequest.run(true, handle);
  const state = { closed: false };
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
    pool.on("error", (error) => logFor("db").warn(`idle connection lost (a new one opens on demand): ${error.message}`));
    // The same for a connection lost while checked out: its query fails and says
    // so; without a listener the client's "error" event would end the process.
    pool.on("connect", (client) => client.on("error", () => {}));
    carryTimeZone(pool, timeZone);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guarded(pool, state, inRequest) }) });
    pools.set(db, pool);
    return {
      db,
      kind: "server",
      serverPool: pool,
      withRequestQueryLimit,
      close: async () => {
        state.closed = true;
        await db.destroy();
      },
    };
  }
  let location = "memory://";
  let unlock = () => {};
  if (!url) {
    location = path.join(dataDir, "db");
    mkdirSync(location, { recursive: true });
    unlock = lockDataDirectory(location, lockLost);
  }
  const pglite = new PGlite(location, { extensions: PGLITE_EXTENSIONS, ...(url === "memory://" && memoryFrom ? { loadDataDir: memoryFrom } : {}) });
  const pool = new pg.Pool(createPgConfig(pglite));
  carryTimeZone(pool, timeZone);
  // PGlite runs in this process: a time limit could not stop its query, so none.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guarded(pool, state) }) });
  return {
    db,
    kind: "embedded",
    withRequestQueryLimit,
    // Between two statements (PGlite runs one at a time), so the files are as a
    // sudden stop would leave them: restored, the database recovers to its last commit.
    dumpDataDir: url ? undefined : (compression = "gzip") => pglite.dumpDataDir(compression),
    close: async () => {
      state.closed = true;
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
 * The business's time zone on each connection, as app.business_time_zone: the
 * database reads it where it writes a time as text itself (the stamps of the
 * notes transcript, db/migrations/2026-11-27-01-notes-in-business-time.ts).
 * Set when the pool opens a connection, before the query it was opened for
 * (a client runs its queries in order), so every process's connections, on
 * PGlite and on a server, carry their own BUSINESS_TIME_ZONE. (PGlite's
 * connections share its one session, which simply gets it again.)
 */
function carryTimeZone(pool: pg.Pool, timeZone: string): void {
  pool.on("connect", (client) => {
    // A connection that cannot run this fails its next query too, which reports it.
    client.query("SELECT set_config('app.business_time_zone', $1, false)", [timeZone]).catch(() => {});
  });
}

/**
 * Kysely's view of the pool. After close() it refuses at once, in words the
 * outage check knows (late work after shutdown is an outage, not a bug). With
 * `inRequest`, each query a request makes gets a time limit on its answer:
 * past it, the connection is in the middle of a query that may never end and
 * cannot be reused, so it goes back to the pool with an error, which closes it.
 * (pg's own query_timeout would leave it in the pool, stuck,
 * brianc/node-postgres#3399, and would apply to everything.)
 */
function guarded(pool: pg.Pool, state: { closed: boolean }, inRequest?: AsyncLocalStorage<true>): PostgresPool {
  return {
    async connect() {
      if (state.closed) throw new Error("The database is closed: the process is shutting down");
      const client = await pool.connect();
      let stuck: Error | undefined;
      const query = (sql: string, parameters: ReadonlyArray<unknown>) => {
        // After a timeout even a ROLLBACK would wait in vain: fail at once.
        if (stuck) return Promise.reject(stuck);
        const answer = client.query(sql, parameters as unknown[]);
        if (!inRequest?.getStore()) return answer;
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

/**
 * Someone removed or took over our lock (a clean-up script, a frozen event
 * loop past the stale limit). Another process may now open the same files, so
 * this one stops through its normal shutdown, reporting failure.
 */
function lockLost(error: Error): void {
  logFor("db").fatal(`the lock on the embedded database was lost (${error.message}); shutting down so that two processes never write one database`);
  process.exitCode = 1;
  process.kill(process.pid, "SIGTERM");
}
