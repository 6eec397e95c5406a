// @ci-once: what the HTTP server does with a request, whatever the database; CI's second pass, on the embedded database, skips it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { cookiesFrom } from "../helpers/cookies";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

// Through the production server: redirects as a browser gets them, data requests included.
const ADMIN = "owner@example.com";
let app: AppServer;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN });
});
afterAll(async () => {
  await app?.stop();
  await smtp?.stop();
});

/** return URLs that must never take the browser off the site. */
const HOSTILE = [
  "/.//evil.example",
  "/..//evil.example",
  "/a/../..//evil.example",
  "/%2e%2e//evil.example",
  "/.\t//evil.example",
  "/.\n/\n/evil.example",
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "https:evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
];
/** Odd-looking but on this site: kept, in the form the browser would follow. */
const LOCAL = [
  ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ["/%5Cevil.example", "/%5Cevil.example"],
  ["/%09/evil.example", "/%09/evil.example"],
  ["/admin/faqs?page=2#top", "/admin/faqs?page=2#top"],
] as const;

/** Where a browser on the app ends up when it follows this Location. */
const landsOn = (location: string | null) => new URL(location ?? "", app.url);

/** A page as the app reads it: path and decoded query (React Router may re-encode "name:asc" as "name%3Aasc"). */
const page = (pathAndQuery: string | null) => {
  const url = new URL(pathAndQuery ?? "/nothing", "http://site.invalid");
  return { origin: url.origin, path: url.pathname, query: [...url.searchParams], hash: url.hash };
};

describe("returnUrl never leaves the site", () => {
  it("a signed-in visit to /login?returnUrl=… redirects only to a path on this site", async () => {
    const cookie = await signInByEmail(app, smtp, "staff@example.com");
    for (const value of HOSTILE) {
      const res = await app.fetch(`/login?${new URLSearchParams({ returnUrl: value })}`, { headers: { cookie } });
      expect(res.status, JSON.stringify(value)).toBe(302);
      expect(res.headers.get("location"), JSON.stringify(value)).toBe("/");
    }
    for (const [value, expected] of LOCAL) {
      const res = await app.fetch(`/login?${new URLSearchParams({ returnUrl: value })}`, { headers: { cookie } });
      expect(res.headers.get("location"), value).toBe(expected);
      expect(landsOn(res.headers.get("location")).origin).toBe(app.url);
    }
  });

  it("the sign-in form without JavaScript redirects only to a path on this site", async () => {
    const form = (body: Record<string, string>) =>
      app.fetch("/login", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(body) });
    for (const [i, value] of [...HOSTILE, LOCAL[0][0]].entries()) {
      // One address per case: a used code is gone, and each address may ask once per 30 s.
      const email = `nojs-${i}@example.com`;
      const before = smtp.messages.length;
      expect((await form({ intent: "send-otp", email, returnUrl: value })).status).toBe(200);
      const mail = await smtp.waitFor((m) => smtp.messages.indexOf(m) >= before && m.to.includes(email));
      const otp = mail.text.match(/\b(\d{6})\b/)![1]!;
      const res = await form({ intent: "verify-otp", email, otp, returnUrl: value });
      expect(res.status, JSON.stringify(value)).toBe(302);
      expect(cookiesFrom(res), "signed in").toMatch(/session=/);
      const location = res.headers.get("location");
      expect(landsOn(location).origin, `${JSON.stringify(value)} → ${location}`).toBe(app.url);
      expect(location).toBe(value === LOCAL[0][0] ? LOCAL[0][1] : "/");
    }
  });
});

describe("the admin guard's returnUrl is the page's own URL", () => {
  it("for a client-side navigation's data request (no .data, no _routes or index markers) as for a document request", async () => {
    const cases = [
      ["/admin/quote_requests?page=2&sort=name:asc", "/admin/quote_requests?page=2&sort=name:asc"],
      ["/admin/quote_requests.data?page=2&_routes=routes%2Fadmin%2Croutes%2Fadmin.%24table", "/admin/quote_requests?page=2"],
      ["/admin/users.data?sort=email%3Aasc&q=x", "/admin/users?sort=email:asc&q=x"],
      ["/admin/_.data?_routes=routes%2Fadmin._index", "/admin/"],
      ["/admin.data", "/admin"],
      ["/admin/faqs.data?index&page=3", "/admin/faqs?page=3"],
    ] as const;
    for (const [request, expected] of cases) {
      const res = await app.fetch(request);
      // A data request's redirect comes back as data (202, turbo-stream) for the client router to follow.
      const body = await res.text();
      const location = res.headers.get("location") ?? body.match(/"(\/login\?[^"]*)"/)?.[1] ?? "/nothing";
      const login = new URL(location, app.url);
      expect(login.pathname, `${request} answered ${res.status} ${location}`).toBe("/login");
      expect(page(login.searchParams.get("returnUrl")), `${request} answered ${location}`).toEqual(page(expected));
    }
  });
});
