import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { stopBackgroundJobs } from "~/server/background.server";
import { reloadEnv } from "~/server/env.server";
import { deliverDueEmails, MAX_TRIES } from "~/server/outbox-delivery.server";
import { enqueueEmail, retryEmailNow } from "~/server/outbox.server";
import { expectConsoleError } from "../helpers/console";
import { insertLead } from "../helpers/estimates";
import { callRoute, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

/*
 * Issue 33: the outbox never gave up. A permanently refused address was tried
 * every 30 minutes for ever. Now (docs/decisions/0111) an e-mail refused for
 * good (a 5xx for its address or for the message, not a 5.7.x refusal of us),
 * or failing MAX_TRIES tries, is `failed`: never tried again, shown so in the
 * E-mail Log with the mail server's answer, and the owner is told once, by an
 * alert that is never itself alerted about. Delivered to a real SMTP server on
 * 127.0.0.1 that refuses as the test says.
 */

const OWNER = "owner@shine.example";
const MAIL_FROM = "Shine On Wheels <info@shine.example>";
// The owner's alert address: Send New Requests To, whose first value QUOTE_NOTIFY_EMAIL is.
const database = useTestDatabase({ APP_URL: "https://shine.example", QUOTE_NOTIFY_EMAIL: OWNER });
const db = () => database.db;

let smtp: SmtpSink;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  Object.assign(process.env, { SMTP_URL: smtp.url, MAIL_FROM });
  reloadEnv();
  admin = await sessionCookieFor(db(), "admin@shine.example", { admin: true });
  expectConsoleError(/^\[outbox\] e-mail \d+ (failed|given up)/, { wholeFile: true });
});
afterAll(async () => {
  await stopBackgroundJobs();
  await smtp?.stop();
});
beforeEach(async () => {
  await db().deleteFrom("email_outbox").execute();
  smtp.messages.length = 0;
  smtp.refuseRecipients(null);
  smtp.refuseMessages(null);
});

const row = (id: number) => db().selectFrom("email_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const rows = () => db().selectFrom("email_outbox").select(["id", "to_address", "kind", "alert_for_id", "failed_at", "sent_at"]).orderBy("id").execute();
const alertsTo = (address: string) => (m: ReceivedMail) => m.to.includes(address) && m.subject.startsWith("Not delivered:");

/** The E-mail Log's row, as the dashboard's table reads it (GET /api/tables/email_outbox/{id}). */
async function logRow(id: number): Promise<Record<string, unknown>> {
  const res = await callRoute(new Request(`http://localhost/api/tables/email_outbox/${id}`, { headers: { cookie: admin } }), routeContext(db()));
  expect(res.status).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Makes every unsent row due now, as if its next try had come. */
const everythingDue = () => db().updateTable("email_outbox").set({ next_attempt_at: sql`now() - interval '1 hour'` }).where("sent_at", "is", null).execute();

describe("an address refused for good (550)", () => {
  it("fails at the first try with the server's answer, is shown failed in the E-mail Log, is never tried again, and the owner is told once", async () => {
    smtp.refuseRecipients((address) => (address === "gone@example.com" ? 550 : undefined));
    const lead = await insertLead(db());
    const id = await enqueueEmail(db(), { to: "gone@example.com", subject: "Estimate #1001 from Shine On Wheels", text: "Your estimate." }, { leadId: lead, kind: "estimate" });

    // The alert is queued as the e-mail is given up, and sent in the same drain.
    expect(await deliverDueEmails(db())).toEqual({ sent: 1, failed: 1 });
    const failed = await row(id);
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, claimed_by: null });
    expect(failed.failed_at).toBeInstanceOf(Date);
    expect(failed.last_error).toContain("550 5.1.1 Mailbox unavailable");
    expect(await logRow(id)).toMatchObject({ state: "failed", attempts: 1, last_error: expect.stringContaining("550 5.1.1 Mailbox unavailable"), failed_at: expect.any(String), next_attempt_at: null });

    const alert = await smtp.waitFor(alertsTo(OWNER));
    expect(alert.subject).toBe("Not delivered: Estimate #1001 from Shine On Wheels");
    expect(alert.text).toContain("To:       gone@example.com");
    expect(alert.text).toContain("The mail server answered: 550 5.1.1 Mailbox unavailable");
    expect(alert.text).toContain("https://shine.example/admin/email_outbox");
    expect(alert.text).toContain(`https://shine.example/admin/leads/${lead}`);
    const [, alertRow] = await rows();
    expect(alertRow).toMatchObject({ to_address: OWNER, kind: "email_undelivered", alert_for_id: id });

    // Its next try would have come long ago: still nothing is tried.
    await everythingDue();
    expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 0 });

    // Retry now: one more try. Refused again, it is failed again, and the owner is not told twice.
    expect(await retryEmailNow(db(), id)).toBe(true);
    expect((await logRow(id)).state).toBe("queued");
    expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 1 });
    expect(await row(id)).toMatchObject({ attempts: 2, failed_at: expect.any(Date) });
    expect(await rows()).toHaveLength(2);
    expect(smtp.messages.filter(alertsTo(OWNER))).toHaveLength(1);

    // Once the address takes mail (the owner had it fixed), Retry now sends it.
    smtp.refuseRecipients(null);
    expect(await retryEmailNow(db(), id)).toBe(true);
    expect(await deliverDueEmails(db())).toEqual({ sent: 1, failed: 0 });
    expect((await logRow(id)).state).toBe("sent");
    expect(smtp.messages.filter((m) => m.to.includes("gone@example.com"))).toHaveLength(1);
  });

  it("a message refused for good after DATA (554 5.6.0) is given up as well; a 5.7.x refusal of us (relaying) is retried", async () => {
    smtp.refuseMessages((m) => (m.subject === "Too strange" ? { code: 554, message: "5.6.0 Message content rejected" } : undefined));
    const refused = await enqueueEmail(db(), { to: "someone@example.com", subject: "Too strange", text: "…" });
    expect(await deliverDueEmails(db())).toEqual({ sent: 1, failed: 1 });
    expect(await row(refused)).toMatchObject({ failed_at: expect.any(Date), last_error: expect.stringContaining("554 5.6.0 Message content rejected") });
    expect((await smtp.waitFor(alertsTo(OWNER))).text).toContain("The mail server answered: 554 5.6.0 Message content rejected");

    smtp.refuseRecipients((address) => (address === "relay@example.com" ? { code: 550, message: "5.7.1 Relaying denied" } : undefined));
    const ours = await enqueueEmail(db(), { to: "relay@example.com", subject: "A setting to fix", text: "…" });
    expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 1 });
    expect(await row(ours)).toMatchObject({ failed_at: null, attempts: 1 });
    expect((await logRow(ours)).state).toBe("retrying");
  });
});

