import { afterAll, beforeAll, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../helpers/app-server";

// @ci-once: what the HTTP server does with a request, whatever the database; CI's second pass, on the embedded database, skips it.

// server.js serves these before the app's router: they must carry the same headers.
let app: AppServer;
beforeAll(async () => (app = await startAppServer({ TRUST_PROXY: "1" })));
afterAll(() => app?.stop());

async function staticFiles(): Promise<string[]> {
  const html = await (await fetch(app.url + "/")).text();
  const script = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(script, "the home page links a built script").toBeDefined();
  return [script!, "/favicon.svg"];
}

it("static files carry the security headers", async () => {
  for (const file of await staticFiles()) {
    const res = await fetch(app.url + file);
    expect(res.status, file).toBe(200);
    await res.arrayBuffer();
    expect(res.headers.get("x-content-type-options"), file).toBe("nosniff");
    expect(res.headers.get("referrer-policy"), file).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options"), file).toBe("DENY");
    expect(res.headers.get("permissions-policy"), file).toContain("camera=()");
    // Plain http: no HSTS.
    expect(res.headers.get("strict-transport-security"), file).toBeNull();
  }
});

it("static files carry HSTS when the trusted proxy says the client came over https", async () => {
  for (const file of await staticFiles()) {
    const res = await fetch(app.url + file, { headers: { "x-forwarded-proto": "https" } });
    await res.arrayBuffer();
    expect(res.headers.get("strict-transport-security"), file).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers.get("x-content-type-options"), file).toBe("nosniff");
  }
});
