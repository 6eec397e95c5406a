import { readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import lockfile from "proper-lockfile";

// A live holder refreshes the lock every UPDATE_MS; only a lock untouched for
// STALE_MS (its holder frozen or gone) may be taken over by age. The gap leaves
// room for an event loop blocked by a long query in the embedded database.
const STALE_MS = 20_000;
const UPDATE_MS = 2_000;

interface Owner {
  pid: number;
  host: string;
  since: string;
}

/** Thrown when another live process holds the directory: the message is for the operator. */
export class DataDirectoryInUseError extends Error {
  override name = "DataDirectoryInUseError";
}

/**
 * Takes the lock that lets one process at a time open the embedded database
 * in `dir` (PGlite has no locking of its own: two processes on one directory
 * both run, and the one that closes last overwrites the other's writes).
 * Throws DataDirectoryInUseError, naming the holder, if a live process has it.
 * `onLost` runs if the lock is taken away while held. Returns the release.
 */
export function lockDataDirectory(dir: string, onLost: (error: Error) => void): () => void {
  const lockPath = `${dir}.lock`;
  const ownerPath = `${lockPath}.owner.json`;
  const options = { stale: STALE_MS, update: UPDATE_MS, realpath: false, lockfilePath: lockPath, onCompromised: onLost };
  let release: () => void;
  try {
    release = lockfile.lockSync(dir, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    const owner = readOwner(ownerPath);
    if (owner && holderIsAlive(owner)) {
      throw new DataDirectoryInUseError(
        `The embedded database in ${dir} is in use by another process (PID ${owner.pid} on ${owner.host}, ` +
          `running since ${owner.since}). Only one process may open a data directory: stop that one first, ` +
          `or give this one another DATA_DIR (or a DATABASE_URL).`,
      );
    }
    if (!owner) {
      // No owner recorded yet: a process is between taking the lock and writing
      // its name, or it died in that instant; its age tells which.
      throw new DataDirectoryInUseError(
        `The embedded database in ${dir} is locked by another process that is just starting (lock ${lockPath}). ` +
          `Only one process may open a data directory; if none is running, start again in ${STALE_MS / 1000} s.`,
      );
    }
    // The holder was killed (SIGKILL, a crash, a power cut) and never released
    // the lock. Age it past the stale limit so proper-lockfile takes it over by
    // its own rule instead of making the next start wait for STALE_MS.
    rmSync(ownerPath, { force: true });
    const past = new Date(Date.now() - 10 * STALE_MS);
    try {
      utimesSync(lockPath, past, past);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
    release = lockfile.lockSync(dir, options);
  }
  const owner: Owner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  writeFileSync(ownerPath, JSON.stringify(owner) + "\n");
  return () => {
    // After a loss the file may name the process that holds the lock now.
    if (readOwner(ownerPath)?.pid === process.pid) rmSync(ownerPath, { force: true });
    try {
      release();
    } catch (error) {
      // Already lost (onLost has been told): nothing of ours is left to remove.
      if ((error as NodeJS.ErrnoException).code !== "ERELEASED") throw error;
    }
  };
}

function readOwner(file: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as Partial<Owner>;
    return typeof owner.pid === "number" ? { pid: owner.pid, host: String(owner.host), since: String(owner.since) } : undefined;
  } catch {
    return undefined;
  }
}

function holderIsAlive(owner: Owner): boolean {
  // A PID means nothing on another machine (a shared volume): trust the lock's age there.
  if (owner.host !== hostname()) return true;
  // A restarted container often gets the PID its killed predecessor had.
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
