import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadEnv } from "~/server/env.server";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { cookiesFrom } from "../helpers/cookies";
import { startOAuthServer, type OAuthServer } from "../helpers/oauth-server";
import { inProcessFetch } from "../helpers/routes";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

const BOSS = "boss@example.com";
// The popup flow through the route modules, in this process, on this file's
// database; the full-page flow (redirects and the login page) through the
// production server below.
const database = useTestDatabase({ ADMIN_EMAILS: BOSS });
const db = () => database.db;
let app: { url: string; fetch: ReturnType<typeof inProcessFetch> };
let oauth: OAuthServer;
beforeAll(async () => {
  oauth = await startOAuthServer();
  Object.assign(process.env, oauth.env);
  reloadEnv();
  app = { url: "http://localhost", fetch: inProcessFetch(db) };
});
afterAll(async () => {
  await oauth?.stop();
});

/** Starts a popup flow: the provider URL and the flow cookie. */
async function startPopupFlow() {
  const res = await app.fetch(`/api/oauth/google/redirect_url?originUrl=${encodeURIComponent(app.url)}`);
  expect(res.status).toBe(200);
  const { redirectUrl } = (await res.json()) as { redirectUrl: string };
  return { redirectUrl: new URL(redirectUrl), cookie: cookiesFrom(res) };
}

