import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { kickOutbox, stopBackgroundJobs } from "~/server/background.server";
import { reloadEnv } from "~/server/env.server";
import { sendEmail } from "~/server/mail.server";
import { claimDueEmails, deliverDueEmails, LEASE_SECONDS, outboxMessage } from "~/server/outbox-delivery.server";
import { enqueueEmail } from "~/server/outbox.server";
import { startAppServer } from "../helpers/app-server";
import { expectConsoleError } from "../helpers/console";
import { createTestDatabase } from "../helpers/database";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

const database = useTestDatabase();
const db = () => database.db;

const MAIL_FROM = "Shine On Wheels <info@shine.example>";
const MESSAGE_ID = /^<outbox-[0-9a-f-]{36}@shine\.example>$/;
// The outbox's timer (background.server.ts) ticks this often in a server.
const OUTBOX_TICK_MS = 15_000;

let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  Object.assign(process.env, { SMTP_URL: smtp.url, MAIL_FROM });
  reloadEnv();
});
afterAll(async () => {
  await stopBackgroundJobs();
  await smtp?.stop();
});
beforeEach(async () => {
  await db().deleteFrom("email_outbox").execute();
  smtp.messages.length = 0;
  smtp.delayReplies(0);
});

async function enqueueMany(n: number, subject: string): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      for (let i = 1; i <= n; i++) await enqueueEmail(trx, { to: "owner@example.com", subject: `${subject} ${i}`, text: `Mail ${i}` });
    });
}

const unsent = () => db().selectFrom("email_outbox").selectAll().where("sent_at", "is", null).execute();
const sentCount = async () =>
  (await db().selectFrom("email_outbox").select((eb) => eb.fn.countAll<number>().as("n")).where("sent_at", "is not", null).executeTakeFirstOrThrow()).n;

