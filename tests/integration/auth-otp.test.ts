import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadEnv } from "~/server/env.server";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { cookiesFrom } from "../helpers/cookies";
import { inProcessFetch } from "../helpers/routes";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

const BOSS = "boss@example.com";
// Codes and sessions through the route modules, in this process, on this
// file's database; the origin check and the pages without JavaScript through
// the production server (the last describe).
const database = useTestDatabase({ ADMIN_EMAILS: BOSS });
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  process.env.SMTP_URL = smtp.url;
  reloadEnv();
});
afterAll(async () => {
  await smtp?.stop();
});

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.fetch(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

/** Sends a code to the address and returns it as read from the delivered e-mail. */
async function sendCode(email: string): Promise<string> {
  const before = smtp.messages.length;
  const res = await postJson("/api/send-otp", { email });
  expect(res.status, await res.clone().text()).toBe(200);
  const mail = await smtp.waitFor((m) => smtp.messages.indexOf(m) >= before && m.to.includes(email));
  return mail.text.match(/\b(\d{6})\b/)![1]!;
}

/** Lets the next send to this address through the 30-second resend cooldown, as if the time had passed. */
const passCooldown = (email: string) =>
  db().deleteFrom("rate_limit_hits").where("bucket", "=", "otp:cooldown").where("key", "=", email).execute();

const verify = (email: string, otp: string, headers: Record<string, string> = {}) => postJson("/api/verify-otp", { email, otp }, headers);
const me = (cookie: string) => app.fetch("/api/users/me", { headers: { cookie } });

describe("e-mailed one-time codes", () => {
  it("e-mails a 6-digit code that signs in once, stored only as a keyed hash", async () => {
    const email = "first@example.com";
    const code = await sendCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await db().selectFrom("one_time_codes").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (new Date(stored.expires_at).getTime() - new Date(stored.created_at).getTime()) / 60_000;
    expect(minutes).toBeCloseTo(10, 1);

    const res = await verify(" First@Example.com ", code);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, user: { email } });
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // http site
    const cookie = cookiesFrom(res);
    const user = await (await me(cookie)).json();
    expect(user).toMatchObject({ email, name: "", role: null });
    expect(typeof user.id).toBe("number");
    // Used: deleted, so the same code is refused.
    const replay = await verify(email, code);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: "Invalid OTP. Please check and try again." });
    const events = await db().selectFrom("auth_audit").select(["event", "outcome", "client_ip"]).where("email", "=", email).orderBy("id").execute();
    expect(events.map((e) => `${e.event}:${e.outcome}`)).toEqual(["code_sent:sent", "sign_in:success", "code_failed:no_code"]);
    expect(events[0]!.client_ip).toMatch(/127\.0\.0\.1/);
  });

  it("binds a code to its address: it does not sign in another, even from a session of the first", async () => {
    const codeA = await sendCode("alice@example.com");
    await sendCode("bob@example.com");
    const asBob = await verify("bob@example.com", codeA);
    expect(asBob.status).toBe(401);
    expect(asBob.headers.getSetCookie()).toEqual([]);
    // Signed in as Alice, the edited request still cannot become Bob.
    const alice = cookiesFrom(await verify("alice@example.com", codeA));
    expect((await (await me(alice)).json()).email).toBe("alice@example.com");
    const edited = await verify("bob@example.com", codeA, { cookie: alice });
    expect(edited.status).toBe(401);
  });

  it("refuses the sixth try after five wrong ones, even with the right code", async () => {
    const email = "guesser@example.com";
    const code = await sendCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) {
      const res = await verify(email, wrong);
      expect(res.status).toBe(401);
      expect((await res.json()).error).toBe("Invalid OTP. Please check and try again.");
    }
    const sixth = await verify(email, code);
    expect(sixth.status).toBe(401);
    expect((await sixth.json()).error).toBe("Too many wrong codes. Please request a new code.");
    // A new code is needed, and works.
    await passCooldown(email);
    const fresh = await sendCode(email);
    expect((await verify(email, fresh)).status).toBe(200);
  });

  it("refuses an expired code", async () => {
    const email = "late@example.com";
    const code = await sendCode(email);
    await db()
      .updateTable("one_time_codes")
      .set({ created_at: sql`now() - interval '11 minutes'`, expires_at: sql`now() - interval '1 minute'` })
      .where("email", "=", email)
      .execute();
    const res = await verify(email, code);
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe("This code has expired. Please request a new code.");
  });

  it("replaces the old code when a new one is sent", async () => {
    const email = "twice@example.com";
    const first = await sendCode(email);
    await passCooldown(email);
    const second = await sendCode(email);
    if (first !== second) expect((await verify(email, first)).status).toBe(401);
    expect((await verify(email, second)).status).toBe(200);
  });

  it("answers a known and an unknown address alike", async () => {
    await db().insertInto("users").values({ email: "known@example.com" }).execute();
    const known = await postJson("/api/send-otp", { email: "known@example.com" });
    const unknown = await postJson("/api/send-otp", { email: "nobody@example.com" });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.json()).toEqual(await unknown.json());
    await smtp.waitFor((m) => m.to.includes("nobody@example.com"));
  });

  it("answers bad input with 400 and a JSON error", async () => {
    for (const body of [{ email: "not-an-address" }, {}, "just a string"]) {
      const res = await postJson("/api/send-otp", body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("Failed to send OTP. Please check your email and try again.");
    }
    const res = await postJson("/api/verify-otp", { email: "first@example.com", otp: "12ab" });
    expect(res.status).toBe(400);
    expect(typeof (await res.json()).error).toBe("string");
    const garbage = await app.fetch("/api/verify-otp", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(garbage.status).toBe(400);
  });

  it("limits sends: a resend cooldown per address, then hourly per address and per client address (429)", async () => {
    const email = "limited@example.com";
    await sendCode(email);
    const again = await postJson("/api/send-otp", { email });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await again.json()).error).toMatch(/^Please wait \d+ seconds before requesting another code\.$/);

    // Nine more sends earlier this hour (ten in all): the address is done for the hour.
    await passCooldown(email);
    await db().insertInto("rate_limit_hits").values(Array.from({ length: 9 }, () => ({ bucket: "otp:email", key: email }))).execute();
    const perEmail = await postJson("/api/send-otp", { email });
    expect(perEmail.status).toBe(429);
    expect((await perEmail.json()).error).toMatch(/^Too many codes requested\. Please try again in \d+ minutes\.$/);

    // Fifty sends from this client address this hour: any address is refused.
    const client = (await db().selectFrom("rate_limit_hits").select("key").where("bucket", "=", "otp:client").executeTakeFirstOrThrow()).key;
    const sent = (await db().selectFrom("rate_limit_hits").select(sql<number>`count(*)`.as("n")).where("bucket", "=", "otp:client").executeTakeFirstOrThrow()).n;
    await db().insertInto("rate_limit_hits").values(Array.from({ length: 50 - sent }, () => ({ bucket: "otp:client", key: client }))).execute();
    const before = smtp.messages.length;
    const perClient = await postJson("/api/send-otp", { email: "someone-new@example.com" });
    expect(perClient.status).toBe(429);
    expect(smtp.messages.length).toBe(before);
    const refusals = await db().selectFrom("auth_audit").select("detail").where("outcome", "=", "rate_limited").execute();
    expect(refusals.map((r) => r.detail)).toEqual(["otp:cooldown", "otp:email", "otp:client"]);
    await db().deleteFrom("rate_limit_hits").where("bucket", "=", "otp:client").execute();
  });

  it("a used code ends the resend wait: who signs out can sign in again at once, and the hourly limit still counts", async () => {
    const email = "back-again@example.com";
    const code = await sendCode(email);
    expect((await postJson("/api/send-otp", { email })).status).toBe(429);
    expect((await verify(email, code)).status).toBe(200);
    await sendCode(email);
    const hourly = await db().selectFrom("rate_limit_hits").select(sql<number>`count(*)::int`.as("n")).where("bucket", "=", "otp:email").where("key", "=", email).executeTakeFirstOrThrow();
    expect(hourly.n).toBe(2);
  });
});

