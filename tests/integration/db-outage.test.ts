import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy";
import { seedBusiness } from "../helpers/seed-business";

// The first-start settings.
const business = seedBusiness;

// Only a PostgreSQL server can be stopped or hang under the app; PGlite is in-process.
const onServer = !!process.env.TEST_DATABASE_URL;

let database: TestDatabase;
let proxy: TcpProxy;
let app: AppServer;

beforeAll(async () => {
  if (!onServer) return;
  database = await createTestDatabase();
  proxy = await startTcpProxy();
  app = await startAppServer({ DATABASE_URL: proxy.through(database.url) });
}, 90_000);
// Each test breaks the database its own way and must not leave it broken for the next.
afterEach(async () => {
  await proxy?.restore();
});
afterAll(async () => {
  await proxy?.restore();
  await app?.stop();
  await proxy?.close();
  await database?.drop();
});

const get = (path: string) => timed(fetch(app.url + path, { redirect: "manual" }));

async function timed(pending: Promise<Response>) {
  const started = performance.now();
  const res = await pending;
  const body = await res.text();
  return { status: res.status, headers: res.headers, body, ms: performance.now() - started };
}

const quote = (n: number) => ({
  name: `Caller ${n}`,
  email: `caller${n}@example.com`,
  phone: "6165550123",
  vehicle_type: "Boat",
});
const postQuoteJson = (n: number) =>
  timed(
    fetch(`${app.url}/api/forms/submit`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ formId: "quote_form", ...quote(n) }),
    }),
  );
const postQuoteForm = (n: number) =>
  timed(
    fetch(`${app.url}/?index`, { method: "POST", headers: { origin: app.url }, body: new URLSearchParams(quote(n)) }),
  );

/** Rows as the database has them, read directly (not through the proxy). */
async function counts() {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ quotes: number; mails: number }>(
      "SELECT (SELECT count(*) FROM quote_requests)::int AS quotes, (SELECT count(*) FROM email_outbox)::int AS mails",
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

/** After restore(), the site answers again, with no restart: the first /healthz 200 within a second or two. */
async function recovers() {
  await proxy.restore();
  const started = performance.now();
  await expect.poll(async () => (await get("/healthz")).status, { timeout: 15_000, interval: 50 }).toBe(200);
  return performance.now() - started;
}

describe.runIf(onServer)("a database outage", () => {
  it(
    "/healthz answers 503 within 2 s when the database is stopped or hung, and 200 once it is back",
    { timeout: 60_000 },
    async () => {
      expect((await get("/healthz")).status).toBe(200);

      await proxy.cut();
      const stopped = await get("/healthz");
      console.log(`healthz, database stopped: ${stopped.status} in ${Math.round(stopped.ms)} ms`);
      expect(stopped.status).toBe(503);
      expect(stopped.ms).toBeLessThan(2000);
      console.log(`recovered in ${Math.round(await recovers())} ms after the database came back`);

      proxy.hang();
      const hung = await get("/healthz");
      console.log(`healthz, database hung: ${hung.status} in ${Math.round(hung.ms)} ms`);
      expect(hung.status).toBe(503);
      expect(hung.ms).toBeLessThan(2000);
      console.log(`recovered in ${Math.round(await recovers())} ms after the database came back`);
    },
  );

  it(
    "serves / and /about from the page cache while the database is down; other pages get a friendly 503",
    { timeout: 90_000 },
    async () => {
      for (const path of ["/", "/about"]) expect((await get(path)).status).toBe(200);

      for (const breakIt of [() => proxy.cut(), () => proxy.hang()]) {
        await breakIt();
        // Until the cache notices (its last good check is under a second old)
        // the page is a plain hit; then it is served stale. Never an error.
        for (const path of ["/", "/about"]) {
          const failures: string[] = [];
          await expect
            .poll(
              async () => {
                const page = await get(path);
                if (page.status !== 200 || page.ms >= 2000 || !page.body.includes(business.phone)) {
                  failures.push(`${path}: ${page.status} in ${Math.round(page.ms)} ms`);
                }
                return page.headers.get("x-page-cache");
              },
              { timeout: 10_000, interval: 100 },
            )
            .toBe("stale");
          expect(failures).toEqual([]);
        }
        // A query string bypasses the cache: this one needs the database.
        const other = await get("/?from=newsletter");
        console.log(`/?from=newsletter during the outage: ${other.status} in ${Math.round(other.ms)} ms`);
        expect(other.status).toBe(503);
        expect(other.ms).toBeLessThan(8000);
        expect(Number(other.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(other.headers.get("content-type")).toMatch(/^text\/html/);
        expect(other.body).toContain(business.phone);
        expect(other.body).not.toMatch(/Unexpected Server Error|Something went wrong/);

        const api = await timed(
          fetch(`${app.url}/api/send-otp`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: app.url },
            body: JSON.stringify({ email: "staff@example.com" }),
          }),
        );
        expect(api.status).toBe(503);
        expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(JSON.parse(api.body)).toEqual({ error: expect.stringMatching(/database/i) });
        await recovers();
        expect((await get("/?from=newsletter")).status).toBe(200);
      }
    },
  );

  it(
    "a quote sent during an outage gets 503 and the number to call; nothing is half-saved; after recovery it lands",
    { timeout: 90_000 },
    async () => {
      const before = await counts();
      let n = 0;
      for (const breakIt of [() => proxy.cut(), () => proxy.hang()]) {
        await breakIt();
        const json = await postQuoteJson(++n);
        console.log(`quote (JSON) during the outage: ${json.status} in ${Math.round(json.ms)} ms`);
        expect(json.status).toBe(503);
        expect(json.ms).toBeLessThan(8000);
        const answer = JSON.parse(json.body);
        expect(answer).toMatchObject({ success: false });
        expect(answer.message).toContain(business.phone);
        expect(answer.error).toBe(answer.message);
        expect(Number(json.headers.get("retry-after"))).toBeGreaterThan(0);

        const form = await postQuoteForm(++n);
        console.log(`quote (form post) during the outage: ${form.status} in ${Math.round(form.ms)} ms`);
        expect(form.status).toBe(503);
        expect(form.ms).toBeLessThan(8000);
        expect(form.body).toContain(business.phone);
        expect(form.body).toMatch(/not (been )?(sent|saved)/i);
        expect(Number(form.headers.get("retry-after"))).toBeGreaterThan(0);

        await recovers();
        expect(await counts()).toEqual(before);
      }

      const json = await postQuoteJson(++n);
      expect(json.status, json.body).toBe(200);
      const form = await postQuoteForm(++n);
      expect(form.status).toBe(200);
      // Each request: the owner's notification and the customer's receipt.
      expect(await counts()).toEqual({ quotes: before.quotes + 2, mails: before.mails + 4 });
    },
  );

  it("a connection lost in the middle of a query fails that request with a 503; the process lives on", async () => {
    expect((await get("/?from=warmup")).status).toBe(200);
    proxy.hang();
    const held = proxy.heldBytes();
    const pending = get("/?from=in-flight");
    // The page's query has gone out and waits for its answer...
    await expect.poll(() => proxy.heldBytes(), { interval: 20 }).toBeGreaterThan(held);
    // ...when the server goes away.
    await proxy.cut();
    const page = await pending;
    expect(page.status).toBe(503);
    expect(page.ms).toBeLessThan(5000);
    expect(app.process.exitCode).toBeNull();
    await recovers();
    expect((await get("/?from=after")).status).toBe(200);
  });
});
