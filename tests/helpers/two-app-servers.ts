import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { startAppServer, type AppServer } from "./app-server";
import { createTestDatabase, type TestDatabase } from "./database";
import { startSmtpSink, type SmtpSink } from "./smtp";

/**
 * Two production servers on one fresh PostgreSQL database, as a deployment
 * with two processes runs, both delivering to one real SMTP sink: for what
 * every process's background loop does and must do once (reminders, review
 * requests, deposit releases) and for races between processes. Call inside a
 * `describe.skipIf(!process.env.TEST_DATABASE_URL)`: the embedded database
 * has one process. `env` is both servers' (SMTP_URL, TRUST_PROXY=1 and
 * DATABASE_URL are set here); `ready` runs once both are up (a sign-in).
 */
export function useTwoAppServers(env: Record<string, string>, ready?: (servers: AppServer[], smtp: SmtpSink) => Promise<void>) {
  let smtp: SmtpSink | undefined;
  let shared: TestDatabase | undefined;
  let client: pg.Client | undefined;
  const servers: AppServer[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    shared = await createTestDatabase();
    // Both on the same database (embeddedOnDisk: startAppServer makes none of its own; DATABASE_URL says which).
    const both = { SMTP_URL: smtp.url, TRUST_PROXY: "1", ...env, DATABASE_URL: shared.url };
    // One after the other: the first applies the migrations and seeds.
    servers.push(await startAppServer(both, { embeddedOnDisk: true }));
    servers.push(await startAppServer(both, { embeddedOnDisk: true }));
    client = new pg.Client({ connectionString: shared.url });
    await client.connect();
    await ready?.(servers, smtp);
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    for (const server of servers) await server.stop();
    await shared?.drop();
    await smtp?.stop();
  });

  return {
    servers,
    /** The sink both servers deliver to (after beforeAll). */
    get smtp(): SmtpSink {
      if (!smtp) throw new Error("useTwoAppServers(): the servers start in beforeAll; read smtp inside a test");
      return smtp;
    },
    /** Rows of SQL run on the shared database, as neither server. */
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
      return (await client!.query<T>(text, values)).rows;
    },
  };
}