describe("sessions", () => {
  async function signIn(email: string) {
    const code = await sendCode(email);
    const res = await verify(email, code);
    expect(res.status).toBe(200);
    return cookiesFrom(res);
  }

  it("logout deletes the session row, so the old cookie no longer works", async () => {
    const cookie = await signIn("leaver@example.com");
    expect((await me(cookie)).status).toBe(200);
    // Another site cannot log the user out with an <img src="…/api/logout">.
    const forged = await app.fetch("/api/logout", { headers: { cookie, "sec-fetch-site": "cross-site" } });
    expect(forged.status).toBe(403);
    expect((await me(cookie)).status).toBe(200);
    const out = await app.fetch("/api/logout", { headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const res = await me(cookie);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Not signed in" });
    const user = await db().selectFrom("users").select("id").where("email", "=", "leaver@example.com").executeTakeFirstOrThrow();
    expect(await db().selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    const audit = await db().selectFrom("auth_audit").select("event").where("email", "=", "leaver@example.com").where("event", "=", "logout").execute();
    expect(audit).toHaveLength(1);
  });

  it("the Logout form (POST, no JavaScript) ends the session and goes to /login", async () => {
    const cookie = await signIn("formleaver@example.com");
    const res = await app.fetch("/api/logout", { method: "POST", headers: { cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    expect((await me(cookie)).status).toBe(401);
  });

  it("gives a new session id at every sign-in and ends the one the browser had", async () => {
    const first = await signIn("rotator@example.com");
    await passCooldown("rotator@example.com");
    const code = await sendCode("rotator@example.com");
    const second = cookiesFrom(await verify("rotator@example.com", code, { cookie: first }));
    expect(second).not.toBe(first);
    expect(second.split("=")[1]!.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url, plus signature
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(200);
  });

  it("an ADMIN_EMAILS address becomes an administrator at sign-in; /api/admin/status answers", async () => {
    expect((await app.fetch("/api/admin/status")).status).toBe(401);
    const user = await signIn("plain@example.com");
    expect(await (await app.fetch("/api/admin/status", { headers: { cookie: user } })).json()).toEqual({ isAdmin: false });
    const boss = await signIn(BOSS);
    expect(await (await app.fetch("/api/admin/status", { headers: { cookie: boss } })).json()).toEqual({ isAdmin: true });
    const row = await db().selectFrom("users").select("role").where("email", "=", BOSS).executeTakeFirstOrThrow();
    expect(row.role).toBe("owner");
    expect((await me(boss)).status).toBe(200);
    expect((await (await me(boss)).json()).isAdmin).toBe(true);
  });

  it("an owner's role, once stored, makes a user an administrator (role)", async () => {
    const cookie = await signIn("promoted@example.com");
    expect((await app.fetch("/api/admin/status", { headers: { cookie } }).then((r) => r.json())).isAdmin).toBe(false);
    await db().updateTable("users").set({ role: "owner" }).where("email", "=", "promoted@example.com").execute();
    expect((await app.fetch("/api/admin/status", { headers: { cookie } }).then((r) => r.json())).isAdmin).toBe(true);
  });
});

describe("through the production server: the origin check, and the login page and /admin without JavaScript", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: BOSS });
  });
  afterAll(() => app?.stop());
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.fetch(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

  it("refuses a cross-site POST before it sends anything", async () => {
    const before = smtp.messages.length;
    const res = await postJson("/api/send-otp", { email: "csrf@example.com" }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    const form = await app.fetch("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      body: new URLSearchParams({ intent: "send-otp", email: "csrf@example.com" }),
    });
    expect(form.status).toBe(403);
    // The code e-mail is sent inside the request, after a code row is stored:
    // neither exists, so nothing was or will be sent...
    expect(smtp.messages.length).toBe(before);
    // ...and nothing was counted: the address may ask at once (no resend wait started).
    expect((await postJson("/api/send-otp", { email: "csrf@example.com" })).status).toBe(200);
    await smtp.waitFor((m) => m.to.includes("csrf@example.com"));
    expect(smtp.messages.filter((m) => m.to.includes("csrf@example.com"))).toHaveLength(1);
  });

  const form = (body: Record<string, string>, cookie = "") =>
    app.fetch("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(body),
    });

  it("sends a code and signs in through form posts, ending in a redirect to a local returnUrl only", async () => {
    const email = "nojs@example.com";
    const before = smtp.messages.length;
    const sent = await form({ intent: "send-otp", email, returnUrl: "/admin" });
    expect(sent.status).toBe(200);
    const html = await sent.text();
    expect(html).toContain("Verify OTP");
    const mail = await smtp.waitFor((m) => smtp.messages.indexOf(m) >= before && m.to.includes(email));
    const code = mail.text.match(/\b(\d{6})\b/)![1]!;
    const wrong = await form({ intent: "verify-otp", email, otp: "000000" === code ? "111111" : "000000", returnUrl: "/admin" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Invalid OTP. Please check and try again.");
    const ok = await form({ intent: "verify-otp", email, otp: code, returnUrl: "//evil.example/x" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/");
    const cookie = cookiesFrom(ok);
    // Signed in: /login sends the user on to returnUrl.
    const again = await app.fetch("/login?returnUrl=%2Fabout", { headers: { cookie } });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/about");
    const offsite = await app.fetch("/login?returnUrl=https%3A%2F%2Fevil.example", { headers: { cookie } });
    expect(offsite.headers.get("location")).toBe("/");
  });

  it("says Google sign-in is not configured without GOOGLE_CLIENT_ID", async () => {
    const page = await (await app.fetch("/login")).text();
    expect(page).toContain("Google sign-in is not configured.");
    // …and opens on the tab that works.
    expect(page).toMatch(/id="tab-otp"[^>]*aria-selected="true"|aria-selected="true"[^>]*id="tab-otp"/);
    expect((await app.fetch("/api/oauth/google/redirect_url?originUrl=" + encodeURIComponent(app.url))).status).toBe(404);
  });

  it("/admin sends a visitor to /login with returnUrl, and shows a non-administrator the refusal", async () => {
    const anonymous = await app.fetch("/admin/faqs?page=2");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login?returnUrl=%2Fadmin%2Ffaqs%3Fpage%3D2");
    const cookie = await signInByEmail(app, smtp, "visitor@example.com");
    const denied = await app.fetch("/admin", { headers: { cookie } });
    expect(denied.status).toBe(403);
    const html = await denied.text();
    expect(html).toContain("Not an Administrator");
    expect(html).toContain("You don&#x27;t have permission to access the admin dashboard.");
    expect(html).not.toContain("Admin Dashboard</h1>");
  });
});
