import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

// @ci-once: what the HTTP server does with a request, whatever the database; CI's second pass, on the embedded database, skips it.

// A client's mistake is one line in the production server's log at most, and
// its answer carries our text, not React Router's message for developers
// (issue 18: a fuzzing run logged 8,470 lines of stack traces).
let smtp: SmtpSink;
let app: AppServer;
let admin: string;
beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: "owner@example.com" });
  admin = await signInByEmail(app, smtp, "owner@example.com");
});
afterAll(async () => {
  await app?.stop();
  await smtp?.stop();
});

const formPost = (path: string, headers: Record<string, string> = {}) =>
  app.fetch(path, { method: "POST", body: "name=x", headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });

/**
 * The warnings and errors the server logs while `run` runs, up to a last
 * request whose line marks the end, as `[area] status METHOD path: message`
 * (every request also has its info line, `answered`). Issue 34 made the log
 * JSON lines on stdout; the lines' content is what it was on stderr.
 */
async function stderrLinesOf(run: () => Promise<void>): Promise<string[]> {
  const start = app.logLines().length;
  await run();
  // The log keeps its order: once the marker's line is in, every earlier line is.
  const marker = `/care-guides/end-of-run-${Date.now()}`;
  expect((await formPost(marker)).status).toBe(405);
  const warnings = () => app.logLines().slice(start).filter((line) => (line.level ?? 0) >= 40);
  await expect.poll(() => warnings().some((line) => line.path === marker)).toBe(true);
  return warnings()
    .filter((line) => line.path !== marker)
    .map((line) => `[${line.area}] ${line.status} ${line.method} ${line.path}: ${line.msg}`);
}

describe("a POST to a page without an action", () => {
  it("answers 405 with our text in the page and its data, and logs one line per request", async () => {
    const answers: Record<string, { status: number; body: string }> = {};
    const lines = await stderrLinesOf(async () => {
      for (const [path, headers] of [
        ["/about", {}],
        ["/care-guides/x", {}],
        ["/admin", { cookie: admin }],
        // What React Router's client sends for a form submitted with JavaScript.
        ["/about.data", {}],
      ] as const) {
        const res = await formPost(path, headers);
        answers[path] = { status: res.status, body: await res.text() };
      }
    });

    for (const [path, { status, body }] of Object.entries(answers)) {
      expect(status, path).toBe(405);
      expect(body.includes("This page does not accept form posts."), path).toBe(true);
      expect(/You made a POST request|did not provide an `action`/.test(body), path).toBe(false);
    }
    expect(lines).toEqual([
      "[request] 405 POST /about: This page does not accept form posts.",
      "[request] 405 POST /care-guides/x: This page does not accept form posts.",
      "[request] 405 POST /admin: This page does not accept form posts.",
      "[request] 405 POST /about.data: This page does not accept form posts.",
    ]);
  });
});

describe("an address with a malformed % escape", () => {
  it("answers 400 with a readable page (JSON on the API) and logs one line, no stack", async () => {
    let page!: Response;
    let api!: Response;
    const lines = await stderrLinesOf(async () => {
      page = await app.fetch("/care-guides/%ff");
      api = await app.fetch("/api/tables/%ff", { headers: { cookie: admin } });
    });
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain("The address has a malformed % escape");
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ error: "The address has a malformed % escape" });
    expect(lines).toEqual([
      "[request] 400 GET /care-guides/%ff: The address has a malformed % escape",
      "[request] 400 GET /api/tables/%ff: The address has a malformed % escape",
    ]);
  });
});
