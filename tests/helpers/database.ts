import { randomBytes } from "node:crypto";
import pg from "pg";

export interface TestDatabase {
  /** DATABASE_URL for the app: `memory://` (embedded) or a fresh database on the server. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file or one app server: embedded and in
 * memory by default; with TEST_DATABASE_URL, a new database on that server,
 * dropped again afterwards: a copy of the migrated template the run's global
 * setup made (TEST_SERVER_TEMPLATE, ./database-template.ts), or empty with
 * `empty` (or when there is none).
 */
export async function createTestDatabase({ empty = false }: { empty?: boolean } = {}): Promise<TestDatabase> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { url: "memory://", drop: async () => {} };
  const template = empty ? undefined : process.env.TEST_SERVER_TEMPLATE || undefined;
  const name = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  if (template !== undefined && !/^test_\d+_[0-9a-f]{8}$/.test(template)) throw new Error(`createTestDatabase: ${template} is not a test database's name`);
  await withClient(admin, (c) => c.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