/** What the provider sends the browser back with (it signs in at once). */
async function authorize(redirectUrl: URL) {
  const res = await fetch(redirectUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

const exchange = (body: unknown, cookie: string) =>
  app.fetch("/api/sessions", { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });

describe("Google sign-in against a real OAuth server", () => {
  it("redirect_url answers the provider's URL with state, PKCE S256 and our return page", async () => {
    const { redirectUrl, cookie } = await startPopupFlow();
    expect(redirectUrl.origin + redirectUrl.pathname).toBe(oauth.env.GOOGLE_AUTHORIZATION_URL);
    const q = redirectUrl.searchParams;
    expect(q.get("client_id")).toBe("test-client");
    expect(q.get("response_type")).toBe("code");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(q.get("state")!.length).toBeGreaterThanOrEqual(22);
    expect(q.get("redirect_uri")).toBe(`${app.url}/auth/google/callback`);
    expect(q.get("scope")).toBe("openid email profile");
    expect(cookie).toMatch(/^google-flow=/);
    const bad = await app.fetch(`/api/oauth/google/redirect_url?originUrl=${encodeURIComponent("https://evil.example")}`);
    expect(bad.status).toBe(400);
  });

  it("popup flow: the code exchanged with its state and this browser's verifier starts a session for the provider's subject", async () => {
    oauth.signInAs({ sub: "sub-popup", email: "Popup.User@example.com", name: "Popup User" });
    const { redirectUrl, cookie } = await startPopupFlow();
    const back = await authorize(redirectUrl);
    expect(back.pathname).toBe("/auth/google/callback");
    // The return page itself renders (the popup reads the code in the browser).
    const page = await app.fetch(back.pathname + back.search, { headers: { cookie } });
    expect(page.status).toBe(200);

    const res = await exchange({ code: back.searchParams.get("code"), state: back.searchParams.get("state") }, cookie);
    expect(res.status).toBe(200);
    const session = cookiesFrom(res, cookie);
    expect(session).not.toMatch(/google-flow=/); // one exchange per flow
    const me = await (await app.fetch("/api/users/me", { headers: { cookie: session } })).json();
    expect(me).toMatchObject({ email: "popup.user@example.com", name: "Popup User", role: null, isAdmin: false });
    const row = await db().selectFrom("users").select("google_sub").where("email", "=", "popup.user@example.com").executeTakeFirstOrThrow();
    expect(row.google_sub).toBe("sub-popup");

    // The same answer again (cookie replayed too) does not sign in twice: the provider refuses the used code.
    const replay = await exchange({ code: back.searchParams.get("code"), state: back.searchParams.get("state") }, cookie);
    expect(replay.status).toBe(401);
  });

  it("identifies the user by subject: a later sign-in with the same subject is the same user", async () => {
    oauth.signInAs({ sub: "sub-popup", email: "popup.user@example.com", name: "Popup User" });
    const { redirectUrl, cookie } = await startPopupFlow();
    const back = await authorize(redirectUrl);
    const res = await exchange({ code: back.searchParams.get("code"), state: back.searchParams.get("state") }, cookie);
    expect(res.status).toBe(200);
    expect(await db().selectFrom("users").select("id").where("google_sub", "=", "sub-popup").execute()).toHaveLength(1);
  });

  it("refuses a wrong state, a missing flow cookie or code and an unverified e-mail; takes {code} alone", async () => {
    oauth.signInAs({ sub: "sub-x", email: "x@example.com" });
    const { redirectUrl, cookie } = await startPopupFlow();
    const back = await authorize(redirectUrl);
    const code = back.searchParams.get("code");
    const wrongState = await exchange({ code, state: "not-the-state-we-sent" }, cookie);
    expect(wrongState.status).toBe(400);
    expect((await wrongState.json()).error).toMatch(/state/);
    expect(wrongState.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);
    const noCookie = await exchange({ code, state: back.searchParams.get("state") }, "");
    expect(noCookie.status).toBe(400);
    const missing = await exchange({ state: back.searchParams.get("state") }, cookie);
    expect(missing.status).toBe(400);
    // The spec's body, {code} alone, still works: the flow cookie's state and
    // PKCE verifier bind the code to the flow this browser started.
    const codeOnly = await exchange({ code }, cookie);
    expect(codeOnly.status).toBe(200);

    oauth.signInAs({ sub: "sub-unverified", email: "unverified@example.com", email_verified: false });
    const flow = await startPopupFlow();
    const answer = await authorize(flow.redirectUrl);
    const unverified = await exchange({ code: answer.searchParams.get("code"), state: answer.searchParams.get("state") }, flow.cookie);
    expect(unverified.status).toBe(403);
    expect(await db().selectFrom("users").select("id").where("email", "=", "unverified@example.com").execute()).toEqual([]);
    const failures = await db().selectFrom("auth_audit").select("detail").where("event", "=", "sign_in_failed").execute();
    expect(failures.length).toBeGreaterThanOrEqual(3);
  });

});

describe("Google sign-in without JavaScript, through the production server", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ ADMIN_EMAILS: BOSS, ...oauth.env });
  });
  afterAll(() => app?.stop());

  it("full-page flow without JavaScript: the form redirects to the provider, the return page signs in and goes to returnUrl", async () => {
    oauth.signInAs({ sub: "sub-boss", email: BOSS, name: "Boss" });
    const start = await app.fetch("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "google", returnUrl: "/admin/faqs" }),
    });
    expect(start.status).toBe(302);
    const cookie = cookiesFrom(start);
    const back = await authorize(new URL(start.headers.get("location")!));
    const done = await app.fetch(back.pathname + back.search, { headers: { cookie } });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin/faqs");
    const session = cookiesFrom(done, cookie);
    const status = await (await app.fetch("/api/admin/status", { headers: { cookie: session } })).json();
    expect(status).toEqual({ isAdmin: true });
  });

  it("full-page flow: a wrong state or a provider error goes back to /login with the error, without a session", async () => {
    const start = await app.fetch("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "google", returnUrl: "/admin" }),
    });
    const cookie = cookiesFrom(start);
    const back = await authorize(new URL(start.headers.get("location")!));
    back.searchParams.set("state", "forged");
    const forged = await app.fetch(back.pathname + back.search, { headers: { cookie } });
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toBe("/login?error=google&returnUrl=%2Fadmin");
    expect(cookiesFrom(forged, cookie)).toBe("");

    oauth.failNextAuthorization("access_denied", "The user said no");
    const again = await app.fetch("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "google" }),
    });
    const denied = await authorize(new URL(again.headers.get("location")!));
    expect(denied.searchParams.get("error")).toBe("access_denied");
    const res = await app.fetch(denied.pathname + denied.search, { headers: { cookie: cookiesFrom(again) } });
    expect(res.headers.get("location")).toBe("/login?error=google&returnUrl=%2F");
    const login = await (await app.fetch("/login?error=google")).text();
    expect(login).toContain("Failed to login with Google. Please try again.");
  });
});
