import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUOTE_SUCCESS_MESSAGE } from "~/lib/quote-form";
import { action as homeAction } from "~/routes/home";
import { reloadEnv } from "~/server/env.server";
import { deliverDueEmails } from "~/server/outbox-delivery.server";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { expectConsoleError } from "../helpers/console";
import { callRoute, routeContext } from "../helpers/routes";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// The home page's action and POST /api/forms/submit in this process, on this
// file's database; the origin check (Express's) through the production server at the end.
const database = useTestDatabase();
const db = () => database.db;

const OWNER = "owner@example.com";
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  Object.assign(process.env, { SMTP_URL: smtp.url, QUOTE_NOTIFY_EMAIL: OWNER });
  reloadEnv();
});
afterAll(async () => {
  await smtp?.stop();
});

let addresses = 0;
/** A client address of its own, so one test's submissions never count against another's limit. */
const freshIp = () => `203.0.113.${++addresses}`;

function quote(overrides: Record<string, string> = {}) {
  const n = ++addresses;
  return {
    name: `Customer ${n}`,
    email: `customer${n}@example.com`,
    phone: "(616) 555-0199",
    vehicle_type: "Boat",
    message: "24 ft pontoon, oxidation on the sides.",
    ...overrides,
  };
}

async function postForm(fields: Record<string, string>, clientIp: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const request = new Request("http://localhost/?index", { method: "POST", body });
  return callHomeAction(request, clientIp);
}

async function callHomeAction(request: Request, clientIp: string) {
  const context = routeContext(db(), { clientIp });
  const result = (await homeAction({ request, params: {}, context } as any)) as any;
  // data(value, init) comes back wrapped; a plain object means 200.
  return result?.type === "DataWithResponseInit"
    ? { status: result.init?.status ?? 200, headers: new Headers(result.init?.headers), body: result.data }
    : { status: 200, headers: new Headers(), body: result };
}

function postApi(body: unknown, clientIp: string, headers: Record<string, string> = {}) {
  const request = new Request("http://localhost/api/forms/submit", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return callRoute(request, routeContext(db(), { clientIp }));
}
const app = {
  fetch: (path: string, init?: RequestInit) => callRoute(new Request(`http://localhost${path}`, init), routeContext(db(), { clientIp: freshIp() })),
};

const storedFor = (email: string) => db().selectFrom("quote_requests").selectAll().where("email", "=", email).execute();
const outboxFor = (email: string) => db().selectFrom("email_outbox").selectAll().where("reply_to", "=", email).execute();

describe("the home page's action (the form without JavaScript)", () => {
  it("stores the request, answers with the success state and e-mails the owner every field", async () => {
    const fields = quote({ name: "Jane Smith", vehicle_type: "Truck", message: "F-150, dog hair everywhere." });
    const ip = freshIp();
    const res = await postForm(fields, ip);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: QUOTE_SUCCESS_MESSAGE });

    const [row, ...others] = await storedFor(fields.email);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ ...fields, status: "new", client_ip: ip });

    const mail = await smtp.waitFor((m) => m.subject.includes("Jane Smith"));
    expect(mail.to).toEqual([OWNER]);
    expect(mail.subject).toBe(`New quote request #${row!.id}: Jane Smith (Truck)`);
    for (const value of Object.values(fields)) expect(mail.text).toContain(value);
    const [queued] = await outboxFor(fields.email);
    expect(queued).toMatchObject({ to_address: OWNER, reply_to: fields.email });
  });

  it("answers invalid input with 400, the field messages and the values kept, and stores nothing", async () => {
    const fields = quote({ name: "J", email: "not-an-address", phone: "" });
    const res = await postForm(fields, freshIp());
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.result.error).toEqual({
      name: ["Name must be at least 2 characters."],
      email: ["Please enter a valid email address."],
      phone: ["Please enter your phone number."],
    });
    expect(res.body.result.initialValue).toMatchObject({ name: "J", email: "not-an-address", vehicle_type: "Boat" });
    expect(await storedFor("not-an-address")).toHaveLength(0);
  });

  it("answers a body that is not a form with a 4xx, not a crash", async () => {
    const request = new Request("http://localhost/?index", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const res = await callHomeAction(request, freshIp());
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it("answers a filled honeypot like a success but stores and sends nothing", async () => {
    const fields = quote({ website: "http://spam.example" });
    const res = await postForm(fields, freshIp());
    expect(res.body).toMatchObject({ success: true, message: QUOTE_SUCCESS_MESSAGE });
    expect(await storedFor(fields.email)).toHaveLength(0);
    expect(await outboxFor(fields.email)).toHaveLength(0);
  });

  it("limits each address to 5 requests in 10 minutes (429 with a clear message), without touching other addresses", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await postForm(quote(), ip)).status).toBe(200);
    const refused = quote();
    const res = await postForm(refused, ip);
    expect(res.status).toBe(429);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/^Too many quote requests from your network\. Please try again in \d+ minutes, or call us at/);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(res.body.result.initialValue).toMatchObject({ name: refused.name });
    expect(await storedFor(refused.email)).toHaveLength(0);

    expect((await postForm(quote(), freshIp())).status).toBe(200);
  });

  it("caps each address at 20 requests a day", async () => {
    const ip = freshIp();
    const earlier = new Date(Date.now() - 3 * 3600_000);
    await db()
      .insertInto("rate_limit_hits")
      .values(Array.from({ length: 20 }, () => ({ bucket: "quote:ip:day", key: ip, created_at: earlier })))
      .execute();
    const res = await postForm(quote(), ip);
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/try again in \d+ hours/);
  });

  it("lets exactly 5 of 8 simultaneous requests from one address through", async () => {
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 8 }, () => postForm(quote({ vehicle_type: "Race" }), ip)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const stored = await db().selectFrom("quote_requests").select("id").where("client_ip", "=", ip).execute();
    expect(stored).toHaveLength(5);
  });
});

