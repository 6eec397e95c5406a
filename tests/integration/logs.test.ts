import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePortAddress, startAppServer, type AppServer } from "../helpers/app-server";
import { ERROR_LEVEL, type LogLine } from "../helpers/log-lines";

/*
 * Issue 34, the log an operator can use (docs/decisions/0120 and 0121): one
 * JSON line per event with a level and, during a request, the request's id,
 * which the answer carries as X-Request-Id and a 500 page shows; no e-mail
 * address, code, customer token or cookie in any line; /healthz says how many
 * e-mails wait and for how long.
 *
 * One production server for the file. Its mail server is a port nobody
 * listens on, so queued e-mails wait (and a sign-in code cannot be sent). The
 * unexpected error comes from outside the app: tests/helpers/query-fault-on-signal.mjs,
 * preloaded with NODE_OPTIONS, makes every query on the care guides fail after SIGUSR2.
 */

const PRELOAD = path.resolve(import.meta.dirname, "../helpers/query-fault-on-signal.mjs");
const FAULT_SECRET = "jane.doe@example.com";
const GENERATED_ID = /^[0-9a-z]{10}$/;
const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});
let nextIp = 1;
const freshIp = () => ({ "x-forwarded-for": `203.0.113.${nextIp++}` });

let app: AppServer;
beforeAll(async () => {
  const deadMailServer = await freePortAddress();
  app = await startAppServer({ SMTP_URL: `smtp://127.0.0.1:${deadMailServer.port}`, TRUST_PROXY: "1", NODE_OPTIONS: `--import=${PRELOAD}` });
});
afterAll(async () => {
  await app?.stop();
});

const linesOf = (requestId: string) => app.logLines().filter((line) => line.requestId === requestId);
const health = async () => (await (await app.fetch("/healthz")).json()) as { status: string; outbox: { waiting: number; oldestSeconds: number | null } };

describe("the log", () => {
  it("is JSON lines with a level and a time; a request's lines all carry its id, which the answer sends back", async () => {
    // A quote with the hidden field filled (a bot's) is dropped with one line of its own, then answered.
    const res = await app.fetch("/api/forms/submit", json({ formId: "quote_form", name: "Bot", email: "bot@example.com", phone: "6165550100", vehicle_type: "car", website: "http://spam.example" }, freshIp()));
    expect(res.status).toBe(200);
    const id = res.headers.get("x-request-id")!;
    expect(id).toMatch(GENERATED_ID);
    await expect.poll(() => linesOf(id).map((line) => line.msg)).toEqual(["dropped a request: the hidden field was filled", "answered"]);
    const [dropped, answered] = linesOf(id) as [LogLine, LogLine];
    expect(dropped).toMatchObject({ level: 30, area: "quote", requestId: id });
    expect(answered).toMatchObject({ level: 30, area: "request", requestId: id, method: "POST", path: "/api/forms/submit", status: 200 });
    expect(new Date(String(answered.time)).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Every line the server wrote is JSON.
    expect(app.logLines().filter((line) => line.level === undefined)).toEqual([]);
  });

  it("keeps an incoming X-Request-Id only when it is a short token", async () => {
    for (const safe of ["lb-7f3a.9_B", "0f8fad5b-d9cb-469f-a165-70867728950e"]) {
      const res = await app.fetch("/about", { headers: { "x-request-id": safe } });
      expect(res.headers.get("x-request-id")).toBe(safe);
      await expect.poll(() => linesOf(safe).map((line) => line.path)).toEqual(["/about"]);
    }
    for (const unsafe of ["two words", "x".repeat(37), "-starts-with-a-dash", '{"level":60}', "ab\tcd"]) {
      const res = await app.fetch("/about", { headers: { "x-request-id": unsafe } });
      expect(res.headers.get("x-request-id")).toMatch(GENERATED_ID);
      expect(app.logLines().some((line) => line.requestId === unsafe)).toBe(false);
    }
  });

  it("never shows an e-mail address, a code, a customer's token, a query string or a cookie", async () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWx12345678";
    const cookie = "__session=SeSsIoNvAlUe0123456789abcdef";
    const page = await app.fetch(`/estimates/${token}?code=482913&email=amy%40example.com`, { headers: { cookie, authorization: "Bearer ApItOkEn0123456789abcdefgh" } });
    expect(page.status).toBe(404);
    const id = page.headers.get("x-request-id")!;
    await expect.poll(() => linesOf(id).map((line) => line.path)).toEqual(["/estimates/:token"]);
    // The mail server is down: the failure is logged, without the address.
    const sent = await app.fetch("/api/send-otp", json({ email: "amy.code@example.com" }, freshIp()));
    expect(sent.status).toBeGreaterThanOrEqual(500);
    const otpId = sent.headers.get("x-request-id")!;
    await expect.poll(() => linesOf(otpId).map((line) => `${line.level} ${line.area} ${line.msg}`)).toContain(`${ERROR_LEVEL} otp could not send a code (mail server unavailable)`);
    const output = app.output();
    for (const secret of [token, "482913", "amy%40example.com", "amy@example.com", "amy.code@example.com", "SeSsIoNvAlUe", "ApItOkEn"]) expect(output).not.toContain(secret);
  });

  it("logs an unexpected error once, with method, path, status and stack, and the 500 page shows the id to quote", async () => {
    expect((await app.fetch("/care-guides")).status).toBe(200);
    app.process.kill("SIGUSR2");
    // The signal arms the fault when the server's event loop gets to it: ask until it has.
    let res!: Response;
    await expect
      .poll(async () => {
        res = await app.fetch("/care-guides?q=amy%40example.com", { headers: { accept: "text/html" } });
        if (res.status !== 500) await res.arrayBuffer();
        return res.status;
      })
      .toBe(500);
    const id = res.headers.get("x-request-id")!;
    expect(id).toMatch(GENERATED_ID);
    expect(await res.text()).toContain(`If you call us, quote this id: ${id}`);
    await expect.poll(() => linesOf(id).map((line) => line.msg)).toContain("answered");
    const errors = linesOf(id).filter((line) => (line.level ?? 0) >= ERROR_LEVEL);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: ERROR_LEVEL, area: "request", msg: "unexpected error", method: "GET", path: "/care-guides", status: 500 });
    expect(errors[0]!.err).toMatchObject({ type: "TypeError", message: "Cannot read the guide of <e-mail>" });
    expect(errors[0]!.err!.stack).toMatch(/^TypeError: Cannot read the guide of <e-mail>\n {4}at /);
    expect(app.output()).not.toContain(FAULT_SECRET);
    expect(app.output()).not.toContain("amy%40example.com");
  });
});

describe("/healthz", () => {
  it("says how many e-mails wait and how long the oldest has waited", async () => {
    expect(await health()).toEqual({ status: "ok", outbox: { waiting: 0, oldestSeconds: null } });
    // A quote queues the owner's alert and the customer's receipt; the mail server is down, so they wait.
    const quote = await app.fetch("/api/forms/submit", json({ formId: "quote_form", name: "Amy Waits", email: "amy.waits@example.com", phone: "6165550100", vehicle_type: "car" }, freshIp()));
    expect(quote.status).toBe(200);
    const first = await health();
    expect(first.outbox.waiting).toBe(2);
    expect(first.outbox.oldestSeconds).toBeGreaterThanOrEqual(0);
    await expect.poll(async () => (await health()).outbox.oldestSeconds, { timeout: 20_000 }).toBeGreaterThanOrEqual(first.outbox.oldestSeconds! + 2);
    expect((await health()).outbox.waiting).toBe(2);
    expect(app.output()).not.toContain("amy.waits@example.com");
  });
});
