import { randomBytes } from "node:crypto";
import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as tar from "tar";
import { ScriptError } from "./embedded";

/**
 * A backup file (db:backup, db:restore; docs/decisions/0075): one gzipped tar of
 *   backup.json      what it is: format, when, how many uploads
 *   db.tar.gz        the embedded database's data directory (PGlite's dumpDataDir)
 *   session-secret   the generated cookie secret, when there is one (so sessions stay good)
 *   uploads/…        the uploaded files (when they are on disk)
 */
export const FORMAT = "shine-on-wheels-backup/1";

export interface Manifest {
  format: string;
  createdAt: string;
  uploads: number;
  uploadsInBucket: boolean;
}

export interface BackupParts {
  database: Buffer;
  sessionSecret?: string;
  /** The folder the uploads are in, and their names; undefined when they live in a bucket. */
  uploads?: { dir: string; names: string[] };
}

/**
 * Writes the backup to `file` (made readable by its owner only: it holds the
 * database). Uploads are hard-linked into a staging folder beside `file`
 * (copied across file systems), so none is read twice nor copied twice.
 */
export async function writeBackup(file: string, parts: BackupParts): Promise<Manifest> {
  mkdirSync(path.dirname(file), { recursive: true });
  const staging = path.join(path.dirname(file), `.staging-${randomBytes(6).toString("hex")}`);
  mkdirSync(path.join(staging, "uploads"), { recursive: true, mode: 0o700 });
  try {
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      uploads: parts.uploads?.names.length ?? 0,
      uploadsInBucket: !parts.uploads,
    };
    writeFileSync(path.join(staging, "backup.json"), JSON.stringify(manifest, null, 2) + "\n");
    writeFileSync(path.join(staging, "db.tar.gz"), parts.database);
    const entries = ["backup.json", "db.tar.gz", "uploads"];
    if (parts.sessionSecret) {
      writeFileSync(path.join(staging, "session-secret"), parts.sessionSecret + "\n", { mode: 0o600 });
      entries.push("session-secret");
    }
    for (const name of parts.uploads?.names ?? []) {
      const from = path.join(parts.uploads!.dir, name);
      const to = path.join(staging, "uploads", name);
      try {
        linkSync(from, to);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") continue; // removed since it was listed (an orphan cleaned up)
        if (code === "EXDEV" || code === "EPERM") copyFileSync(from, to);
        else throw error;
      }
    }
    const partial = `${file}.partial`;
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    chmodSync(partial, 0o600);
    renameSync(partial, file);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Unpacks a backup into `into` (an empty folder) and reads its manifest, refusing what is not one of ours. */
export async function readBackup(file: string, into: string): Promise<Manifest> {
  if (!existsSync(file)) throw new ScriptError(`No such file: ${file}`);
  mkdirSync(into, { recursive: true, mode: 0o700 });
  try {
    // Only our entries, only plain files and folders: a crafted archive cannot write elsewhere.
    await tar.x({
      file,
      cwd: into,
      strict: true,
      filter: (entryPath, entry) =>
        /^(backup\.json|db\.tar\.gz|session-secret|uploads\/?|uploads\/[A-Za-z0-9_-]+(-[0-9a-z]+)?\.[a-z0-9]{1,10})$/.test(entryPath) &&
        (!("type" in entry) || entry.type === "File" || entry.type === "Directory"),
    });
  } catch (error) {
    throw new ScriptError(`${file} is not a backup made by db:backup (it could not be unpacked: ${(error as Error).message})`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(into, "backup.json"), "utf8")) as Manifest;
  } catch {
    throw new ScriptError(`${file} is not a backup made by db:backup (it has no backup.json)`);
  }
  if (manifest.format !== FORMAT) throw new ScriptError(`${file} is a backup of format ${manifest.format}; this version reads ${FORMAT}`);
  if (!existsSync(path.join(into, "db.tar.gz"))) throw new ScriptError(`${file} holds no database (db.tar.gz is missing)`);
  return manifest;
}
