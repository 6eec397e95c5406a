/**
 * npm run db:backup [-- <file>]
 *
 * A consistent backup of the embedded database in DATA_DIR, with the uploads
 * on disk, in one file (docs/decisions/0075). While the site runs it is asked
 * for the copy through its backup socket; when it is stopped the database is
 * opened here. Prints the absolute path of the file it wrote (alone on
 * stdout; progress goes to stderr). Default file: ./backups/backup-<time>.tar.gz.
 * On a PostgreSQL server (DATABASE_URL) it shows the pg_dump command instead.
 */
import { existsSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { backupSocketPath } from "../app/server/backup-socket.server";
import { env } from "../app/server/env.server";
import { diskStorage } from "../app/server/uploads/storage.server";
import { writeBackup } from "./lib/backup-archive";
import { openEmbedded, redacted, runScript, ScriptError } from "./lib/embedded";

const say = (line: string) => process.stderr.write(line + "\n");

runScript(async () => {
  const args = process.argv.slice(2);
  if (args.length > 1 || args.some((a) => a.startsWith("-"))) throw new ScriptError("Usage: npm run db:backup [-- <file to write>]");
  const url = process.env.DATABASE_URL;
  if (url && url !== "memory://") {
    const stamp = new Date().toISOString().slice(0, 10);
    throw new ScriptError(
      `The site's database is a PostgreSQL server: back it up with PostgreSQL's own tool, e.g.\n\n` +
        `  pg_dump --format=custom --file=backup-${stamp}.dump '${redacted(url)}'\n\n` +
        `(restore into an empty database with: pg_restore --no-owner --dbname='<DATABASE_URL>' backup-${stamp}.dump).\n` +
        (env().s3 ? `Uploads are in the bucket ${env().s3!.bucket}: keep them with the bucket's versioning or your provider's replication.` : `Back up the uploads folder too: ${env().uploadDir}`),
    );
  }
  if (url === "memory://") throw new ScriptError("DATABASE_URL=memory:// is an in-memory database: there is nothing on disk to back up.");
  const settings = env();
  const file = path.resolve(args[0] ?? path.join("backups", `backup-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`));
  if (existsSync(file)) throw new ScriptError(`${file} exists already: give another file name.`);

  // The database first, then the uploads: a file is stored before any row names
  // it, so every upload the copied database names is among those listed after.
  const database = await askTheRunningSite(settings.DATA_DIR) ?? (await dumpStoppedDatabase(settings.DATA_DIR));
  const names: string[] = [];
  if (!settings.s3) for await (const name of diskStorage(settings.uploadDir).list()) names.push(name);
  const secretFile = path.join(settings.DATA_DIR, "session-secret");
  const manifest = await writeBackup(file, {
    database,
    sessionSecret: !settings.SESSION_SECRET && existsSync(secretFile) ? readFileSync(secretFile, "utf8").trim() : undefined,
    uploads: settings.s3 ? undefined : { dir: settings.uploadDir, names },
  });
  say(
    `Backed up the embedded database in ${settings.DATA_DIR}` +
      (manifest.uploadsInBucket ? ` (the uploads are in the bucket ${settings.s3!.bucket}, not in this file)` : ` and ${manifest.uploads} uploaded file(s)`) +
      `. Restore it with: DATA_DIR=<an empty folder> npm run db:restore -- ${file}`,
  );
  console.log(file);
});

/** The running site's copy through its backup socket; undefined when no site is running on DATA_DIR. */
async function askTheRunningSite(dataDir: string): Promise<Buffer | undefined> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return undefined;
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    const chunks: Buffer[] = [];
    socket.on("connect", () => {
      say(`The site is running on ${dataDir}: asking it for a copy of its database…`);
      socket.write("backup\n");
    });
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A socket file left by a process that is gone: nobody answers.
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(undefined);
      else reject(new ScriptError(`The running site could not be asked for a backup (${error.message})`));
    });
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      let header: { ok: boolean; bytes?: number; error?: string };
      try {
        header = JSON.parse(all.subarray(0, newline).toString("utf8"));
      } catch {
        return reject(new ScriptError("The running site's answer to the backup request was not understood"));
      }
      if (!header.ok) return reject(new ScriptError(`The running site could not make the backup: ${header.error}`));
      const body = all.subarray(newline + 1);
      if (body.length !== header.bytes) return reject(new ScriptError(`The running site's copy arrived incomplete (${body.length} of ${header.bytes} bytes)`));
      resolve(body);
    });
  });
}

/** No site running: the database is opened here, under the data directory's lock. */
async function dumpStoppedDatabase(dataDir: string): Promise<Buffer> {
  const embedded = await openEmbedded(dataDir, "db:backup");
  try {
    return Buffer.from(await (await embedded.pglite.dumpDataDir("gzip")).arrayBuffer());
  } finally {
    await embedded.close();
  }
}
