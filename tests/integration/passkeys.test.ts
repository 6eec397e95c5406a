import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { PASSKEY_MESSAGES } from "~/lib/passkeys";
import type { Role } from "~/lib/roles";
import { removeStaff } from "~/server/auth/staff.server";
import { reloadEnv } from "~/server/env.server";
import { cookiesFrom } from "../helpers/cookies";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { SoftAuthenticator } from "../helpers/soft-authenticator";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Passkeys through the route modules, in this process, on this file's
// database (docs/decisions/0134). The harness's requests go to
// http://localhost, so the relying party is `localhost` and the origin the
// browser reports is http://localhost; the authenticator is a software one
// (tests/helpers/soft-authenticator.ts) that signs as a real one does.
const database = useTestDatabase({ APP_URL: undefined, SMTP_URL: undefined });
const db = () => database.db;
const ORIGIN = "http://localhost";

// Each test is another client address, so the per-address limits one test uses up never refuse another.
let nextClient = 1;
const client = () => {
  const clientIp = `192.0.2.${nextClient++}`;
  const fetch = inProcessFetch(db, { clientIp });
  const post = (path: string, body: unknown, cookie = "") =>
    fetch(path, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  return { clientIp, fetch, post };
};

/** A staff member (technician unless said) signed in, with a passkey added through the two registration requests. */
async function staffWithPasskey(email: string, { role = "technician", name = "" }: { role?: Role; name?: string } = {}) {
  const c = client();
  const cookie = await sessionCookieFor(db(), email, { role });
  const authenticator = new SoftAuthenticator();
  const options = await (await c.post("/api/passkeys/register/options", {}, cookie)).json();
  const added = await c.post("/api/passkeys/register", { response: authenticator.register(options, { origin: ORIGIN }), ...(name ? { name } : {}) }, cookie);
  expect(added.status, await added.clone().text()).toBe(201);
  return { ...c, cookie, authenticator, passkey: ((await added.json()) as { passkey: { id: number; name: string } }).passkey };
}

/** The two sign-in requests: the options, then the authenticator's answer. */
async function signInWith(c: ReturnType<typeof client>, authenticator: SoftAuthenticator, options: Parameters<SoftAuthenticator["assert"]>[1] = { origin: ORIGIN }) {
  const challenge = await c.post("/api/passkeys/sign-in/options", {});
  expect(challenge.status).toBe(200);
  const requestOptions = await challenge.json();
  return c.post("/api/passkeys/sign-in", { response: authenticator.assert(requestOptions, options) });
}

const idOf = async (email: string) => (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

describe("adding a passkey", () => {
  it("asks for a discoverable, user-verified passkey for this site, and keeps it named after the device", async () => {
    const c = client();
    const cookie = await sessionCookieFor(db(), "tech1@example.com", { role: "technician" });
    const options = await (await c.post("/api/passkeys/register/options", {}, cookie)).json();
    expect(options).toMatchObject({
      rp: { id: "localhost" },
      user: { name: "tech1@example.com" },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      attestation: "none",
      excludeCredentials: [],
    });
    // The user handle is random: not the e-mail, not the row id.
    expect(Buffer.from(options.user.id, "base64url").length).toBe(32);

    const authenticator = new SoftAuthenticator();
    const added = await c.fetch("/api/passkeys/register", {
      method: "POST",
      headers: { "content-type": "application/json", cookie, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36" },
      body: JSON.stringify({ response: authenticator.register(options, { origin: ORIGIN }) }),
    });
    expect(added.status, await added.clone().text()).toBe(201);
    expect(await added.json()).toEqual({ passkey: { id: expect.any(Number), name: "Chrome on Linux" } });
    const stored = await db().selectFrom("passkeys").selectAll().where("user_id", "=", await idOf("tech1@example.com")).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ credential_id: authenticator.passkeys[0]!.id, counter: 0, transports: ["internal"], user_handle: options.user.id, last_used_at: null });

    // The next ceremony excludes it, and keeps the same user handle.
    const again = await (await c.post("/api/passkeys/register/options", {}, cookie)).json();
    expect(again.excludeCredentials).toEqual([{ id: stored.credential_id, type: "public-key", transports: ["internal"] }]);
    expect(again.user.id).toBe(options.user.id);

    const audit = await db().selectFrom("auth_audit").select(["event", "outcome", "detail"]).where("email", "=", "tech1@example.com").execute();
    expect(audit).toEqual([{ event: "passkey_added", outcome: "success", detail: "Chrome on Linux" }]);
  });

  it("uses a registration challenge once, only in the session that asked for it, and refuses another origin", async () => {
    const c = client();
    const cookie = await sessionCookieFor(db(), "tech2@example.com", { role: "technician" });
    const authenticator = new SoftAuthenticator();
    const options = await (await c.post("/api/passkeys/register/options", {}, cookie)).json();
    const answer = authenticator.register(options, { origin: ORIGIN });

    // Another session of the same person (another browser) cannot finish this one's ceremony.
    const otherSession = await sessionCookieFor(db(), "tech2@example.com", { role: "technician" });
    const elsewhere = await c.post("/api/passkeys/register", { response: answer }, otherSession);
    expect([elsewhere.status, (await elsewhere.json()).error]).toEqual([400, PASSKEY_MESSAGES.expired]);

    expect((await c.post("/api/passkeys/register", { response: answer }, cookie)).status).toBe(201);
    const replay = await c.post("/api/passkeys/register", { response: answer }, cookie);
    expect([replay.status, (await replay.json()).error]).toEqual([400, PASSKEY_MESSAGES.expired]);

    const phished = await (await c.post("/api/passkeys/register/options", {}, cookie)).json();
    const wrongOrigin = await c.post("/api/passkeys/register", { response: authenticator.register(phished, { origin: "https://evil.example" }) }, cookie);
    expect([wrongOrigin.status, (await wrongOrigin.json()).error]).toEqual([400, PASSKEY_MESSAGES.addFailed]);
    expect(await db().selectFrom("passkeys").select("id").where("user_id", "=", await idOf("tech2@example.com")).execute()).toHaveLength(1);
  });

  it("refuses an expired registration challenge, one without user verification, and one that signing out ended", async () => {
    const c = client();
    const cookie = await sessionCookieFor(db(), "tech3@example.com", { role: "technician" });
    const authenticator = new SoftAuthenticator();

    const late = await (await c.post("/api/passkeys/register/options", {}, cookie)).json();
    await db().updateTable("passkey_challenges").set({ expires_at: sql`now() - interval '1 second'` }).where("challenge", "=", late.challenge).execute();
    const expired = await c.post("/api/passkeys/register", { response: authenticator.register(late, { origin: ORIGIN }) }, cookie);
    expect([expired.status, (await expired.json()).error]).toEqual([400, PASSKEY_MESSAGES.expired]);

    const noUv = await (await c.post("/api/passkeys/register/options", {}, cookie)).json();
    const unverified = await c.post("/api/passkeys/register", { response: authenticator.register(noUv, { origin: ORIGIN, userVerified: false }) }, cookie);
    expect(unverified.status).toBe(400);

    const pending = await (await c.post("/api/passkeys/register/options", {}, cookie)).json();
    await c.fetch("/api/logout", { headers: { cookie } });
    expect(await db().selectFrom("passkey_challenges").select("challenge").where("challenge", "=", pending.challenge).execute()).toEqual([]);
  });

  it("is staff's: signed out is 401, signed in but not staff is 403", async () => {
    const c = client();
    expect((await c.post("/api/passkeys/register/options", {})).status).toBe(401);
    const visitor = await sessionCookieFor(db(), "visitor@example.com");
    expect((await c.post("/api/passkeys/register/options", {}, visitor)).status).toBe(403);
    expect((await c.post("/api/passkeys/register", { response: {} }, visitor)).status).toBe(403);
  });
});

describe("signing in with a passkey", () => {
  it("makes the same session and audit line as the e-mailed code, and moves the counter", async () => {
    const { authenticator, ...c } = await staffWithPasskey("owner1@example.com", { role: "owner" });
    const options = await (await c.post("/api/passkeys/sign-in/options", {})).json();
    // Discoverable: no passkeys listed, so the answer reveals nobody's.
    expect(options).toMatchObject({ rpId: "localhost", userVerification: "required" });
    expect(options.allowCredentials ?? []).toEqual([]);

    const res = await c.post("/api/passkeys/sign-in", { response: authenticator.assert(options, { origin: ORIGIN }) });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ success: true, user: { id: await idOf("owner1@example.com"), email: "owner1@example.com" } });
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const session = cookiesFrom(res);
    expect(await (await c.fetch("/api/users/me", { headers: { cookie: session } })).json()).toMatchObject({ email: "owner1@example.com", role: "owner" });
    // The dashboard opens.
    expect((await c.fetch("/admin/account", { headers: { cookie: session } })).status).toBe(200);

    const stored = await db().selectFrom("passkeys").select(["counter", "last_used_at"]).where("credential_id", "=", authenticator.passkeys[0]!.id).executeTakeFirstOrThrow();
    expect(stored.counter).toBe(1);
    expect(stored.last_used_at).not.toBeNull();
    const lines = await db().selectFrom("auth_audit").select(["event", "outcome", "detail", "client_ip"]).where("email", "=", "owner1@example.com").where("event", "=", "sign_in").execute();
    expect(lines).toEqual([{ event: "sign_in", outcome: "success", detail: "passkey", client_ip: c.clientIp }]);
  });

  it("uses a sign-in challenge once: the same answer again is refused", async () => {
    const { authenticator, ...c } = await staffWithPasskey("tech4@example.com");
    const options = await (await c.post("/api/passkeys/sign-in/options", {})).json();
    const answer = authenticator.assert(options, { origin: ORIGIN });
    expect((await c.post("/api/passkeys/sign-in", { response: answer })).status).toBe(200);
    const replay = await c.post("/api/passkeys/sign-in", { response: answer });
    expect([replay.status, (await replay.json()).error]).toEqual([401, PASSKEY_MESSAGES.expired]);
    expect(replay.headers.getSetCookie()).toEqual([]);
  });

  it("refuses an expired challenge, and one the server never handed out", async () => {
    const { authenticator, ...c } = await staffWithPasskey("tech5@example.com");
    const options = await (await c.post("/api/passkeys/sign-in/options", {})).json();
    await db().updateTable("passkey_challenges").set({ expires_at: sql`now() - interval '1 second'` }).where("challenge", "=", options.challenge).execute();
    const expired = await c.post("/api/passkeys/sign-in", { response: authenticator.assert(options, { origin: ORIGIN }) });
    expect([expired.status, (await expired.json()).error]).toEqual([401, PASSKEY_MESSAGES.expired]);

    const made = await c.post("/api/passkeys/sign-in", { response: authenticator.assert({ challenge: Buffer.alloc(32, 7).toString("base64url") }, { origin: ORIGIN }) });
    expect([made.status, (await made.json()).error]).toEqual([401, PASSKEY_MESSAGES.expired]);
  });

  it("refuses a passkey it does not know, and a removed one", async () => {
    const stranger = new SoftAuthenticator();
    stranger.register({ challenge: "x", rp: { id: "localhost" }, user: { id: Buffer.alloc(32, 1).toString("base64url") } }, { origin: ORIGIN });
    const c = client();
    const unknown = await signInWith(c, stranger);
    expect([unknown.status, (await unknown.json()).error]).toEqual([401, PASSKEY_MESSAGES.unknown]);

    const staff = await staffWithPasskey("tech6@example.com");
    // Someone else cannot remove it (404); its owner can, on the account page.
    const other = await sessionCookieFor(db(), "tech7@example.com", { role: "technician" });
    const form = (cookie: string) =>
      staff.fetch("/admin/account", {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "remove", id: String(staff.passkey.id) }),
      });
    const notTheirs = await form(other);
    expect([notTheirs.status, (await notTheirs.json()).error]).toEqual([404, PASSKEY_MESSAGES.notFound]);
    expect((await signInWith(staff, staff.authenticator)).status).toBe(200);

    const removed = await form(staff.cookie);
    expect([removed.status, removed.headers.get("location")]).toEqual([303, "/admin/account?done=removed"]);
    const refused = await signInWith(staff, staff.authenticator);
    expect([refused.status, (await refused.json()).error]).toEqual([401, PASSKEY_MESSAGES.unknown]);
    const lines = await db().selectFrom("auth_audit").select(["event", "outcome"]).where("email", "=", "tech6@example.com").orderBy("id").execute();
    expect(lines.map((l) => `${l.event}:${l.outcome}`)).toEqual(["passkey_added:success", "sign_in:success", "passkey_removed:success"]);
  });

  it("refuses the passkey of someone no longer staff: no session, no dashboard", async () => {
    const staff = await staffWithPasskey("leaver@example.com");
    const owner = { id: 0, email: "boss@example.com", name: "", role: "owner" as const };
    await sessionCookieFor(db(), owner.email, { role: "owner" });
    await removeStaff(db(), { ...owner, id: await idOf(owner.email) }, await idOf("leaver@example.com"));
    const refused = await signInWith(staff, staff.authenticator);
    expect([refused.status, (await refused.json()).error]).toEqual([403, PASSKEY_MESSAGES.notStaff]);
    expect(refused.headers.getSetCookie()).toEqual([]);
    const line = await db().selectFrom("auth_audit").select(["event", "outcome", "detail"]).where("email", "=", "leaver@example.com").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(line).toEqual({ event: "sign_in_failed", outcome: "not_staff", detail: "passkey" });
  });

  it("refuses an answer for another origin, one without user verification, and a counter that did not move", async () => {
    const staff = await staffWithPasskey("tech8@example.com");
    const wrongOrigin = await signInWith(staff, staff.authenticator, { origin: "https://evil.example" });
    expect([wrongOrigin.status, (await wrongOrigin.json()).error]).toEqual([401, PASSKEY_MESSAGES.refused]);
    const unverified = await signInWith(staff, staff.authenticator, { origin: ORIGIN, userVerified: false });
    expect(unverified.status).toBe(401);
    expect((await signInWith(staff, staff.authenticator, { origin: ORIGIN, counterStep: 5 })).status).toBe(200);
    // A cloned authenticator shows itself by a counter that is not ahead of the one stored.
    const cloned = await signInWith(staff, staff.authenticator, { origin: ORIGIN, counterStep: 0 });
    expect([cloned.status, (await cloned.json()).error]).toEqual([401, PASSKEY_MESSAGES.refused]);
    expect(Number((await db().selectFrom("passkeys").select("counter").where("id", "=", staff.passkey.id).executeTakeFirstOrThrow()).counter)).toBe(
      staff.authenticator.passkeys[0]!.counter,
    );
  });

  it("limits a client address: its refused tries, then every try, wait", async () => {
    const c = client();
    const stranger = new SoftAuthenticator();
    stranger.register({ challenge: "x", rp: { id: "localhost" }, user: { id: Buffer.alloc(32, 2).toString("base64url") } }, { origin: ORIGIN });
    for (let i = 0; i < 10; i++) expect((await signInWith(c, stranger)).status).toBe(401);
    const options = await c.post("/api/passkeys/sign-in/options", {});
    expect(options.status).toBe(429);
    expect(Number(options.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await options.json()).error).toMatch(/^Too many passkey attempts\. Please try again in \d+ minutes\.$/);
    const answer = await c.post("/api/passkeys/sign-in", { response: {} });
    expect(answer.status).toBe(429);
    // Another address is not held back.
    expect((await client().post("/api/passkeys/sign-in/options", {})).status).toBe(200);
  });

  it("has no passkeys where the site is reached by an IP address (no RP ID): the options are refused", async () => {
    process.env.APP_URL = "http://127.0.0.1:3000";
    reloadEnv();
    try {
      const c = client();
      const res = await c.post("/api/passkeys/sign-in/options", {});
      expect([res.status, (await res.json()).error]).toEqual([409, PASSKEY_MESSAGES.unavailable]);
      const cookie = await sessionCookieFor(db(), "tech9@example.com", { role: "technician" });
      expect((await c.post("/api/passkeys/register/options", {}, cookie)).status).toBe(409);
    } finally {
      delete process.env.APP_URL;
      reloadEnv();
    }
  });
});
