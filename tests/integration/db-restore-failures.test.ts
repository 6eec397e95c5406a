import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInByEmail, startAppServer } from "../helpers/app-server";
import { runScript } from "../helpers/run-script";
import { startSmtpSink } from "../helpers/smtp";

// @ci-once: always on the embedded database on disk, whatever TEST_DATABASE_URL says; CI's second pass, on the embedded database, skips it.

// db:restore (docs/decisions/0075) given a backup it cannot restore whole:
// an upload missing from it, a truncated file, and a DATA_DIR that existed
// before (issue 18). The good path is tests/integration/db-backup.test.ts's.
const OWNER = "owner@example.com";
const work = mkdtempSync(path.join(tmpdir(), "gr-detail-restore-"));
const backup = path.join(work, "site.tar.gz");
let uploadName: string;

beforeAll(async () => {
  const smtp = await startSmtpSink();
  const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER }, { embeddedOnDisk: true, dataDir: path.join(work, "data") });
  try {
    const admin = await signInByEmail(app, smtp, OWNER);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(Buffer.from("%PDF-1.7\nthe price list\n"))]), "prices.pdf");
    const uploaded = await app.fetch("/api/upload/file", { method: "POST", body: form, headers: { cookie: admin } });
    expect(uploaded.status).toBe(201);
    const fileUrl = ((await uploaded.json()) as { file_url: string }).file_url;
    uploadName = path.basename(fileUrl);
    // A row refers to it: the site needs the file.
    const guide = await app.fetch("/api/tables/care_guides", {
      method: "POST",
      headers: { cookie: admin, "content-type": "application/json" },
      body: JSON.stringify({ title: "Price List", body: "<p>See the PDF.</p>", pdf: fileUrl }),
    });
    expect(guide.status, await guide.clone().text()).toBe(201);
    const run = await runScript("db-backup.ts", [backup], { DATA_DIR: path.join(work, "data") });
    expect(run.code, run.stderr).toBe(0);
  } finally {
    await app.stop();
    await smtp.stop();
  }
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The backup repacked without its uploaded files, as a backup that lost one would be. */
async function backupWithoutUploads(): Promise<string> {
  const unpacked = mkdtempSync(path.join(work, "unpacked-"));
  await tar.x({ file: backup, cwd: unpacked });
  expect(readdirSync(path.join(unpacked, "uploads"))).toEqual([uploadName]);
  rmSync(path.join(unpacked, "uploads", uploadName));
  const file = path.join(work, "no-uploads.tar.gz");
  await tar.c({ gzip: true, file, cwd: unpacked, portable: true }, readdirSync(unpacked));
  return file;
}

/** The backup repacked around a database dump cut short. */
async function backupWithTruncatedDatabase(): Promise<string> {
  const unpacked = mkdtempSync(path.join(work, "unpacked-"));
  await tar.x({ file: backup, cwd: unpacked });
  const dump = path.join(unpacked, "db.tar.gz");
  writeFileSync(dump, readFileSync(dump).subarray(0, 100_000));
  const file = path.join(work, "truncated-database.tar.gz");
  await tar.c({ gzip: true, file, cwd: unpacked, portable: true }, readdirSync(unpacked));
  return file;
}

const restore = (file: string, dataDir: string, ...flags: string[]) => runScript("db-restore.ts", [...flags, file], { DATA_DIR: dataDir });

describe("db:restore", () => {
  it("refuses a backup that lacks an upload the data needs, naming it, and leaves nothing behind", { timeout: 120_000 }, async () => {
    const file = await backupWithoutUploads();
    const dataDir = path.join(work, "missing-upload");
    const run = await restore(file, dataDir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`1 uploaded file the data refers to is not in ${file}: ${uploadName}.`);
    expect(run.stderr).toContain("--allow-missing-uploads");
    expect(run.stdout).toBe("");
    expect(existsSync(dataDir)).toBe(false);
  });

  it("restores it with --allow-missing-uploads, still naming the missing file", { timeout: 120_000 }, async () => {
    const file = await backupWithoutUploads();
    const dataDir = path.join(work, "allowed");
    const run = await restore(file, dataDir, "--allow-missing-uploads");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`Warning: 1 uploaded file the data refers to is not in ${file}: ${uploadName}.`);
    expect(run.stdout).toBe(`${dataDir}\n`);
    expect(existsSync(path.join(dataDir, "db"))).toBe(true);
  });

  it("says in one line that a backup whose database is cut short cannot be restored, and exits 1", { timeout: 120_000 }, async () => {
    // A whole archive around a truncated database dump (a cut-short file fails earlier, unpacking, also in one line).
    const truncated = await backupWithTruncatedDatabase();

    const dataDir = path.join(work, "from-truncated");
    const run = await restore(truncated, dataDir);
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines.at(-1)).toMatch(new RegExp(`^${truncated} is not a whole backup made by db:backup: its database is cut short or damaged \\(.+\\)\\.$`));
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(lines.length).toBeLessThanOrEqual(2); // "Restoring the database into …", then the error
    expect(existsSync(dataDir)).toBe(false);

    // Cut short as a whole: one line too.
    const whole = readFileSync(backup);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const cut = await restore(truncated, dataDir);
    expect(cut.code).toBe(1);
    expect(cut.stderr.trim().split("\n")).toEqual([`${truncated} is not a backup made by db:backup (it could not be unpacked: zlib: unexpected end of file)`]);
  });

  it("keeps a DATA_DIR that existed before a failed restore (a mount point, say), empty as it was", { timeout: 120_000 }, async () => {
    const dataDir = path.join(work, "mounted");
    mkdirSync(dataDir);
    for (const file of [await backupWithTruncatedDatabase(), await backupWithoutUploads()]) {
      const run = await restore(file, dataDir);
      expect(run.code, file).toBe(1);
      expect(existsSync(dataDir), file).toBe(true);
      expect(readdirSync(dataDir), file).toEqual([]);
    }
  });
});
