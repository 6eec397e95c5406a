import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types";

/**
 * Where the cookie-signing secret comes from when SESSION_SECRET is unset
 * (docs/decisions/0038-session-secret-in-the-database.md):
 * - embedded database: a file in $DATA_DIR, as only one process ever uses it;
 * - PostgreSQL server: the app_secrets table, so that every process on that
 *   database signs and reads the same cookies and sign-in codes.
 * env().sessionSecrets reads from here; this module imports nothing of the app.
 */

/** The secret loaded from each server database (by URL), once per process. */
const loaded = new Map<string, string>();

/** The secret kept in a database at `url` if this process has loaded it (loadSharedSessionSecret). */
export function sharedSessionSecret(url: string): string {
  const secret = loaded.get(url);
  if (!secret) {
    throw new Error(
      "The session secret of a PostgreSQL server is read from the database when it opens (openAppDatabase); nothing may sign a cookie before that",
    );
  }
  return secret;
}

/**
 * Makes the database's secret if it has none yet and loads it. Race-safe: when
 * several processes start at once each offers a secret, the first insert wins
 * (ON CONFLICT DO NOTHING) and every process then reads that one.
 */
export async function loadSharedSessionSecret(db: Kysely<Database>, url: string): Promise<string> {
  await db
    .insertInto("app_secrets")
    .values({ name: "session", value: newSecret() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const { value } = await db.selectFrom("app_secrets").select("value").where("name", "=", "session").executeTakeFirstOrThrow();
  loaded.set(url, value);
  return value;
}

/** A secret made once and kept in DATA_DIR (the embedded database), so sessions survive restarts. */
export function dataDirSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = newSecret();
  writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
  return secret;
}

function newSecret(): string {
  return randomBytes(32).toString("base64url");
}