describe("an address that keeps failing for the time being (450)", () => {
  it(`is retried with backoff, then given up at try ${MAX_TRIES}, and the owner is told`, async () => {
    smtp.refuseRecipients((address) => (address === "busy@example.com" ? 450 : undefined));
    const id = await enqueueEmail(db(), { to: "busy@example.com", subject: "Reminder: your appointment", text: "…" });
    expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 1 });
    const first = await row(id);
    expect(first).toMatchObject({ attempts: 1, failed_at: null });
    expect(first.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    expect(await logRow(id)).toMatchObject({ state: "retrying", last_error: expect.stringContaining("450 4.2.1") });

    // The tries in between, as the days of backoff would have made them.
    await db().updateTable("email_outbox").set({ attempts: MAX_TRIES - 2 }).where("id", "=", id).execute();
    await everythingDue();
    expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 1 });
    expect(await row(id)).toMatchObject({ attempts: MAX_TRIES - 1, failed_at: null });
    expect(smtp.messages).toEqual([]);

    await everythingDue();
    expect(await deliverDueEmails(db())).toEqual({ sent: 1, failed: 1 });
    expect(await row(id)).toMatchObject({ attempts: MAX_TRIES, failed_at: expect.any(Date) });
    expect((await logRow(id)).state).toBe("failed");
    const alert = await smtp.waitFor(alertsTo(OWNER));
    expect(alert.text).toContain(`Tries:    ${MAX_TRIES}`);
    expect(alert.text).toContain("The mail server answered: 450 4.2.1 Mailbox busy, try again later");
    await everythingDue();
    expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 0 });
  });
});

describe("the owner's own address refused", () => {
  it("the alert about another e-mail fails once and is not alerted about: no loop", async () => {
    smtp.refuseRecipients((address) => (address === "gone@example.com" || address === OWNER ? 550 : undefined));
    const id = await enqueueEmail(db(), { to: "gone@example.com", subject: "Invoice #2001 from Shine On Wheels", text: "…" });
    // The e-mail, then its alert, both given up in one drain; then nothing is due.
    expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 2 });
    const all = await rows();
    expect(all.map((r) => [r.to_address, r.alert_for_id, r.failed_at !== null])).toEqual([
      ["gone@example.com", null, true],
      [OWNER, id, true],
    ]);
    await everythingDue();
    expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 0 });
    expect(await rows()).toHaveLength(2);
  });

  it("an e-mail to the alert address itself is given up without an alert (it would go where delivery just failed)", async () => {
    smtp.refuseRecipients((address) => (address.toLowerCase() === OWNER ? 550 : undefined));
    await enqueueEmail(db(), { to: OWNER.toUpperCase(), subject: "New quote request #7: Jane", text: "…" }, { kind: "owner_notification" });
    expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 1 });
    expect((await rows()).map((r) => [r.kind, r.failed_at !== null])).toEqual([["owner_notification", true]]);
  });
});

describe("the owner is told once per e-mail, held by the database", () => {
  it("a second alert about one e-mail is refused by the unique index", async () => {
    const id = await enqueueEmail(db(), { to: "gone@example.com", subject: "Once", text: "…" });
    await enqueueEmail(db(), { to: OWNER, subject: "Not delivered: Once", text: "…" }, { kind: "email_undelivered", alertFor: id });
    await expect(enqueueEmail(db(), { to: OWNER, subject: "Not delivered: Once", text: "…" }, { kind: "email_undelivered", alertFor: id })).rejects.toMatchObject({
      code: "23505",
    });
  });
});
