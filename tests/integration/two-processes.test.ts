import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { freePortAddress, signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { startRoundRobinProxy, steadyLoad, type RoundRobinProxy } from "../helpers/round-robin-proxy";
import { startS3Server, type S3Server } from "../helpers/s3-server";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

// Several processes, proved: two production servers on one PostgreSQL database
// and one S3 bucket, behind a round-robin load balancer, with SESSION_SECRET
// unset (each has its own DATA_DIR). What one process does, the other sees;
// what must happen once happens once; and a rolling restart under load loses
// no request. Only on a PostgreSQL server: the embedded database has one process.
const OWNER = "owner@example.com";

describe.skipIf(!process.env.TEST_DATABASE_URL)("two app processes on one PostgreSQL database and one bucket", () => {
  let smtp: SmtpSink;
  let s3: S3Server;
  let shared: TestDatabase;
  let proxy: RoundRobinProxy;
  const servers: AppServer[] = [];
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), "gr-detail-two-")));
  const env = () => ({
    SMTP_URL: smtp.url,
    APP_URL: front.url,
    ADMIN_EMAILS: OWNER,
    QUOTE_NOTIFY_EMAIL: OWNER,
    TRUST_PROXY: "1",
    LEAD_REMINDER_MINUTES: "0.05", // 3 s
    DATABASE_URL: shared.url,
    ...s3.env,
  });
  // The balancer, as a client sees it: same-origin requests, redirects not followed.
  const site = () =>
    ({
      url: proxy.url,
      fetch(pathname: string, init: RequestInit = {}) {
        const headers = new Headers(init.headers);
        if (!headers.has("origin")) headers.set("origin", proxy.url);
        return fetch(proxy.url + pathname, { ...init, headers, redirect: "manual" });
      },
    }) as AppServer;
  let admin = "";
  // The balancer's address, known before the servers start: their APP_URL (SMTP_URL requires one).
  let front: { port: string; url: string };

  beforeAll(async () => {
    front = await freePortAddress();
    smtp = await startSmtpSink();
    s3 = await startS3Server();
    shared = await createTestDatabase();
    servers.push(...(await Promise.all(dataDirs.map((dataDir) => startAppServer(env(), { embeddedOnDisk: true, dataDir })))));
    proxy = await startRoundRobinProxy(
      servers.map((s) => s.url),
      Number(front.port),
    );
    admin = await signInByEmail(site(), smtp, OWNER);
  });
  afterAll(async () => {
    await proxy?.close();
    for (const server of servers) await server.stop();
    await shared?.drop();
    await s3?.stop();
    await smtp?.stop();
  });

  const json = (body: unknown, address = "203.0.113.1") => ({
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(body),
  });
  const quote = (n: number) => ({ formId: "quote_form", name: `Two Proc ${n}`, email: `two.${n}@example.com`, phone: "6165550123", vehicle_type: "Car", message: "Either one" });

  it("a sign-in made through one process is good on both (the secret is the database's)", async () => {
    // signInByEmail sent the code through one process and checked it through the other.
    expect(proxy.served[0]).toBeGreaterThan(0);
    expect(proxy.served[1]).toBeGreaterThan(0);
    for (const server of servers) expect((await server.fetch("/api/users/me", { headers: { cookie: admin } })).status, server.url).toBe(200);
  });

  it("quote limits and sign-in code limits count across both processes", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await site().fetch("/api/forms/submit", json(quote(n), "203.0.113.7"))).status);
    // Five per address and ten minutes (app/server/quote.server.ts), whichever process took them.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const [a, b] = servers as [AppServer, AppServer];
    expect((await a.fetch("/api/send-otp", json({ email: "waits@example.com" }, "203.0.113.8"))).status).toBe(200);
    // The resend wait applies on the other process too.
    expect((await b.fetch("/api/send-otp", json({ email: "waits@example.com" }, "203.0.113.8"))).status).toBe(429);
  });

  it("a change to the business settings shows on both processes' cached pages within about a second", async () => {
    const [a, b] = servers as [AppServer, AppServer];
    for (const server of servers) expect(await (await server.fetch("/")).text()).toContain(SEED_SETTINGS.businessName);
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...SEED_SETTINGS, notifyEmail: OWNER, businessName: "Shine Two Process" })) form.set(name, String(value));
    // Straight to process a, as the balancer would pass it on: React Router's own
    // check wants the Origin (the balancer's, APP_URL) to be the request's host.
    const saved = await a.fetch("/admin/settings", { method: "POST", body: form, headers: { cookie: admin, "x-forwarded-host": new URL(front.url).host } });
    expect(saved.status).toBeLessThan(400);
    // Each process reads the database's content version at most once a second
    // before serving its cached copy (server/page-cache.ts): the other process
    // follows within about a second (more on a busy machine).
    const savedAt = Date.now();
    for (const server of [b, a]) {
      await expect.poll(async () => (await server.fetch("/")).text(), { timeout: 5_000, interval: 50 }).toContain("Shine Two Process");
    }
    console.log(`two processes: the settings change showed on both within ${Date.now() - savedAt} ms`);
  });

  it("an upload taken by one process is served by the other (from the bucket)", async () => {
    const [a, b] = servers as [AppServer, AppServer];
    const form = new FormData();
    const pdf = Buffer.from("%PDF-1.7\nprices for both\n");
    form.append("file", new Blob([new Uint8Array(pdf)]), "prices.pdf");
    const uploaded = await a.fetch("/api/upload/file", { method: "POST", body: form, headers: { cookie: admin } });
    expect(uploaded.status).toBe(201);
    const { file_url } = (await uploaded.json()) as { file_url: string };
    for (const server of [b, a]) expect(Buffer.from(await (await server.fetch(file_url)).arrayBuffer())).toEqual(pdf);
  });

  it("sends each lead's notification, auto-reply and reminder exactly once", { timeout: 120_000 }, async () => {
    const client = new pg.Client({ connectionString: shared.url });
    await client.connect();
    try {
      const leads = (await client.query<{ id: number; email: string }>(`SELECT id, email FROM quote_requests ORDER BY id`)).rows;
      expect(leads).toHaveLength(5);
      const count = (match: (subject: string, to: string[]) => boolean) => smtp.messages.filter((m) => match(m.subject, m.to)).length;
      await expect
        .poll(() => leads.filter((l) => count((s) => s.startsWith(`Still waiting: quote request #${l.id} `)) > 0).length, { timeout: 60_000, interval: 250 })
        .toBe(leads.length);
      await expect
        .poll(async () => (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE sent_at IS NULL`)).rows[0]!.n, { timeout: 30_000, interval: 250 })
        .toBe(0);
      for (const lead of leads) {
        expect(count((s) => s.startsWith(`Still waiting: quote request #${lead.id} `)), `reminders of #${lead.id}`).toBe(1);
        expect(count((s, to) => to.includes(OWNER) && s.startsWith(`New quote request #${lead.id}:`)), `notifications of #${lead.id}`).toBe(1);
        expect(count((s, to) => to.includes(lead.email) && s === `We received your quote request #${lead.id}`), `auto-replies of #${lead.id}`).toBe(1);
      }
      const sent = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE sent_at IS NOT NULL`);
      expect(new Set(smtp.messages.map((m) => m.messageId)).size).toBe(smtp.messages.length);
      expect(smtp.messages.length).toBeGreaterThanOrEqual(sent.rows[0]!.n);
    } finally {
      await client.end();
    }
  });

  it("a rolling restart under steady load loses no request", { timeout: 300_000 }, async () => {
    const load = steadyLoad(proxy.url, 4);
    await expect.poll(() => load.answered).toBeGreaterThan(50);
    for (let i = 0; i < servers.length; i++) {
      const old = servers[i]!;
      const before = load.answered;
      await old.stop(); // SIGTERM: drains (/healthz 503), answers what it has, exits
      const fresh = await startAppServer(env(), { embeddedOnDisk: true, dataDir: dataDirs[i] });
      servers[i] = fresh;
      proxy.replace(i, fresh.url);
      // Traffic went on through the other process meanwhile, and now reaches the new one too.
      expect(load.answered).toBeGreaterThan(before);
      const served = proxy.served[i]!;
      await expect.poll(() => proxy.served[i]!, { timeout: 30_000 }).toBeGreaterThan(served + 5);
    }
    const result = await load.stop();
    console.log(`[rolling restart] ${result.answered} requests answered, ${result.failures.length} failed, ${proxy.retried} sent again to the other process`);
    expect(result.failures).toEqual([]);
    expect(result.answered).toBeGreaterThan(100);
  });
});
