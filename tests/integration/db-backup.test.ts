import { mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { runScript } from "../helpers/run-script";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

// @ci-once: always on the embedded database on disk, whatever TEST_DATABASE_URL says; CI's second pass, on the embedded database, skips it.

// `npm run db:backup` while the site runs and takes writes, then
// `npm run db:restore -- <file>` into a new data directory and a site started
// on it (docs/decisions/0075). Always on the embedded database: that is what
// these commands back up.
const OWNER = "owner@example.com";
const work = mkdtempSync(path.join(tmpdir(), "gr-detail-backup-"));
const dataDir = path.join(work, "data");
let smtp: SmtpSink;
let app: AppServer | undefined;
let restored: AppServer | undefined;

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER, TRUST_PROXY: "1" }, { embeddedOnDisk: true, dataDir });
});
afterAll(async () => {
  await app?.stop();
  await restored?.stop();
  await smtp?.stop();
});

const quote = (server: AppServer, n: number) =>
  server.fetch("/api/forms/submit", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}` },
    body: JSON.stringify({ formId: "quote_form", name: `Backup Lead ${n}`, email: `backup.${n}@example.com`, phone: "6165550123", vehicle_type: "Car", message: "Keep me" }),
  });

describe("db:backup and db:restore", () => {
  it("backs up while the site takes writes, and the restored site has the data, the uploads and the sessions", { timeout: 300_000 }, async () => {
    const admin = await signInByEmail(app!, smtp, OWNER);
    const form = new FormData();
    const pdf = Buffer.from("%PDF-1.7\nthe price list\n");
    form.append("file", new Blob([new Uint8Array(pdf)]), "prices.pdf");
    const uploaded = await app!.fetch("/api/upload/file", { method: "POST", body: form, headers: { cookie: admin } });
    expect(uploaded.status).toBe(201);
    const fileUrl = ((await uploaded.json()) as { file_url: string }).file_url;

    // Steady writes before, during and after the backup.
    let sent = 0;
    let acceptedBeforeBackup = 0;
    let writing = true;
    const accepted: number[] = [];
    const writer = (async () => {
      while (writing) {
        const n = sent++;
        const res = await quote(app!, n);
        expect(res.status).toBe(200);
        accepted.push(n);
      }
    })();
    await expect.poll(() => accepted.length).toBeGreaterThanOrEqual(5);
    acceptedBeforeBackup = accepted.length;
    const file = path.join(work, "backups", "site.tar.gz");
    const run = await runScript("db-backup.ts", [file], { DATA_DIR: dataDir });
    const acceptedAfterBackup = accepted.length;
    writing = false;
    await writer;
    expect(run.code, run.stderr).toBe(0);
    // The absolute path alone on stdout; what happened on stderr.
    expect(run.stdout).toBe(`${file}\n`);
    expect(run.stderr).toContain(`The site is running on ${dataDir}: asking it for a copy of its database`);
    expect(run.stderr).toContain("and 1 uploaded file(s)");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The site answered all along, and goes on.
    expect((await app!.fetch("/healthz")).status).toBe(200);

    // Not into a data directory that has anything in it.
    const busy = path.join(work, "busy");
    mkdirSync(busy);
    writeFileSync(path.join(busy, "notes.txt"), "mine");
    const refused = await runScript("db-restore.ts", [file], { DATA_DIR: busy });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`DATA_DIR ${busy} is not empty (it has notes.txt). db:restore restores only into an empty data directory`);

    const newDir = path.join(work, "restored");
    const restore = await runScript("db-restore.ts", [file], { DATA_DIR: newDir });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stderr).toContain("with 1 uploaded file(s)");

    restored = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER }, { embeddedOnDisk: true, dataDir: newDir });
    // The session made before the backup is good on the restored site (same secret, same sessions table).
    expect((await restored.fetch("/api/users/me", { headers: { cookie: admin } })).status).toBe(200);
    const served = await restored.fetch(fileUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(pdf);
    const res = await restored.fetch("/api/tables/quote_requests?limit=100", { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    const { total, rows } = (await res.json()) as { total: number; rows: { name: string }[] };
    // Every quote answered before the backup began is in it; none answered after it ended could be.
    expect(total).toBeGreaterThanOrEqual(acceptedBeforeBackup);
    expect(total).toBeLessThanOrEqual(acceptedAfterBackup + 1);
    const names = new Set(rows.map((r) => r.name));
    for (let n = 0; n < Math.min(acceptedBeforeBackup, 100); n++) expect(names.has(`Backup Lead ${n}`), `lead ${n}`).toBe(true);
  });

  it("on a PostgreSQL server says to use pg_dump, showing the command", async () => {
    const run = await runScript("db-backup.ts", [], { DATA_DIR: dataDir, DATABASE_URL: "postgres://shop:secret@db.internal:5432/shine" });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/back it up with PostgreSQL's own tool, e\.g\.\n\n {2}pg_dump --format=custom --file=backup-\d{4}-\d\d-\d\d\.dump 'postgres:\/\/shop:\*\*\*@db\.internal:5432\/shine'/);
    expect(run.stderr).not.toContain("secret");
  });
});
