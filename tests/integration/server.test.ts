import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpApp, sessionCookieFor } from "../helpers/http-app";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

useTestDatabase();
let app: Awaited<ReturnType<typeof startHttpApp>>;
beforeAll(async () => (app = await startHttpApp()));
afterAll(() => app.close());

describe("production server", () => {
  it("answers /healthz after checking the database", async () => {
    const res = await app.fetch("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("sends security headers with a fresh nonce per response", async () => {
    const [a, b] = await Promise.all([app.fetch("/"), app.fetch("/")]);
    for (const res of [a, b]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
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
    const cookie = await sessionCookieFor("visitor@example.com");
    const res = await app.fetch("/api/admin/schemas", { headers: { cookie } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Administrator access required" });
  });
});

describe("rendered-page cache", () => {
  it("stays bounded however many Host headers clients invent", async () => {
    const http = await import("node:http");
    const get = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(app.url);
        http.get({ host: url.hostname, port: url.port, path: "/about", headers: { host } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        }).on("error", reject);
      });
    for (let i = 0; i < 40; i++) expect(await get(`h${i}.example`)).toBe(200);
    expect(app.built.publicPages.size()).toBeLessThanOrEqual(32);
  });
});
