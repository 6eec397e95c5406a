import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dayIn } from "~/lib/time-zone";
import { TOKEN_FAILURE_LIMIT, TOKEN_RATE_LIMIT, tokenRequestCounter } from "~/server/auth/token-auth.server";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { callRoute, inProcessFetch, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// API tokens (docs/decisions/0036): made and revoked through the /admin/tokens
// page's action, used as Authorization: Bearer on the administrators' API, in
// this process on this file's database; then the production server for the
// Origin check, which is Express's.
const database = useTestDatabase({ ADMIN_EMAILS: undefined, BUSINESS_TIME_ZONE: undefined });
const db = () => database.db;
const api = inProcessFetch(db, { clientIp: "203.0.113.7" });
const OWNER = "owner@example.com";
let owner: string;
beforeAll(async () => {
  owner = await sessionCookieFor(db(), OWNER, { admin: true });
});

const TIME_ZONE = "America/Detroit";
const today = () => dayIn(new Date(), TIME_ZONE);

/** The dashboard form, as a browser without JavaScript posts it. */
function tokensAction(fields: Record<string, string>, cookie = owner) {
  const body = new URLSearchParams(fields);
  return callRoute(
    new Request("http://localhost/admin/tokens", { method: "POST", body, headers: { cookie, "content-type": "application/x-www-form-urlencoded" } }),
    routeContext(db(), { clientIp: "203.0.113.7" }),
  );
}
async function createToken(name: string, options: { readOnly?: boolean; expires?: string; cookie?: string } = {}) {
  const fields: Record<string, string> = { intent: "create", name, expires: options.expires ?? addDays(today(), 30) };
  if (options.readOnly ?? true) fields.read_only = "on";
  const res = await tokensAction(fields, options.cookie);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { created: { id: number; name: string; token: string } };
  return body.created;
}
const tokensPage = async (cookie = owner) => {
  const res = await callRoute(new Request("http://localhost/admin/tokens", { headers: { cookie } }), routeContext(db()));
  expect(res.status).toBe(200);
  return (await res.json()) as { tokens: { id: number; name: string; readOnly: boolean; status: string; lastUsed: { iso: string } | null }[] };
};
const bearer = (token: string, init: RequestInit & { json?: unknown } = {}) => (path: string) => {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${token}`);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  return api(path, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
};
const auditRows = (event: string) =>
  db().selectFrom("auth_audit").select(["event", "email", "client_ip", "outcome", "detail"]).where("event", "=", event).orderBy("id").execute();
const pdf = () => {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"))], { type: "application/pdf" }), "a.pdf");
  return form;
};

describe("making a token on the dashboard", () => {
  it("shows the token once; only its SHA-256 is stored and the page never shows it again", async () => {
    const made = await createToken("Nightly export");
    expect(made.token).toMatch(/^grd_[A-Za-z0-9_-]{43}$/);
    const row = await db().selectFrom("api_tokens").selectAll().where("id", "=", made.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash("sha256").update(made.token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(made.token.slice(8));
    expect(row).toMatchObject({ name: "Nightly export", read_only: true, revoked_at: null, last_used_at: null });
    // Through the end of the chosen day, in the business's time zone.
    expect(dayIn(new Date(row.expires_at.getTime() - 1), TIME_ZONE)).toBe(addDays(today(), 30));
    expect(dayIn(row.expires_at, TIME_ZONE)).toBe(addDays(today(), 31));

    const page = await tokensPage();
    expect(JSON.stringify(page)).not.toContain(made.token.slice(8));
    expect(page.tokens[0]).toMatchObject({ id: made.id, name: "Nightly export", readOnly: true, status: "active", lastUsed: null });
    expect(await auditRows("api_token_created")).toEqual([
      expect.objectContaining({ email: OWNER, client_ip: "203.0.113.7", outcome: "created", detail: expect.stringContaining("Nightly export") }),
    ]);
  });

  it("refuses a missing name, a past or too distant expiry, and a non-administrator", async () => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ name: " ", expires: addDays(today(), 5) }, "name", /Name is required/],
      [{ name: "x".repeat(101), expires: addDays(today(), 5) }, "name", /cannot exceed 100/],
      [{ name: "ok", expires: addDays(today(), -1) }, "expires", /past/],
      [{ name: "ok", expires: addDays(today(), 400) }, "expires", /within 366 days/],
      [{ name: "ok", expires: "2027-02-30" }, "expires", /must be a date/],
      [{ name: "ok", expires: "" }, "expires", /required/],
    ];
    const before = await db().selectFrom("api_tokens").select("id").execute();
    for (const [fields, field, message] of cases) {
      const res = await tokensAction({ intent: "create", ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const body = (await res.json()) as { fields: Record<string, string> };
      expect(body.fields[field]).toMatch(message);
    }
    const staff = await sessionCookieFor(db(), "staff@example.com");
    expect((await tokensAction({ intent: "create", name: "mine", expires: addDays(today(), 5) }, staff)).status).toBe(403);
    expect(await db().selectFrom("api_tokens").select("id").execute()).toEqual(before);
  });
});

describe("using a token", () => {
  let readOnly: string;
  let readWrite: string;
  let readOnlyId: number;
  beforeAll(async () => {
    ({ token: readOnly, id: readOnlyId } = await createToken("Reports", { readOnly: true }));
    ({ token: readWrite } = await createToken("Sync", { readOnly: false }));
  });

  it("is accepted on /api/admin/*, /api/tables/* and /api/upload/*, acting as its maker", async () => {
    expect((await bearer(readOnly)("/api/admin/schemas")).status).toBe(200);
    expect((await bearer(readOnly)("/api/tables/quote_requests")).status).toBe(200);
    expect((await bearer(readOnly)("/api/tables/quote_requests/export")).status).toBe(200);
    const created = await bearer(readWrite, { method: "POST", json: { question: "Q?", answer: "A.", category: "General Questions" } })("/api/tables/faqs");
    const faq = await created.json();
    expect(created.status, JSON.stringify(faq)).toBe(201);
    expect((await bearer(readWrite, { method: "PUT", json: { sort_order: 2 } })(`/api/tables/faqs/${faq.id}`)).status).toBe(200);
    const upload = await bearer(readWrite, { method: "POST", body: pdf() })("/api/upload/file");
    expect(upload.status).toBe(201);
    expect((await upload.json()).file_url).toMatch(/^\/uploads\/.+\.pdf$/);
    expect((await bearer(readWrite, { method: "DELETE" })(`/api/tables/faqs/${faq.id}`)).status).toBe(200);
  });

  it("a read-only token gets 403 on every write (POST, PUT, DELETE, upload) and changes nothing", async () => {
    const faq = await (await bearer(readWrite, { method: "POST", json: { question: "Kept?", answer: "Yes.", category: "General Questions" } })("/api/tables/faqs")).json();
    const writes: [string, string, RequestInit & { json?: unknown }][] = [
      ["POST", "/api/tables/faqs", { json: { question: "No", answer: "No", category: "General Questions" } }],
      ["PUT", `/api/tables/faqs/${faq.id}`, { json: { question: "Changed" } }],
      ["PATCH", `/api/tables/faqs/${faq.id}`, { json: { question: "Changed" } }],
      ["DELETE", `/api/tables/faqs/${faq.id}`, {}],
      ["POST", "/api/upload/file", { body: pdf() }],
      ["POST", "/api/upload/media", { body: pdf() }],
    ];
    for (const [method, path, init] of writes) {
      const res = await bearer(readOnly, { ...init, method })(path);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({ error: "This API token is read-only" });
    }
    const faqs = await db().selectFrom("faqs").select(["id", "question"]).execute();
    expect(faqs).toEqual([{ id: faq.id, question: "Kept?" }]);
    expect((await auditRows("api_token_refused")).filter((r) => r.outcome === "read_only")).toHaveLength(writes.length);
  });

  it("records use: last used on the page (with the address), and the audit trail", async () => {
    const page = await tokensPage();
    const shown = page.tokens.find((t) => t.id === readOnlyId)!;
    expect(shown.lastUsed).not.toBeNull();
    expect(Date.now() - Date.parse(shown.lastUsed!.iso)).toBeLessThan(60_000);
    const row = await db().selectFrom("api_tokens").select(["last_used_ip"]).where("id", "=", readOnlyId).executeTakeFirstOrThrow();
    expect(row.last_used_ip).toBe("203.0.113.7");
    const used = await auditRows("api_token_used");
    expect(used.some((r) => r.outcome === "read" && r.detail.includes('"Reports"'))).toBe(true);
    // Every write is recorded, with what it was.
    expect(used.filter((r) => r.outcome === "write").map((r) => r.detail.split(": ")[1])).toEqual(
      expect.arrayContaining(["POST /api/tables/faqs", "POST /api/upload/file", expect.stringMatching(/^PUT \/api\/tables\/faqs\/\d+$/)]),
    );
    expect(used.every((r) => r.email === OWNER)).toBe(true);
  });

  it("writes its last use at most once a minute; reads add one audit line a minute, writes one each", async () => {
    const made = await createToken("Poller", { readOnly: false });
    const lastUse = () => db().selectFrom("api_tokens").select(["last_used_at"]).where("id", "=", made.id).executeTakeFirstOrThrow();
    const usedLines = async () => (await auditRows("api_token_used")).filter((r) => r.detail.startsWith(`token #${made.id} `));
    for (let i = 0; i < 3; i++) expect((await bearer(made.token)("/api/tables/faqs")).status).toBe(200);
    const first = (await lastUse()).last_used_at;
    expect(first).not.toBeNull();
    expect((await usedLines()).map((r) => r.outcome)).toEqual(["read"]);
    const created = await bearer(made.token, { method: "POST", json: { question: "Polled?", answer: "Yes.", category: "General Questions" } })("/api/tables/faqs");
    expect(created.status).toBe(201);
    expect((await bearer(made.token, { method: "DELETE" })(`/api/tables/faqs/${(await created.json()).id}`)).status).toBe(200);
    expect((await usedLines()).map((r) => r.outcome)).toEqual(["read", "write", "write"]);
    expect((await lastUse()).last_used_at).toEqual(first);
    // A minute later the next request writes it again, and a read is audited again.
    await db().updateTable("api_tokens").set({ last_used_at: new Date(Date.now() - 61_000) }).where("id", "=", made.id).execute();
    expect((await bearer(made.token)("/api/tables/faqs")).status).toBe(200);
    expect((await lastUse()).last_used_at!.getTime()).toBeGreaterThan(first!.getTime());
    expect((await usedLines()).map((r) => r.outcome)).toEqual(["read", "write", "write", "read"]);
  });

  it("is judged alone when a cookie comes too: a valid session does not rescue a bad token", async () => {
    const res = await api("/api/tables/faqs", { headers: { cookie: owner, authorization: "Bearer grd_nope" } });
    expect(res.status).toBe(401);
    const readOnlyWithCookie = await api("/api/tables/faqs", {
      method: "POST",
      headers: { cookie: owner, authorization: `Bearer ${readOnly}`, "content-type": "application/json" },
      body: JSON.stringify({ question: "Q", answer: "A", category: "General Questions" }),
    });
    expect(readOnlyWithCookie.status).toBe(403);
  });
});

