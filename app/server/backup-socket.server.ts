import { chmodSync, mkdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { OpenDatabase } from "./db.server";
import { logFor } from "./log.server";

const log = logFor("backup");

/**
 * How `npm run db:backup` gets a consistent copy of the embedded database
 * while the site runs (docs/decisions/0075-backups-asked-of-the-running-site.md):
 * only the running process may open its data directory, so the script asks
 * it, through a Unix socket in a folder of $DATA_DIR that only the site's own
 * OS user may enter (mode 0700). Whoever can connect could read the database
 * files anyway; nothing listens on the network, and the socket does one thing.
 *
 * Protocol: the client sends "backup\n"; the answer is one JSON line,
 * {"ok":true,"bytes":N} then N bytes (PGlite's gzipped data-directory tarball),
 * or {"ok":false,"error":"…"}.
 */

/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, "control", "backup.sock");
}

let listening: net.Server | undefined;

/** Starts answering backup requests for the embedded database on disk; a no-op for other databases. */
export async function serveBackups(database: OpenDatabase, dataDir: string): Promise<void> {
  const dump = database.dumpDataDir;
  if (!dump || listening) return;
  const socketPath = backupSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn(`DATA_DIR is too long a path for the backup socket (${socketPath}): db:backup works only while the site is stopped`);
    return;
  }
  mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  chmodSync(path.dirname(socketPath), 0o700);
  // Left by a process that was killed: we hold the data directory's lock, so no live one uses it.
  rmSync(socketPath, { force: true });
  // One dump at a time: each holds the database for its duration.
  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((socket) => {
    socket.on("error", () => {});
    let request = "";
    const onData = (chunk: Buffer) => {
      request += chunk.toString("utf8");
      if (!request.includes("\n")) {
        if (request.length > 64) socket.destroy();
        return;
      }
      socket.off("data", onData);
      if (request.trim() !== "backup") {
        socket.end(JSON.stringify({ ok: false, error: `Unknown request: ${request.trim().slice(0, 40)}` }) + "\n");
        return;
      }
      const answer = queue.then(async () => {
        try {
          const bytes = Buffer.from(await (await dump()).arrayBuffer());
          socket.write(JSON.stringify({ ok: true, bytes: bytes.length }) + "\n");
          socket.end(bytes);
        } catch (error) {
          log.error({ err: error }, "the database could not be copied");
          socket.end(JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) }) + "\n");
        }
      });
      queue = answer;
    };
    socket.on("data", onData);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.on("error", (error) => log.warn({ err: error }, "socket error"));
  server.unref();
  listening = server;
}

/** Stops answering (at shutdown, before the database closes). */
export async function stopServingBackups(): Promise<void> {
  const server = listening;
  listening = undefined;
  if (server) await new Promise((resolve) => server.close(resolve));
}
