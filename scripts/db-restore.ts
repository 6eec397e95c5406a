/**
 * npm run db:restore -- [--allow-missing-uploads] <file>
 *
 * Restores a db:backup file into the empty data directory DATA_DIR (the
 * embedded database, its cookie secret, and the uploads into UPLOAD_DIR, or
 * into the S3 bucket when S3_* is set). Refuses a data directory that is not
 * empty, so that nothing is ever overwritten, and a backup that lacks an
 * uploaded file the data refers to (naming them) unless told to go on without
 * them. Prints the data directory. A failed restore leaves DATA_DIR as it
 * found it: absent, or empty.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "../db/pglite-extensions";
import { variantUrl } from "../app/lib/images";
import { env } from "../app/server/env.server";
import { ORPHAN_KEEP_HOURS } from "../app/server/uploads/orphans.server";
import { uploadStorage } from "../app/server/uploads/storage.server";
import { readBackup } from "./lib/backup-archive";
import { embeddedDir, runScript, ScriptError } from "./lib/embedded";

const say = (line: string) => process.stderr.write(line + "\n");
const ALLOW_MISSING_UPLOADS = "--allow-missing-uploads";

runScript(async () => {
  const args = process.argv.slice(2);
  const allowMissingUploads = args.includes(ALLOW_MISSING_UPLOADS);
  const files = args.filter((arg) => arg !== ALLOW_MISSING_UPLOADS);
  if (files.length !== 1 || files[0]!.startsWith("-")) {
    throw new ScriptError(`Usage: DATA_DIR=<an empty folder> npm run db:restore -- [${ALLOW_MISSING_UPLOADS}] <backup file>`);
  }
  const file = path.resolve(files[0]!);
  if (process.env.DATABASE_URL) {
    throw new ScriptError("db:restore restores the embedded database into DATA_DIR: unset DATABASE_URL (a PostgreSQL server is restored with pg_restore).");
  }
  // Checked before env(): parsing it would make a new session secret in DATA_DIR.
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const existedBefore = existsSync(dataDir);
  const present = existedBefore ? readdirSync(dataDir) : [];
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
    let needed: string[];
    try {
      const database = new PGlite(embeddedDir(dataDir), {
        extensions: PGLITE_EXTENSIONS,
        loadDataDir: new Blob([readFileSync(path.join(unpacked, "db.tar.gz"))]),
      });
      // Opening it recovers it to the last commit before the copy; a query proves it readable.
      await database.query("SELECT 1");
      needed = await uploadsTheDataNeeds(database, manifest.createdAt);
      await database.close();
    } catch (error) {
      throw new ScriptError(`${file} is not a whole backup made by db:backup: its database is cut short or damaged (${(error as Error).message}).`);
    }

    // Uploads in a bucket are not in the file: nothing to compare.
    const missing = manifest.uploadsInBucket ? [] : needed.filter((name) => !uploads.includes(name));
    if (missing.length) {
      const shown = missing.slice(0, 10).join(", ") + (missing.length > 10 ? ` and ${missing.length - 10} more` : "");
      const what = missing.length === 1 ? "1 uploaded file the data refers to is" : `${missing.length} uploaded files the data refers to are`;
      const message = `${what} not in ${file}: ${shown}.`;
      if (!allowMissingUploads) {
        throw new ScriptError(
          `${message} Restore a whole backup, or run again with ${ALLOW_MISSING_UPLOADS} to restore without ${missing.length === 1 ? "it" : "them"} ` +
            `(the pages and rows that use ${missing.length === 1 ? "it" : "them"} will show broken links).`,
        );
      }
      say(`Warning: ${message} Restoring without ${missing.length === 1 ? "it" : "them"} (${ALLOW_MISSING_UPLOADS}).`);
    }

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
    // DATA_DIR was empty or absent when this began, so all in it is this run's;
    // a folder that was there (a mount point, one made for the site) stays.
    if (existedBefore) for (const name of readdirSync(dataDir)) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    else rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
});

/**
 * The stored files the data lists, with their images' resized copies. Not an
 * orphan that may rightly be gone: db:backup skips a file the site removed
 * while it packed, which only happens to one unreferenced for
 * ORPHAN_KEEP_HOURS (an hour's margin for the packing).
 */
async function uploadsTheDataNeeds(database: PGlite, backupMadeAt: string): Promise<string[]> {
  const mayBeGone = new Date(Date.parse(backupMadeAt) - (ORPHAN_KEEP_HOURS - 1) * 3600_000);
  const { rows } = await database.query<{ name: string; widths: number[] | null; formats: string[] | null; og: boolean | null }>(
    `SELECT u.name, i.widths, i.formats, i.og FROM uploads u LEFT JOIN images i ON i.name = u.name
     WHERE u.unreferenced_since IS NULL OR u.unreferenced_since > $1 ORDER BY u.name`,
    [mayBeGone],
  );
  return rows.flatMap((row) => {
    const src = `/uploads/${row.name}`;
    const sized = (row.widths ?? []).flatMap((width) => (row.formats ?? []).map((format) => variantUrl(src, width, format)));
    const copies = [...sized, ...(row.og ? [variantUrl(src, "og", "jpg")] : [])].map((url) => path.basename(url));
    return [row.name, ...copies];
  });
}
