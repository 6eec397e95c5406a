import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reloadEnv } from "~/server/env.server";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { expectConsoleError } from "../helpers/console";
import { inProcessFetch } from "../helpers/routes";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

const SPEC_TEXT = "Failed to send OTP. Please check your email and try again.";
const OUTAGE_TEXT = "We couldn't send the code right now. Please try again in a few minutes.";
/** As the login page's HTML carries it. */
const OUTAGE_HTML = OUTAGE_TEXT.replace("'", "&#x27;");

// The API through its route modules, in this process, on this file's
// database; the login page (rendered HTML) through the production server below.
const database = useTestDatabase();
// Every failed send is logged for the operator: this file fails sends on purpose.
expectConsoleError(/^\[otp\] could not send a code \((mail server unavailable|address refused)\)/, { wholeFile: true });
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
let smtp: SmtpSink;
let smtpUp = true;
beforeAll(async () => {
  smtp = await startSmtpSink();
  process.env.SMTP_URL = smtp.url;
  reloadEnv();
});
afterEach(async () => {
  smtp.refuseRecipients(null);
  if (!smtpUp) await smtp.start();
  smtpUp = true;
});
afterAll(async () => {
  await smtp?.stop();
});

/** The mail server goes away: its port refuses connections until afterEach brings it back. */
async function mailServerDown() {
  await smtp.stop();
  smtpUp = false;
}

const sendOtp = (email: string) =>
  app.fetch("/api/send-otp", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });
const verify = (email: string, otp: string) =>
  app.fetch("/api/verify-otp", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, otp }) });

async function codeFor(email: string): Promise<string> {
  const before = smtp.messages.length;
  const res = await sendOtp(email);
  expect(res.status, await res.clone().text()).toBe(200);
  const mail = await smtp.waitFor((m) => smtp.messages.indexOf(m) >= before && m.to.includes(email));
  return mail.text.match(/\b(\d{6})\b/)![1]!;
}

const hits = async (bucket: string, key?: string) =>
  Number(
    (
      await db()
        .selectFrom("rate_limit_hits")
        .select(sql<number>`count(*)`.as("n"))
        .where("bucket", "=", bucket)
        .$if(key !== undefined, (q) => q.where("key", "=", key!))
        .executeTakeFirstOrThrow()
    ).n,
  );

const audit = (email: string) =>
  db().selectFrom("auth_audit").select(["outcome"]).where("email", "=", email).where("event", "=", "code_sent").orderBy("id").execute();

describe("sending a sign-in code while the mail server is down", () => {
  it("answers 503 with Retry-After and says to try again later, not to check the address", async () => {
    await mailServerDown();
    const res = await sendOtp("down@example.com");
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ error: OUTAGE_TEXT });
    expect((await audit("down@example.com")).map((a) => a.outcome)).toEqual(["failed"]);
  });

  it("treats a temporary (4xx) refusal of the recipient as the mail server's trouble", async () => {
    smtp.refuseRecipients(() => 450);
    const res = await sendOtp("busy@example.com");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: OUTAGE_TEXT });
  });

  it("treats a policy refusal (5.7.x, e.g. relaying denied: a wrong SMTP_URL) as the mail server's trouble", async () => {
    smtp.refuseRecipients(() => ({ code: 550, message: "5.7.1 Relaying denied" }));
    const res = await sendOtp("relay@example.com");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: OUTAGE_TEXT });
  });

  it("does not count a code it could not send: no resend wait, no hourly slot, and the earlier code still works", async () => {
    const email = "returning@example.com";
    const earlier = await codeFor(email);
    // Half a minute later (the resend wait is over), the mail server is down.
    await db().deleteFrom("rate_limit_hits").where("bucket", "=", "otp:cooldown").where("key", "=", email).execute();
    const perAddress = await hits("otp:email", email);
    const perClient = await hits("otp:client");
    await mailServerDown();
    expect((await sendOtp(email)).status).toBe(503);
    expect((await sendOtp(email)).status, "asking again at once: no 'Please wait 30 seconds'").toBe(503);
    expect(await hits("otp:cooldown", email)).toBe(0);
    expect(await hits("otp:email", email)).toBe(perAddress);
    // The per-client limit still counts every attempt, so a flood during an outage is still stopped.
    expect(await hits("otp:client")).toBe(perClient + 2);

    // The code already in the inbox was not replaced by one that never arrived.
    const res = await verify(email, earlier);
    expect(res.status, await res.clone().text()).toBe(200);

    // Back up: a new code goes out at once.
    await smtp.start();
    smtpUp = true;
    expect(await codeFor(email)).toMatch(/^\d{6}$/);
  });
});

describe("sending a sign-in code to an address the mail server refuses", () => {
  it("answers 422 with the spec's text from the API, and stores no code", async () => {
    smtp.refuseRecipients((address) => (address === "nobody@example.com" ? 550 : undefined));
    const res = await sendOtp("nobody@example.com");
    expect(res.status).toBe(422);
    expect(res.headers.get("retry-after")).toBeNull();
    expect(await res.json()).toEqual({ error: SPEC_TEXT });
    expect((await audit("nobody@example.com")).map((a) => a.outcome)).toEqual(["refused"]);
    // Not a code that could be used: nothing stored.
    expect(await db().selectFrom("one_time_codes").select("email").where("email", "=", "nobody@example.com").execute()).toEqual([]);

    // Other addresses still get their codes.
    expect(await codeFor("somebody@example.com")).toMatch(/^\d{6}$/);
  });
});

describe("the login page without JavaScript, through the production server", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ SMTP_URL: smtp.url });
  });
  afterAll(() => app?.stop());
  const loginForm = (body: Record<string, string>) =>
    app.fetch("/login", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(body) });

  it("says the same on the login page without JavaScript", async () => {
    await mailServerDown();
    const res = await loginForm({ intent: "send-otp", email: "down-nojs@example.com", returnUrl: "/" });
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain(OUTAGE_HTML);
    expect(html).not.toContain(SPEC_TEXT);
    // Still the address step, with the address kept, to try again.
    expect(html).toContain('value="down-nojs@example.com"');
    expect(html).toContain("Send OTP");
  });

  it("answers an address the mail server refuses with 422 and the spec's text, on the address step again", async () => {
    smtp.refuseRecipients((address) => (address === "nobody@example.com" ? 550 : undefined));
    // The address step again: a typo can be fixed and sent at once.
    const page = await loginForm({ intent: "send-otp", email: "nobody@example.com", returnUrl: "/" });
    expect(page.status).toBe(422);
    const html = await page.text();
    expect(html).toContain(SPEC_TEXT);
    expect(html).not.toContain(OUTAGE_HTML);
  });
});