describe("POST /api/forms/submit", () => {
  it("accepts a quote and answers { success: true, message } with the spec's text", async () => {
    const fields = quote({ vehicle_type: "SUV" });
    const res = await postApi({ formId: "quote_form", ...fields }, freshIp());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: QUOTE_SUCCESS_MESSAGE });
    const [row] = await storedFor(fields.email);
    const mail = await smtp.waitFor((m) => m.to.includes(OWNER) && m.text.includes(fields.email));
    expect(mail.subject).toBe(`New quote request #${row!.id}: ${fields.name} (SUV)`);
  });

  it("stores the request and answers success while the mail server is down; the outbox mails it once it is back", async () => {
    // The owner's notification and the customer's receipt both wait for the mail server.
    expectConsoleError(/\[outbox\] e-mail \d+ failed/);
    await smtp.stop();
    try {
      const fields = quote({ name: "Outage Customer" });
      const res = await postApi({ formId: "quote_form", ...fields }, freshIp());
      expect(res.status).toBe(200);
      expect((await res.json()).success).toBe(true);
      expect(await storedFor(fields.email)).toHaveLength(1);

      // The immediate delivery attempt fails and schedules a retry.
      await expect.poll(async () => (await outboxFor(fields.email))[0]?.attempts, { timeout: 15_000 }).toBe(1);
      const [failed] = await outboxFor(fields.email);
      expect(failed!.sent_at).toBeNull();
      expect(failed!.last_error).toBeTruthy();
    } finally {
      await smtp.start();
    }
    await db().updateTable("email_outbox").set({ next_attempt_at: new Date() }).where("sent_at", "is", null).execute();
    await deliverDueEmails(db());
    const mail = await smtp.waitFor((m) => /^New quote request #\d+: Outage Customer \(Boat\)$/.test(m.subject));
    expect(mail.to).toEqual([OWNER]);
  });

  it("answers invalid fields with 400 and the messages per field", async () => {
    const res = await postApi({ formId: "quote_form", ...quote({ phone: "123", message: "x".repeat(1001) }) }, freshIp());
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, message: expect.any(String), error: expect.any(String) });
    expect(body.errors).toEqual({
      phone: ["Phone must be at least 10 characters."],
      message: ["Additional details must be at most 1000 characters."],
    });
  });

  it("answers malformed requests with a 4xx JSON error and stores nothing", async () => {
    const before = await db().selectFrom("quote_requests").select(db().fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const cases: [string, Promise<Response>, number][] = [
      ["malformed JSON", postApi("{ not json", freshIp()), 400],
      ["an array", postApi([quote()], freshIp()), 400],
      ["null", postApi("null", freshIp()), 400],
      ["a string", postApi('"hello"', freshIp()), 400],
      ["an empty body", postApi("", freshIp()), 400],
      ["no formId", postApi(quote(), freshIp()), 400],
      ["a non-string formId", postApi({ formId: 7, ...quote() }, freshIp()), 400],
      ["an unknown formId", postApi({ formId: "newsletter", ...quote() }, freshIp()), 404],
      ["form encoding", postApi("name=x", freshIp(), { "content-type": "application/x-www-form-urlencoded" }), 415],
      ["no content type", app.fetch("/api/forms/submit", { method: "POST", body: JSON.stringify({ formId: "quote_form", ...quote() }) }), 415],
      ["a body over 32 KB", postApi({ formId: "quote_form", ...quote({ message: "x".repeat(40_000) }) }, freshIp()), 413],
      ["a GET", app.fetch("/api/forms/submit"), 405],
      ["a NUL character", postApi({ formId: "quote_form", ...quote({ name: "Nul\u0000Name" }) }, freshIp()), 400],
    ];
    for (const [what, pending, status] of cases) {
      const res = await pending;
      expect(res.status, what).toBe(status);
      const body = await res.json();
      expect(body.success, what).toBe(false);
      expect(typeof body.error, what).toBe("string");
    }
    const after = await db().selectFrom("quote_requests").select(db().fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("answers a filled honeypot like a success but stores nothing", async () => {
    const fields = quote({ website: "buy-now.example" });
    const res = await postApi({ formId: "quote_form", ...fields }, freshIp());
    expect(await res.json()).toEqual({ success: true, message: QUOTE_SUCCESS_MESSAGE });
    expect(await storedFor(fields.email)).toHaveLength(0);
  });

  it("shares the per-address limit with the form and answers 429 JSON when it is reached", async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await postForm(quote(), ip)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await postApi({ formId: "quote_form", ...quote() }, ip)).status).toBe(200);
    const res = await postApi({ formId: "quote_form", ...quote() }, ip);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, error: body.message });
    expect(body.message).toMatch(/^Too many quote requests/);
    expect((await postApi({ formId: "quote_form", ...quote() }, freshIp())).status).toBe(200);
  });

});

describe("POST /api/forms/submit through the production server", () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await startAppServer({ SMTP_URL: smtp.url, QUOTE_NOTIFY_EMAIL: OWNER, TRUST_PROXY: "1" });
  });
  afterAll(() => server?.stop());

  it("refuses a cross-site post", async () => {
    const res = await server.fetch("/api/forms/submit", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": freshIp(), origin: "https://evil.example" },
      body: JSON.stringify({ formId: "quote_form", ...quote() }),
    });
    expect(res.status).toBe(403);
  });
});
