import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../helpers/app-server";

// The test stands where the one trusted reverse proxy stands: it appends the
// address it "saw" (the rightmost entry) to whatever the client wrote.
let app: AppServer;
beforeAll(async () => (app = await startAppServer({ TRUST_PROXY: "1" })));
afterAll(() => app?.stop());

let n = 0;
function postQuote(forwardedFor: string) {
  const i = ++n;
  return fetch(app.url + "/api/forms/submit", {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url, "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ formId: "quote_form", name: `Proxy ${i}`, email: `proxy${i}@example.com`, phone: "6165550100", vehicle_type: "car", message: "" }),
  });
}

describe("behind one reverse proxy (TRUST_PROXY=1)", () => {
  it("keeps the quote limit per real address however the client forges X-Forwarded-For", async () => {
    const seen = "198.51.100.23";
    const forged = ["203.0.113.1", "203.0.113.2", "unknown", "10.0.0.1, 10.0.0.2", "::1"];
    for (const f of forged) expect((await postQuote(`${f}, ${seen}`)).status, f).toBe(200);
    // Sixth within ten minutes from the same real address: refused, whatever stands before it.
    for (const f of ["203.0.113.99", "198.51.100.24", ""]) {
      const res = await postQuote(f ? `${f}, ${seen}` : seen);
      expect(res.status, f).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("counts different rightmost entries as different clients", async () => {
    const forgedByAll = "203.0.113.7";
    for (let i = 0; i < 5; i++) expect((await postQuote(`${forgedByAll}, 198.51.100.30`)).status).toBe(200);
    expect((await postQuote(`${forgedByAll}, 198.51.100.30`)).status).toBe(429);
    expect((await postQuote(`${forgedByAll}, 198.51.100.31`)).status).toBe(200);
  });
});

it("refuses to start on a TRUST_PROXY that is not a number of proxies, naming it", { timeout: 60_000 }, async () => {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { PATH: process.env.PATH, NODE_ENV: "production", BUILD_DIR: process.env.BUILD_DIR || "build", PORT: "0", HOST: "127.0.0.1", DATABASE_URL: "memory://", TRUST_PROXY: "loopback" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(1);
  expect(output).toContain("TRUST_PROXY");
  expect(output).toMatch(/number of reverse proxies/);
  expect(output).not.toContain("Listening on");
});
