import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

let smtp: SmtpSink;
let app: AppServer;
beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: "owner@example.com" });
});
afterAll(async () => {
  await app?.stop();
  await smtp?.stop();
});

describe("production server", () => {
  it("answers /healthz after checking the database", async () => {
    const res = await app.fetch("/healthz");
    expect(res.status).toBe(200);
    // Issue 34 added the outbox's backlog (tests/integration/logs.test.ts); nothing is queued yet.
    expect(await res.json()).toEqual({ status: "ok", outbox: { waiting: 0, oldestSeconds: null } });
  });

  it("sends security headers with a fresh nonce per response", async () => {
    const [a, b] = await Promise.all([app.fetch("/"), app.fetch("/")]);
    for (const res of [a, b]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      // Frames only of the video players rich text may embed (rich-text.server.ts).
      expect(res.headers.get("content-security-policy")).toContain(
        "frame-src https://www.youtube.com/embed/ https://www.youtube-nocookie.com/embed/ https://player.vimeo.com/video/;",
      );
    }
    const nonce = (r: Response) => r.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1];
    expect(nonce(a)).not.toBe(nonce(b));
    expect(await b.text()).toContain(`nonce="${nonce(b)}"`);
  });

  it("refuses state-changing requests from another site, on pages and on the API", async () => {
    for (const path of ["/", "/api/tables/faqs"]) {
      const res = await app.fetch(path, { method: "POST", headers: { origin: "https://evil.example" } });
      expect(res.status).toBe(403);
    }
    const viaFetchMetadata = await app.fetch("/", { method: "POST", headers: { "sec-fetch-site": "cross-site" } });
    expect(viaFetchMetadata.status).toBe(403);
    const json = await app.fetch("/api/tables/faqs", { method: "DELETE", headers: { origin: "null" } });
    expect(await json.json()).toEqual({ error: "Cross-site request refused" });
  });

  it("guards the administrators' API: 401 without a session, 403 for a non-administrator", async () => {
    expect((await app.fetch("/api/admin/schemas")).status).toBe(401);
    const cookie = await signInByEmail(app, smtp, "visitor@example.com");
    const res = await app.fetch("/api/admin/schemas", { headers: { cookie } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Administrator access required" });
  });
});

describe("rendered-page cache", () => {
  // That the cache keeps at most 32 entries is server/page-cache.test.ts's;
  // here, that the server answers every invented host alike.
  it("serves /about whatever Host header a client invents", async () => {
    const http = await import("node:http");
    const get = (host: string) =>
      new Promise<{ status: number; cache: unknown }>((resolve, reject) => {
        const url = new URL(app.url);
        http.get({ host: url.hostname, port: url.port, path: "/about", headers: { host } }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode!, cache: res.headers["x-page-cache"] }));
        }).on("error", reject);
      });
    for (let i = 0; i < 40; i++) expect(await get(`h${i}.example`)).toEqual({ status: 200, cache: "hit" });
    // The first hosts' entries made room for the last ones, and come back rendered afresh.
    expect(await get("h0.example")).toEqual({ status: 200, cache: "hit" });
  });

  it("shows a signed-in administrator the Dashboard link, rendered for them; never to anyone else", async () => {
    const dashboard = /<a href="\/admin\/leads"[^>]*>Dashboard<\/a>/;
    const owner = await signInByEmail(app, smtp, "owner@example.com");
    const visitor = await signInByEmail(app, smtp, "someone@example.com");
    for (const path of ["/", "/about", "/gallery"]) {
      const anonymous = await app.fetch(path);
      expect(anonymous.headers.get("x-page-cache")).toBe("hit");
      expect(await anonymous.text()).not.toMatch(dashboard);

      const admin = await app.fetch(path, { headers: { cookie: owner } });
      expect(admin.headers.get("x-page-cache")).toBeNull();
      expect(await admin.text()).toMatch(dashboard);
      const user = await app.fetch(path, { headers: { cookie: visitor } });
      expect(await user.text()).not.toMatch(dashboard);

      // The administrator's page was not kept for the next visitor.
      expect(await (await app.fetch(path)).text()).not.toMatch(dashboard);
    }
  });
});

describe("addresses people guess", () => {
  it("/services goes to the home page's services section", async () => {
    const res = await app.fetch("/services", { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/#services");
  });
});
