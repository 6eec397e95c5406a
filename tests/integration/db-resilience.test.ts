import { sql } from "kysely";
import { expect, it } from "vitest";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

const database = useTestDatabase();
const db = () => database.db;
const serverPool = () => database.serverPool;

// Only a PostgreSQL server can drop connections under us; PGlite is in-process.
it.runIf(!!process.env.TEST_DATABASE_URL)("keeps working when the server drops idle pool connections", async () => {
  // The pool logs each connection it loses, for the operator.
  // Open a few pooled connections, then leave them idle.
  await Promise.all([1, 2, 3].map(() => sql`SELECT pg_sleep(0.05)`.execute(db())));
  const pool = serverPool()!;
  expect(pool.idleCount).toBeGreaterThanOrEqual(2);
  const opened = pool.totalCount;

  // What a server restart or failover does to them (our own connection excepted).
  const { rows } = await sql<{ n: number }>`
    SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(db());
  expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
  // The pool hears of each dropped connection and discards it.
  await expect.poll(() => pool.totalCount).toBeLessThanOrEqual(opened - rows[0]!.n);

  // An unhandled pool error would have crashed this process; queries go on.
  const again = await Promise.all([1, 2, 3].map(() => sql<{ one: number }>`SELECT 1 AS one`.execute(db())));
  expect(again.map((r) => r.rows[0]!.one)).toEqual([1, 1, 1]);
});
