import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

// With SESSION_SECRET unset, where the generated cookie-signing secret lives
// (docs/decisions/0038): on a PostgreSQL server in the database, so a session
// made on one process is good on every other; on the embedded database in
// $DATA_DIR, as before.

describe.skipIf(!process.env.TEST_DATABASE_URL)("the session secret on a PostgreSQL server", () => {
  let smtp: SmtpSink;
  let shared: TestDatabase;
  const servers: AppServer[] = [];
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), "gr-detail-secret-")));

  beforeAll(async () => {
    smtp = await startSmtpSink();
    // Empty, not the migrated template: both processes migrate it at once too (under the migration lock).
    shared = await createTestDatabase({ empty: true });
    const env = { SMTP_URL: smtp.url, DATABASE_URL: shared.url };
    // At the same time on a fresh database: both make a secret, one is kept.
    servers.push(
      ...(await Promise.all(dataDirs.map((dataDir) => startAppServer(env, { embeddedOnDisk: true, dataDir })))),
    );
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await shared?.drop();
    await smtp?.stop();
  });

  it("is made once, kept in the database, and a session made on one process works on the other", async () => {
    const [a, b] = servers as [AppServer, AppServer];
    const cookie = await signInByEmail(a, smtp, "both@example.com");
    for (const server of [a, b]) {
      const me = await server.fetch("/api/users/me", { headers: { cookie } });
      expect(me.status, server.url).toBe(200);
      expect((await me.json()) as { email: string }).toMatchObject({ email: "both@example.com" });
    }
    // A sign-in code sent by one process is accepted by the other (its hash is keyed by the same secret).
    const json = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const before = smtp.messages.length;
    expect((await a.fetch("/api/send-otp", json({ email: "code@example.com" }))).status).toBe(200);
    const mail = await smtp.waitFor((m) => smtp.messages.indexOf(m) >= before && m.to.includes("code@example.com"));
    const otp = mail.text.match(/\b(\d{6})\b/)![1]!;
    expect((await b.fetch("/api/verify-otp", json({ email: "code@example.com", otp }))).status).toBe(200);

    const client = new pg.Client({ connectionString: shared.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; length: number }>("SELECT name, length(value) AS length FROM app_secrets");
      expect(rows).toEqual([{ name: "session", length: 43 }]);
    } finally {
      await client.end();
    }
    for (const dir of dataDirs) expect(existsSync(path.join(dir, "session-secret")), dir).toBe(false);
  });
});

describe("the session secret on the embedded database", () => {
  let smtp: SmtpSink;
  let app: AppServer;
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-secret-"));

  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startAppServer({ SMTP_URL: smtp.url }, { embeddedOnDisk: true, dataDir });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  it("stays in $DATA_DIR/session-secret, readable by its owner only", async () => {
    const cookie = await signInByEmail(app, smtp, "solo@example.com");
    expect((await app.fetch("/api/users/me", { headers: { cookie } })).status).toBe(200);
    const file = path.join(dataDir, "session-secret");
    expect(readFileSync(file, "utf8").trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { statSync } = await import("node:fs");
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
