/**
 * npm run db:restore -- <file>
 *
 * Restores a db:backup file into the empty data directory DATA_DIR (the
 * embedded database, its cookie secret, and the uploads into UPLOAD_DIR, or
 * into the S3 bucket when S3_* is set). Refuses a data directory that is not
 * empty, so that nothing is ever overwritten. Prints the data directory.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { env } from "../app/server/env.server";
import { uploadStorage } from "../app/server/uploads/storage.server";
import { readBackup } from "./lib/backup-archive";
import { embeddedDir, runScript, ScriptError } from "./lib/embedded";

const say = (line: string) => process.stderr.write(line + "\n");

runScript(async () => {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith("-")) throw new ScriptError("Usage: DATA_DIR=<an empty folder> npm run db:restore -- <backup file>");
  const file = path.resolve(args[0]!);
  if (process.env.DATABASE_URL) {
    throw new ScriptError("db:restore restores the embedded database into DATA_DIR: unset DATABASE_URL (a PostgreSQL server is restored with pg_restore).");
  }
  // Checked before env(): parsing it would make a new session secret in DATA_DIR.
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const present = existsSync(dataDir) ? readdirSync(dataDir) : [];
  if (present.length) {
    throw new ScriptError(
      `DATA_DIR ${dataDir} is not empty (it has ${present.slice(0, 5).join(", ")}${present.length > 5 ? ", …" : ""}). ` +
        `db:restore restores only into an empty data directory, so that nothing is overwritten: set DATA_DIR to a new folder.`,
    );
  }
  const unpacked = path.join(tmpdir(), `db-restore-${randomBytes(6).toString("hex")}`);
  try {
    const manifest = await readBackup(file, unpacked);
    const uploadsDir = path.join(unpacked, "uploads");
    const uploads = existsSync(uploadsDir) ? readdirSync(uploadsDir) : [];
    const uploadDir = path.resolve(process.env.UPLOAD_DIR || path.join(dataDir, "uploads"));
    if (!process.env.S3_BUCKET && uploads.length && existsSync(uploadDir) && readdirSync(uploadDir).length) {
      throw new ScriptError(`UPLOAD_DIR ${uploadDir} is not empty: restore into an empty one (unset UPLOAD_DIR to use $DATA_DIR/uploads).`);
    }
    const secret = path.join(unpacked, "session-secret");
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(secret)) writeFileSync(path.join(dataDir, "session-secret"), readFileSync(secret, "utf8").trim() + "\n", { mode: 0o600 });
    const settings = env();

    say(`Restoring the database into ${embeddedDir(dataDir)}…`);
    mkdirSync(embeddedDir(dataDir), { recursive: true });
    const database = new PGlite(embeddedDir(dataDir), {
      extensions: { pg_trgm },
      loadDataDir: new Blob([readFileSync(path.join(unpacked, "db.tar.gz"))]),
    });
    // Opening it recovers it to the last commit before the copy; a query proves it readable.
    await database.query("SELECT 1");
    await database.close();

    const storage = uploadStorage();
    for (const name of uploads) await storage.putAs(name, readFileSync(path.join(uploadsDir, name)));
    say(
      `Restored the backup of ${manifest.createdAt}` +
        (manifest.uploadsInBucket ? " (its uploads were in an S3 bucket and are not in the file)" : ` with ${uploads.length} uploaded file(s) into ${settings.s3 ? `the bucket ${settings.s3.bucket}` : settings.uploadDir}`) +
        `. Start the site with DATA_DIR=${dataDir}.`,
    );
    console.log(dataDir);
  } catch (error) {
    // Nothing half-restored is left to be mistaken for a good data directory.
    // (DATA_DIR was empty or absent when this began: all in it is this run's.)
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
});
