import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stopBackgroundJobs } from "~/server/background.server";
import type { DB } from "~/server/db.server";
import { reloadEnv } from "~/server/env.server";
import { openAppDatabase } from "~/server/open-app-database.server";
import { startAppServer, type AppServer } from "./app-server";
import { createTestDatabase } from "./database";

/**
 * A production server on a database of its own (embedded on disk, or a fresh
 * one on TEST_DATABASE_URL's server) that `prepare` fills in this process
 * first, the real way (scheduleJob, the settings), before the server starts:
 * one process at a time on an embedded database. The e-mails the preparation
 * queues go to env's SMTP_URL, as the server's own do. `stop` stops the
 * server and drops the database.
 */
export interface PreparedServer<T> {
  app: AppServer;
  prepared: T;
  /** Stops the server (its process only) and reads its database in this process: what the browser's work left there. */
  readAfterStop<R>(read: (db: DB) => Promise<R>): Promise<R>;
  stop(): Promise<void>;
}

export async function startPreparedServer<T>(env: Record<string, string>, prepare: (db: DB) => Promise<T>): Promise<PreparedServer<T>> {
  const database = await createTestDatabase();
  const embedded = database.url === "memory://";
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-prepared-"));
  if (embedded) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = database.url;
  process.env.DATA_DIR = dataDir;
  if (env.SMTP_URL) process.env.SMTP_URL = env.SMTP_URL;
  reloadEnv();
  const opened = await openAppDatabase();
  let prepared: T;
  try {
    prepared = await prepare(opened.db);
  } finally {
    await stopBackgroundJobs();
    await opened.close();
  }
  const app = await startAppServer({ ...env, ...(embedded ? {} : { DATABASE_URL: database.url }) }, { dataDir, embeddedOnDisk: embedded });
  return {
    app,
    prepared,
    async readAfterStop(read) {
      if (app.process.exitCode === null) {
        const exited = new Promise((resolve) => app.process.once("exit", resolve));
        app.process.kill("SIGTERM");
        await exited;
      }
      // The environment the server had: its database, its data directory (the embedded database's).
      if (embedded) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = database.url;
      process.env.DATA_DIR = dataDir;
      reloadEnv();
      const reopened = await openAppDatabase();
      try {
        return await read(reopened.db);
      } finally {
        await stopBackgroundJobs();
        await reopened.close();
      }
    },
    async stop() {
      await app.stop();
      await database.drop();
    },
  };
}
