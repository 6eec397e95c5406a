/**
 * npm run db:copy -- <DATABASE_URL> [--uploads]
 *
 * Copies everything from the embedded database in DATA_DIR to an empty
 * PostgreSQL database: the move from one machine to a server
 * (docs/operations.md "When one machine is not enough"; docs/decisions/0074). With
 * --uploads, and S3_* set, also copies the uploads from UPLOAD_DIR to the
 * bucket. The site must be stopped first: it holds the data directory.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { env } from "../app/server/env.server";
import { migrateToLatest } from "../app/server/migrate.server";
import { diskStorage, uploadStorage } from "../app/server/uploads/storage.server";
import { copyDatabase } from "./lib/copy-database";
import { openEmbedded, redacted, runScript, ScriptError } from "./lib/embedded";

const USAGE = "Usage: npm run db:copy -- <postgres://user:password@host:5432/database> [--uploads]";

runScript(async () => {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a.startsWith("-") && a !== "--uploads");
  const urls = args.filter((a) => !a.startsWith("-"));
  if (unknown.length || urls.length !== 1) throw new ScriptError(`${unknown.length ? `Unknown option ${unknown.join(" ")}. ` : ""}${USAGE}`);
  const targetUrl = urls[0]!;
  if (!/^postgres(ql)?:\/\//.test(targetUrl)) throw new ScriptError(`The target must be a postgres:// URL. ${USAGE}`);
  const withUploads = args.includes("--uploads");

  if (process.env.DATABASE_URL) {
    throw new ScriptError("db:copy copies from the embedded database in DATA_DIR: unset DATABASE_URL for this command (give the target as its argument).");
  }
  const settings = env();
  if (withUploads && !settings.s3) {
    throw new ScriptError("--uploads copies the uploads to S3-compatible storage: set S3_BUCKET, S3_REGION (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as your provider needs) for this command.");
  }
  if (withUploads) await uploadStorage().check();

  const started = performance.now();
  const source = await openEmbedded(settings.DATA_DIR, "db:copy");
  try {
    // The copy is of the current schema: an older data directory is brought up to date first, as a start would.
    await migrateToLatest(source.db);
    console.log(`Copying the embedded database in ${settings.DATA_DIR} to ${redacted(targetUrl)}…`);
    const secretFile = path.join(settings.DATA_DIR, "session-secret");
    const copied = await copyDatabase(source.pglite, targetUrl, {
      sessionSecret: !settings.SESSION_SECRET && existsSync(secretFile) ? readFileSync(secretFile, "utf8").trim() : undefined,
      log: (line) => console.log(line),
    });
    const total = copied.reduce((n, t) => n + t.rows, 0);
    console.log(`Copied ${total} rows in ${copied.length} tables; the row counts match. (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } finally {
    await source.close();
  }

  const local = diskStorage(settings.uploadDir);
  let files = 0;
  for await (const _ of local.list()) files++;
  if (withUploads) {
    const bucket = uploadStorage();
    const there = new Set<string>();
    for await (const name of bucket.list()) there.add(name);
    let sent = 0;
    for await (const name of local.list()) {
      if (there.has(name)) continue;
      const file = await local.get(name);
      if (!file) continue;
      await bucket.putAs(name, new Uint8Array(await new Response(file.body).arrayBuffer()));
      sent++;
    }
    console.log(`Uploads: ${sent} file(s) copied from ${settings.uploadDir} to the bucket ${settings.s3!.bucket} (${files - sent} were there already).`);
  } else if (files) {
    console.log(
      `Uploads: ${files} file(s) stay in ${settings.uploadDir}: copy that folder to the new machine's UPLOAD_DIR, or, for several machines, into the S3 bucket (--uploads with S3_* set, or any S3 tool: aws s3 sync ${settings.uploadDir} s3://BUCKET --exclude '.partial/*').`,
    );
  }
  console.log(`Done. Start the site with DATABASE_URL=${redacted(targetUrl)}${settings.SESSION_SECRET ? " (and the same SESSION_SECRET)" : ""}.`);
});