describe("refusing a token", () => {
  it("answers 401 {error} to an unknown, malformed, expired or revoked token, with WWW-Authenticate", async () => {
    const unknown = await bearer("grd_" + "A".repeat(43))("/api/tables/faqs");
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ error: "Invalid API token" });
    expect(unknown.headers.get("www-authenticate")).toMatch(/^Bearer /);
    expect((await api("/api/tables/faqs", { headers: { authorization: "Bearer" } })).status).toBe(401);
    expect((await api("/api/tables/faqs", { headers: { authorization: "Bearer not a token" } })).status).toBe(401);

    const expiring = await createToken("Soon gone");
    expect((await bearer(expiring.token)("/api/tables/faqs")).status).toBe(200);
    await db().updateTable("api_tokens").set({ expires_at: new Date(Date.now() - 1000) }).where("id", "=", expiring.id).execute();
    const expired = await bearer(expiring.token)("/api/tables/faqs");
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: "This API token has expired" });
    expect((await tokensPage()).tokens.find((t) => t.id === expiring.id)!.status).toBe("expired");

    const revoking = await createToken("Leaked", { readOnly: false });
    expect((await bearer(revoking.token)("/api/admin/schemas")).status).toBe(200);
    const revoke = await tokensAction({ intent: "revoke", id: String(revoking.id) });
    expect(revoke.status).toBe(302);
    expect(revoke.headers.get("location")).toBe("/admin/tokens?revoked=1");
    for (const path of ["/api/admin/schemas", "/api/tables/faqs", "/api/upload/file"]) {
      const res = await bearer(revoking.token, path.includes("upload") ? { method: "POST", body: pdf() } : {})(path);
      expect(res.status, path).toBe(401);
      expect(await res.json()).toEqual({ error: "This API token has been revoked" });
    }
    expect((await tokensPage()).tokens.find((t) => t.id === revoking.id)!.status).toBe("revoked");
    // Revoked already, or someone else's: nothing to revoke.
    expect((await tokensAction({ intent: "revoke", id: String(revoking.id) })).status).toBe(404);
    const other = await sessionCookieFor(db(), "second-admin@example.com", { admin: true });
    const theirs = await createToken("Theirs", { cookie: other });
    expect((await tokensAction({ intent: "revoke", id: String(theirs.id) })).status).toBe(404);
    expect((await bearer(theirs.token)("/api/tables/faqs")).status).toBe(200);

    const refused = await auditRows("api_token_refused");
    expect(refused.map((r) => r.outcome)).toEqual(expect.arrayContaining(["unknown", "expired", "revoked"]));
    expect(await auditRows("api_token_revoked")).toEqual([expect.objectContaining({ email: OWNER, detail: expect.stringContaining("Leaked") })]);
  });

  it("answers 403 when its maker is no longer an administrator, and works again if they are", async () => {
    const admin = "leaving@example.com";
    const cookie = await sessionCookieFor(db(), admin, { admin: true });
    const made = await createToken("Script", { cookie, readOnly: false });
    expect((await bearer(made.token)("/api/tables/faqs")).status).toBe(200);
    // Made a technician: the token acts with its maker's role of the moment (docs/decisions/0114).
    await db().updateTable("users").set({ role: "technician" }).where("email", "=", admin).execute();
    for (const path of ["/api/admin/schemas", "/api/tables/faqs"]) {
      const res = await bearer(made.token)(path);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Administrator access required" });
    }
    expect((await auditRows("api_token_refused")).some((r) => r.outcome === "not_admin" && r.email === admin)).toBe(true);
    // A deleted user's tokens go with them.
    await db().deleteFrom("users").where("email", "=", admin).execute();
    expect((await bearer(made.token)("/api/tables/faqs")).status).toBe(401);
  });

  it("rate limits each token (429 with Retry-After), in the process's memory, and refused tokens per address", async () => {
    const made = await createToken("Busy");
    expect((await bearer(made.token)("/api/tables/faqs")).status).toBe(200);
    // Used as often as the limit allows in this window, less one (the request
    // above was the first): that one is allowed, the next is not.
    for (let hits = 1; hits < TOKEN_RATE_LIMIT.max - 1; hits++) expect(tokenRequestCounter.take(made.id).allowed).toBe(true);
    expect((await bearer(made.token)("/api/tables/faqs")).status).toBe(200);
    const limited = await bearer(made.token)("/api/tables/faqs");
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(TOKEN_RATE_LIMIT.windowMs / 1000);
    expect((await limited.json()).error).toMatch(/Too many requests/);
    // A window that has ended no longer counts: a token used up to its limit a
    // window and a second ago starts afresh.
    const earlier = await createToken("Busy earlier");
    const windowAgo = Date.now() - TOKEN_RATE_LIMIT.windowMs - 1000;
    for (let hits = 0; hits < TOKEN_RATE_LIMIT.max; hits++) tokenRequestCounter.take(earlier.id, windowAgo);
    expect(tokenRequestCounter.take(earlier.id, windowAgo + 1).allowed).toBe(false);
    expect((await bearer(earlier.token)("/api/tables/faqs")).status).toBe(200);
    // Other tokens are not affected.
    const other = await createToken("Quiet");
    expect((await bearer(other.token)("/api/tables/faqs")).status).toBe(200);

    // Refused tokens from one address: 401 until the limit, then 429.
    const from = inProcessFetch(db, { clientIp: "198.51.100.9" });
    for (let i = 0; i < TOKEN_FAILURE_LIMIT.max; i++) {
      expect((await from("/api/tables/faqs", { headers: { authorization: "Bearer grd_wrong" } })).status).toBe(401);
    }
    expect((await from("/api/tables/faqs", { headers: { authorization: "Bearer grd_wrong" } })).status).toBe(429);
    // A good token from that address still works.
    expect((await from("/api/tables/faqs", { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(200);
  });
});

// The Origin check is the Express layer's: the production server, signed in as a person does.
describe("the Origin check through the production server", () => {
  let smtp: SmtpSink;
  let app: AppServer;
  let cookie: string;
  let token: string;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER });
    cookie = await signInByEmail(app, smtp, OWNER);
    // The page without JavaScript: the answer to the form's POST is the page with the token in it.
    const form = new URLSearchParams({ intent: "create", name: "Server script", expires: addDays(today(), 10) });
    const page = await app.fetch("/admin/tokens", { method: "POST", body: form, headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    token = /<textarea[^>]*id="new-token"[^>]*>(grd_[A-Za-z0-9_-]{43})<\/textarea>/.exec(html)![1]!;
    expect(html).toContain(">New token</label>");
    // Shown once: the page loaded again does not have it.
    expect(await (await app.fetch("/admin/tokens", { headers: { cookie } })).text()).not.toContain(token);
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  const faq = JSON.stringify({ question: "Origin?", answer: "Checked.", category: "General Questions" });
  const post = (headers: Record<string, string>) =>
    app.fetch("/api/tables/faqs", { method: "POST", body: faq, headers: { "content-type": "application/json", ...headers } });

  it("lets a bearer request without a cookie through whatever its Origin says", async () => {
    const res = await post({ authorization: `Bearer ${token}`, origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    // Read-write (the box was not ticked): past the Origin check, and stored.
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ question: "Origin?" });
  });

  it("refuses a cross-site request carrying a cookie, with or without a bearer token", async () => {
    const cases: Record<string, string>[] = [{ cookie }, { cookie, authorization: `Bearer ${token}` }, { cookie: "session=x", authorization: `Bearer ${token}` }];
    for (const headers of cases) {
      const res = await post({ ...headers, origin: "https://evil.example" });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Cross-site request refused" });
    }
    // A bearer header on a page's form action is no way around the check either.
    const page = await app.fetch("/admin/tokens", {
      method: "POST",
      body: new URLSearchParams({ intent: "create", name: "forged", expires: addDays(today(), 10) }),
      headers: { authorization: `Bearer ${token}`, origin: "https://evil.example" },
    });
    expect(page.status).toBe(403);
  });

  it("serves /api/openapi.json", async () => {
    const res = await app.fetch("/api/openapi.json");
    expect(res.status).toBe(200);
    expect((await res.json()).openapi).toMatch(/^3\.1\./);
  });
});