describe("e-mail outbox", () => {
  it("keeps an e-mail while the mail server is down and delivers it once it is back", async () => {
    expectConsoleError(/^\[outbox\] e-mail \d+ failed \(try 1\)/);
    await smtp.stop();
    try {
      const id = await enqueueEmail(db(), { to: "owner@example.com", subject: "New quote", text: "Hello" });
      expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 1 });
      const failed = await db().selectFrom("email_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(failed.sent_at).toBeNull();
      expect(failed.attempts).toBe(1);
      expect(failed.last_error).toBeTruthy();
      expect(failed.claimed_by).toBeNull();

      // Not due yet: the backoff holds it back.
      expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 0 });
    } finally {
      await smtp.start();
    }
    await db().updateTable("email_outbox").set({ next_attempt_at: new Date() }).execute();
    expect(await deliverDueEmails(db())).toEqual({ sent: 1, failed: 0 });
    const mail = await smtp.waitFor((m) => m.subject === "New quote");
    expect(mail.to).toEqual(["owner@example.com"]);
    expect(mail.text.trim()).toBe("Hello");
    // Sent once only.
    expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
  });

  it("a row claimed by a process that then died is sent again within seconds, as the same message (same Message-ID)", { timeout: 60_000 }, async () => {
    const id = await enqueueEmail(db(), { to: "owner@example.com", subject: "Crash test", text: "Hello" });
    const queued = await db().selectFrom("email_outbox").select("message_id").where("id", "=", id).executeTakeFirstOrThrow();
    expect(queued.message_id).toMatch(MESSAGE_ID);

    // What a worker does up to its crash: claim the row and hand it to the
    // mail server, which takes it; the process dies before recording that.
    const [claimed] = await claimDueEmails(db(), "a-process-that-dies", 1);
    expect(claimed!.id).toBe(id);
    const claimedAt = Date.now();
    await sendEmail(outboxMessage(claimed!));
    await smtp.waitFor((m) => m.subject === "Crash test");

    // Other workers leave it alone while the lease runs...
    expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 0 });
    // ...which is short: it is sent again within seconds, not minutes.
    await expect.poll(async () => (await deliverDueEmails(db())).sent, { timeout: (LEASE_SECONDS + 10) * 1000, interval: 250 }).toBe(1);
    const resentAfterMs = Date.now() - claimedAt;
    expect(resentAfterMs).toBeLessThan(30_000);
    console.log(`[outbox test] a crashed claim was sent again after ${(resentAfterMs / 1000).toFixed(1)} s (lease ${LEASE_SECONDS} s)`);

    const copies = smtp.messages.filter((m) => m.subject === "Crash test");
    expect(copies).toHaveLength(2);
    expect(copies[0]!.messageId).toBe(queued.message_id);
    expect(copies[1]!.messageId).toBe(queued.message_id);
    const row = await db().selectFrom("email_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(row.claimed_by).toBeNull();
  });

  it("a row queued before Message-IDs were stored gets one at its claim, before it is sent", async () => {
    const id = await enqueueEmail(db(), { to: "owner@example.com", subject: "Old row", text: "Hello" });
    await db().updateTable("email_outbox").set({ message_id: null }).where("id", "=", id).execute();
    expect(await deliverDueEmails(db())).toEqual({ sent: 1, failed: 0 });
    const row = await db().selectFrom("email_outbox").select("message_id").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.message_id).toMatch(MESSAGE_ID);
    expect((await smtp.waitFor((m) => m.subject === "Old row")).messageId).toBe(row.message_id);
  });

  it("one kick drains a backlog of hundreds, each e-mail once, long before the next tick", { timeout: 60_000 }, async () => {
    const backlog = 300;
    await enqueueMany(backlog, "Backlog");
    const started = Date.now();
    // The only kick: the outbox's timer never runs in this file (nothing calls
    // startBackgroundJobs), so all that is sent, this one kick sent.
    kickOutbox(db());
    await expect.poll(sentCount, { timeout: 45_000, interval: 100 }).toBe(backlog);
    console.log(`[outbox test] one kick sent ${backlog} e-mails in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await expect.poll(() => smtp.messages.length).toBe(backlog);
    expect(new Set(smtp.messages.map((m) => m.messageId)).size).toBe(backlog);
    expect(await unsent()).toEqual([]);
  });

  it.each([
    { label: "in-flight sends finish within the grace period and are recorded", replyDelayMs: 1_000 },
    { label: "in-flight sends that outlast the grace period are cut and released", replyDelayMs: 30_000 },
  ])(
    "stopping with a backlog and a slow mail server returns within seconds and leaves no unsent row held: $label",
    { timeout: 60_000 },
    async ({ replyDelayMs }) => {
      const backlog = 300;
      await enqueueMany(backlog, "Slow");
      smtp.delayReplies(replyDelayMs);
      kickOutbox(db());
      // Sends are in flight: the mail server has the messages but has not answered.
      await expect.poll(() => smtp.messages.length).toBeGreaterThan(0);

      const stopping = Date.now();
      await stopBackgroundJobs();
      const stopMs = Date.now() - stopping;
      console.log(`[outbox test] stop with ${backlog} queued and replies taking ${replyDelayMs / 1000} s returned in ${stopMs} ms`);
      expect(stopMs).toBeLessThan(5_000);

      const sent = await sentCount();
      const held = await db()
        .selectFrom("email_outbox")
        .select("id")
        .where("sent_at", "is", null)
        .where((eb) => eb.or([eb("next_attempt_at", ">", sql<Date>`now()`), eb("claimed_by", "is not", null)]))
        .execute();
      expect(held).toEqual([]);
      expect((await unsent()).length).toBe(backlog - sent);
      if (replyDelayMs < 3_000) {
        // Every message the server took was recorded as sent: none goes twice.
        expect(sent).toBe(smtp.messages.length);
        expect(sent).toBeGreaterThan(0);
      } else {
        // None was answered: each is due again, to be sent with the Message-ID the server has already seen.
        expect(sent).toBe(0);
      }

      // The next process (here: a new drain) sends the rest.
      smtp.delayReplies(0);
      smtp.messages.length = 0;
      kickOutbox(db());
      // Generous: a busy machine sends a few dozen a second.
      await expect.poll(sentCount, { timeout: 60_000, interval: 100 }).toBe(backlog);
    },
  );
});

describe("a process killed in the middle of a delivery", () => {
  it("the next start sends the e-mail again within seconds, with the same Message-ID", { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-outbox-crash-"));
    // Both processes on one database: the embedded one in dataDir, or one on TEST_DATABASE_URL's server.
    const shared = process.env.TEST_DATABASE_URL ? await createTestDatabase() : undefined;
    const env = { SMTP_URL: smtp.url, MAIL_FROM, QUOTE_NOTIFY_EMAIL: "owner@example.com", ...(shared ? { DATABASE_URL: shared.url } : {}) };
    try {
      // The mail server takes the message and is slow to say so: the sender is mid-delivery.
      smtp.delayReplies(60_000);
      const first = await startAppServer(env, { dataDir, embeddedOnDisk: true });
      const exited = new Promise((resolve) => first.process.once("exit", resolve));
      const submitted = await fetch(first.url + "/api/forms/submit", {
        method: "POST",
        headers: { "content-type": "application/json", origin: first.url },
        body: JSON.stringify({ formId: "quote_form", name: "Crash Customer", email: "crash@example.com", phone: "6165550100", vehicle_type: "car", message: "" }),
      });
      expect(submitted.status).toBe(200);
      const firstCopy = await smtp.waitFor((m) => m.subject.includes("Crash Customer"), 30_000);
      first.process.kill("SIGKILL");
      await exited;
      const killedAt = Date.now();
      smtp.delayReplies(0);

      const second = await startAppServer(env, { dataDir, embeddedOnDisk: true });
      try {
        // The embedded database has one process at a time: its claims are a dead one's, due again at the start
        // (the owner's notification, and the customer's receipt if its send had started too).
        if (!shared) await expect.poll(() => second.logText(), { timeout: 30_000 }).toMatch(/\[outbox\] [12] e-mail\(s\) claimed before a crash are due again/);
        await expect
          .poll(() => smtp.messages.filter((m) => m.subject.includes("Crash Customer")).length, { timeout: 60_000, interval: 250 })
          .toBe(2);
        const resentAfterMs = Date.now() - killedAt;
        console.log(`[outbox test] killed mid-delivery (${shared ? "PostgreSQL" : "embedded"}): sent again ${(resentAfterMs / 1000).toFixed(1)} s after the kill`);
        // The lease (seconds) plus at most one tick of the next process, not the minutes of before.
        expect(resentAfterMs).toBeLessThan((LEASE_SECONDS + OUTBOX_TICK_MS / 1000 + 10) * 1000);
        const copies = smtp.messages.filter((m) => m.subject.includes("Crash Customer"));
        expect(firstCopy.messageId).toMatch(MESSAGE_ID);
        expect(copies.map((m) => m.messageId)).toEqual([firstCopy.messageId, firstCopy.messageId]);
      } finally {
        await second.stop();
      }
    } finally {
      smtp.delayReplies(0);
      await shared?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
