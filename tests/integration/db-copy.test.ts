import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { runScript } from "../helpers/run-script";
import { startS3Server, type S3Server } from "../helpers/s3-server";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

// `npm run db:copy -- <DATABASE_URL>`: the move from the embedded database to a
// PostgreSQL server (docs/decisions/0074). A site is used on the embedded
// database (a sign-in, quotes, an image upload), stopped, copied, and started
// again on the server: everything is there, sessions included, and new rows
// get new ids. Only with a PostgreSQL server to copy to.
const OWNER = "owner@example.com";

describe.skipIf(!process.env.TEST_DATABASE_URL)("db:copy from the embedded database to PostgreSQL", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-copy-"));
  let smtp: SmtpSink;
  let s3: S3Server;
  let target: TestDatabase;
  let embedded: AppServer | undefined;
  let moved: AppServer | undefined;
  let admin = "";
  let imageUrl = "";
  const env = () => ({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER, TRUST_PROXY: "1" });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    s3 = await startS3Server();
    target = await createTestDatabase({ empty: true });
    embedded = await startAppServer(env(), { embeddedOnDisk: true, dataDir });
    admin = await signInByEmail(embedded, smtp, OWNER);
    for (let i = 0; i < 3; i++) {
      const res = await embedded.fetch("/api/forms/submit", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${i + 1}` },
        body: JSON.stringify({ formId: "quote_form", name: `Copy Lead ${i}`, email: `copy.${i}@example.com`, phone: "6165550123", vehicle_type: "Car", message: "Before the move" }),
      });
      expect(res.status).toBe(200);
    }
    const form = new FormData();
    const jpeg = await sharp(Buffer.alloc(300 * 200 * 3, 0x60), { raw: { width: 300, height: 200, channels: 3 } }).jpeg().toBuffer();
    form.append("file", new Blob([new Uint8Array(jpeg)]), "boat.jpg");
    const uploaded = await embedded.fetch("/api/upload/image", { method: "POST", body: form, headers: { cookie: admin } });
    expect(uploaded.status).toBe(201);
    imageUrl = ((await uploaded.json()) as { media_url: string }).media_url;
  });
  afterAll(async () => {
    await embedded?.stop();
    await moved?.stop();
    await target?.drop();
    await s3?.stop();
    await smtp?.stop();
  });

  it("refuses while the site runs on the data directory, saying so", async () => {
    const run = await runScript("db-copy.ts", [target.url], { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/The site is running on this data directory, so db:copy cannot open it\.\nThe embedded database in .* is in use by another process \(PID \d+/);
  });

  it("copies every table with its row count, the uploads to S3, and the site carries on on the server", { timeout: 240_000 }, async () => {
    await embedded!.stop();
    embedded = undefined;
    const run = await runScript("db-copy.ts", [target.url, "--uploads"], { DATA_DIR: dataDir, ...s3.env });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Copied \d+ rows in \d+ tables; the row counts match\./);
    expect(run.stdout).toMatch(/  quote_requests: 3 rows/);
    const uploads = readdirSync(path.join(dataDir, "uploads")).filter((f) => f !== ".partial");
    expect(run.stdout).toContain(`Uploads: ${uploads.length} file(s) copied from ${path.join(dataDir, "uploads")} to the bucket ${s3.bucket}`);

    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const counts = async (table: string) => (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
      expect(await counts("quote_requests")).toBe(3);
      expect(await counts("users")).toBe(1);
      expect(await counts("sessions")).toBe(1);
      expect(await counts("images")).toBe(1);
      // The counters the triggers keep were copied as they were, not counted twice.
      const counter = async (name: string) =>
        (await client.query<{ n: number }>(`SELECT coalesce(sum(n), 0)::int AS n FROM counter_deltas WHERE counter = $1`, [name])).rows[0]!.n;
      expect(await counter("rows:quote_requests")).toBe(3);
      expect(await counter("leads:new")).toBe(3);
    } finally {
      await client.end();
    }

    // The site on the server, uploads in S3: the session made on the embedded
    // site still works (its secret came along), the image is served, a new quote gets the next id.
    moved = await startAppServer({ ...env(), ...s3.env, DATABASE_URL: target.url }, { embeddedOnDisk: true });
    expect((await moved.fetch("/api/users/me", { headers: { cookie: admin } })).status).toBe(200);
    const image = await moved.fetch(imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    const created = await moved.fetch("/api/forms/submit", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.99" },
      body: JSON.stringify({ formId: "quote_form", name: "After Move", email: "after@example.com", phone: "6165550123", vehicle_type: "Boat", message: "On the server" }),
    });
    expect(created.status).toBe(200);
    const list = await moved.fetch("/api/tables/quote_requests?sort=id:desc", { headers: { cookie: admin } });
    expect(list.status).toBe(200);
    const body = JSON.stringify(await list.json());
    expect(body).toContain("After Move");
    const ids = [...body.matchAll(/"id":(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...ids)).toBe(4);
  });

  it("refuses a target that is not empty, and changes nothing there", async () => {
    const run = await runScript("db-copy.ts", [target.url], { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/The target database postgres:\/\/.* is not empty: it has \d+ table\(s\) or sequence\(s\) \(.*\)\. db:copy copies only into an empty database/);
  });

  // Three runs of the script, each a new tsx process: more than the default 30 s on a busy machine.
  it("explains what it needs: a postgres:// URL, S3 settings for --uploads", { timeout: 90_000 }, async () => {
    expect((await runScript("db-copy.ts", [], { DATA_DIR: dataDir })).stderr).toContain("Usage: npm run db:copy -- <postgres://");
    expect((await runScript("db-copy.ts", ["mysql://x"], { DATA_DIR: dataDir })).stderr).toContain("The target must be a postgres:// URL");
    const noS3 = await runScript("db-copy.ts", [target.url, "--uploads"], { DATA_DIR: dataDir });
    expect(noS3.code).toBe(1);
    expect(noS3.stderr).toContain("--uploads copies the uploads to S3-compatible storage: set S3_BUCKET");
  });
});
