import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUOTE_SUCCESS_MESSAGE } from "~/lib/quote-form";
import { RECEIPT_LIMIT } from "~/server/quote.server";
import { reloadEnv } from "~/server/env.server";
import { changeLeadStatus, getLead, leadTimeline, retryLeadEmail, type TimelineEntry } from "~/server/leads/lead.server";
import { queueDueReminders } from "~/server/leads/reminders.server";
import { expectConsoleError } from "../helpers/console";
import { expectCustomerEmail } from "../helpers/customer-email";
import { callRoute, routeContext } from "../helpers/routes";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// The e-mails about a lead, delivered to a real SMTP server on 127.0.0.1: the
// customer's auto-reply, the owner's notification and reminder, and "Retry
// now" after an outage. The home page's action and POST /api/forms/submit run
// in this process on this file's database; the outbox delivers from here too.
const OWNER = "owner@shine.example";
const MAIL_FROM = "Shine On Wheels <info@shine.example>";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, MAIL_FROM, LEAD_REMINDER_MINUTES: "60", APP_URL: "https://shine.example" });
const db = () => database.db;

let mailbox: SmtpSink;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
});
afterAll(async () => {
  await mailbox?.stop();
});

/** The messages matching, once `count` of them have arrived (generous: a busy machine). */
async function arrived(match: (m: ReceivedMail) => boolean, count = 1, timeout = 30_000): Promise<ReceivedMail[]> {
  await expect.poll(() => mailbox.messages.filter(match).length, { timeout, interval: 100 }).toBeGreaterThanOrEqual(count);
  return mailbox.messages.filter(match);
}

let n = 0;
/** A client address of its own per test, so no test's posts count against another's limit. */
const freshIp = () => `198.51.100.${++n}`;
function quote(overrides: Record<string, string> = {}) {
  const i = ++n;
  return {
    name: `Mail Customer ${i}`,
    email: `mail${i}@example.com`,
    phone: "(616) 555-0177",
    vehicle_type: "Boat",
    message: `22 ft bowrider number ${i}, hull oxidation and a musty cabin.`,
    ...overrides,
  };
}

function postForm(fields: Record<string, string>, clientIp: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return callRoute(new Request("http://localhost/?index", { method: "POST", body }), routeContext(db(), { clientIp }));
}
function postApi(fields: Record<string, string>, clientIp: string) {
  const request = new Request("http://localhost/api/forms/submit", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ formId: "quote_form", ...fields }),
  });
  return callRoute(request, routeContext(db(), { clientIp }));
}

const leadOf = async (email: string) => (await db().selectFrom("quote_requests").select(["id", "created_at"]).where("email", "=", email).executeTakeFirstOrThrow());
const outboxOfLead = (id: number) => db().selectFrom("email_outbox").selectAll().where("lead_id", "=", id).orderBy("id").execute();
const outboxTo = (address: string) => db().selectFrom("email_outbox").select("id").where("to_address", "=", address).execute();
const timelineEmails = async (id: number) =>
  (await leadTimeline(db(), await getLead(db(), id))).filter((e): e is Extract<TimelineEntry, { type: "email" }> => e.type === "email");
const isReplyTo = (email: string) => (m: ReceivedMail) => m.to.includes(email) && m.subject.startsWith("We received your quote request");
const reminderOf = (id: number) => (m: ReceivedMail) => m.subject.startsWith(`Still waiting: quote request #${id} `);

async function expectAutoReplyAndNotification(fields: ReturnType<typeof quote>) {
  const lead = await leadOf(fields.email);
  const [reply] = await arrived(isReplyTo(fields.email));
  expect(reply!.to).toEqual([fields.email]);
  expect(reply!.subject).toBe(`We received your quote request #${lead.id}`);
  expect(reply!.replyTo).toBe(OWNER);
  expect(reply!.fromHeader).toBe("info@shine.example");
  expect(reply!.from).toBe("info@shine.example");
  expect(reply!.text).toContain(`#${lead.id}`);
  // A copy of what they sent.
  for (const value of [fields.name, fields.email, fields.phone, fields.vehicle_type, fields.message]) expect(reply!.text).toContain(value);
  expect(reply!.text).toContain("within 24 hours");
  expect(reply!.text).toMatch(/not yet a booking/i);
  expect(reply!.text).toContain("(616) 555-0142");
  // HTML too, with the business's look; no page of theirs yet, so the button calls.
  const shown = expectCustomerEmail(reply!, "tel:+16165550142");
  for (const value of [fields.email, fields.message, `#${lead.id}`]) expect(shown).toContain(value);
  expect(reply!.text).toMatch(new RegExp(`^Hi ${fields.name.split(" ")[0]},\n`));

  const [notification] = await arrived((m) => m.to.includes(OWNER) && m.subject.startsWith(`New quote request #${lead.id}:`));
  expect(notification!.to).toEqual([OWNER]);
  expect(notification!.replyTo).toBe(fields.email);
  expect(notification!.fromHeader).toBe("info@shine.example");
  expect(notification!.text).toContain(`#${lead.id}`);
  expect(notification!.text).toContain(fields.message);

  // Both tied to the lead, one each, and shown as sent on its page.
  expect((await outboxOfLead(lead.id)).map((e) => ({ kind: e.kind, to: e.to_address, reply_to: e.reply_to }))).toEqual([
    { kind: "owner_notification", to: OWNER, reply_to: fields.email },
    { kind: "customer_reply", to: fields.email, reply_to: OWNER },
  ]);
  await expect.poll(async () => (await timelineEmails(lead.id)).map((e) => [e.kind, e.state])).toEqual([
    ["owner_notification", "sent"],
    ["customer_reply", "sent"],
  ]);
  expect(mailbox.messages.filter(isReplyTo(fields.email))).toHaveLength(1);
  return lead;
}

describe("the customer's auto-reply and the owner's notification", () => {
  it("through the home page's form", async () => {
    const fields = quote({ name: "Dana Whitfield", vehicle_type: "Pontoon", message: "Algae line on both tubes, dock in Holland." });
    const res = await postForm(fields, freshIp());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: QUOTE_SUCCESS_MESSAGE });
    await expectAutoReplyAndNotification(fields);
  });

  it("through POST /api/forms/submit", async () => {
    const fields = quote({ name: "Marcus Lee", vehicle_type: "SUV", message: "Two kids, one dog, lots of sand." });
    const res = await postApi(fields, freshIp());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: QUOTE_SUCCESS_MESSAGE });
    await expectAutoReplyAndNotification(fields);
  });

  it("none for a honeypot post, by either way", async () => {
    const ip = freshIp();
    const trapped = [quote({ website: "http://spam.example" }), quote({ website: "seo.example" })];
    expect((await postForm(trapped[0]!, ip)).status).toBe(200);
    expect((await postApi(trapped[1]!, ip)).status).toBe(200);
    // A real request after them: once its reply has arrived, theirs would have too.
    const real = quote();
    expect((await postApi(real, ip)).status).toBe(200);
    await arrived(isReplyTo(real.email));
    for (const t of trapped) {
      expect(await outboxTo(t.email)).toEqual([]);
      expect(mailbox.messages.filter((m) => m.to.includes(t.email) || m.text.includes(t.email))).toEqual([]);
    }
  });

  it("none for a rate-limited post: the 6th from one address is refused (429) and gets no reply", async () => {
    const ip = freshIp();
    const accepted = Array.from({ length: 5 }, () => quote());
    for (const [i, fields] of accepted.entries()) expect((await (i % 2 ? postForm : postApi)(fields, ip)).status).toBe(200);
    const refused = quote();
    const res = await postApi(refused, ip);
    expect(res.status).toBe(429);
    expect((await res.json()).success).toBe(false);
    const refusedForm = quote();
    expect((await postForm(refusedForm, ip)).status).toBe(429);

    // Every accepted one gets its reply; the refused ones get nothing, now or later (nothing is queued).
    for (const fields of accepted) await arrived(isReplyTo(fields.email));
    for (const fields of [refused, refusedForm]) {
      expect(await outboxTo(fields.email)).toEqual([]);
      expect(mailbox.messages.filter((m) => m.to.includes(fields.email))).toEqual([]);
    }
    const replies = await db().selectFrom("email_outbox").select("id").where("kind", "=", "customer_reply").where("to_address", "in", [...accepted, refused, refusedForm].map((f) => f.email)).execute();
    expect(replies).toHaveLength(5);
  });
});

describe("the receipt is not a way to mail someone over and over", () => {
  it("sends at most RECEIPT_LIMIT receipts a day to one address; the requests past it are still stored and the owner told", async () => {
    const email = `repeat${++n}@example.com`;
    const posts = Array.from({ length: RECEIPT_LIMIT.max + 1 }, (_, i) => quote({ email: i % 2 ? email.toUpperCase() : email, name: `Repeat Customer ${n}-${i}` }));
    // From different client addresses, so only the per-recipient limit applies.
    for (const fields of posts) expect((await postApi(fields, freshIp())).status).toBe(200);
    const leads = await db().selectFrom("quote_requests").select("id").where("email", "ilike", email).execute();
    expect(leads).toHaveLength(posts.length);
    const kinds = await db().selectFrom("email_outbox").select("kind").where("lead_id", "in", leads.map((l) => l.id)).execute();
    expect(kinds.filter((k) => k.kind === "owner_notification")).toHaveLength(posts.length);
    expect(kinds.filter((k) => k.kind === "customer_reply")).toHaveLength(RECEIPT_LIMIT.max);
    const toThem = (m: ReceivedMail) => m.to.some((to) => to.toLowerCase() === email) && m.subject.startsWith("We received your quote request");
    await arrived(toThem, RECEIPT_LIMIT.max);
  });
});

describe("Retry now, after the mail server was down", () => {
  it("an e-mail that failed shows as failed with its error, and is sent when retried once the server is back", { timeout: 90_000 }, async () => {
    expectConsoleError(/^\[outbox\] e-mail \d+ failed/);
    const fields = quote({ name: "Outage Customer" });
    await mailbox.stop();
    let lead!: { id: number };
    try {
      expect((await postApi(fields, freshIp())).status).toBe(200);
      lead = await leadOf(fields.email);
      // The immediate delivery fails for both e-mails, which wait for their next try.
      await expect.poll(async () => (await timelineEmails(lead.id)).map((e) => [e.kind, e.state, e.attempts])).toEqual([
        ["owner_notification", "retrying", 1],
        ["customer_reply", "retrying", 1],
      ]);
      for (const e of await timelineEmails(lead.id)) {
        expect(e.lastError).toEqual(expect.any(String));
        expect(e.lastError!.length).toBeGreaterThan(0);
        expect(e.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
      }
    } finally {
      await mailbox.start();
    }
    const [notification, reply] = await timelineEmails(lead.id);

    // Retrying the customer's reply sends it now, not at its next try (tens of seconds away).
    await retryLeadEmail(db(), lead.id, String(reply!.id));
    await arrived(isReplyTo(fields.email), 1, 15_000);
    await expect.poll(async () => (await timelineEmails(lead.id)).map((e) => [e.kind, e.state])).toEqual([
      ["owner_notification", "retrying"],
      ["customer_reply", "sent"],
    ]);
    const sentReply = (await timelineEmails(lead.id))[1]!;
    expect(sentReply).toMatchObject({ attempts: 2, lastError: null, nextAttemptAt: null });
    expect(sentReply.sentAt).toBeInstanceOf(Date);
    // Only the retried one went out.
    expect(mailbox.messages.filter((m) => m.subject.startsWith(`New quote request #${lead.id}:`))).toEqual([]);

    await retryLeadEmail(db(), lead.id, String(notification!.id));
    await arrived((m) => m.subject.startsWith(`New quote request #${lead.id}:`), 1, 15_000);
    await expect.poll(async () => (await timelineEmails(lead.id)).map((e) => e.state)).toEqual(["sent", "sent"]);
    // Sent: no second retry (409), and each went out once.
    await expect(retryLeadEmail(db(), lead.id, String(reply!.id))).rejects.toMatchObject({ status: 409 });
    expect(mailbox.messages.filter(isReplyTo(fields.email))).toHaveLength(1);
  });
});

describe("the owner's reminder of a lead still New", () => {
  const REMINDER_MINUTES = 0.05; // 3 s
  beforeAll(() => {
    process.env.LEAD_REMINDER_MINUTES = String(REMINDER_MINUTES);
    reloadEnv();
  });
  afterAll(() => {
    process.env.LEAD_REMINDER_MINUTES = "60";
    reloadEnv();
  });

  it("is sent once, when the lead has waited LEAD_REMINDER_MINUTES, and not again", { timeout: 90_000 }, async () => {
    const fields = quote({ name: "Waiting Walter" });
    expect((await postApi(fields, freshIp())).status).toBe(200);
    const lead = await leadOf(fields.email);

    const [reminder] = await arrived(reminderOf(lead.id));
    expect(reminder!.subject).toBe(`Still waiting: quote request #${lead.id} from Waiting Walter`);
    expect(reminder!.to).toEqual([OWNER]);
    expect(reminder!.replyTo).toBe(fields.email);
    expect(reminder!.text).toContain(fields.phone);
    // Queued when due, not before (the database's clock on both sides).
    const [queued] = (await outboxOfLead(lead.id)).filter((e) => e.kind === "reminder");
    expect(queued!.created_at.getTime() - lead.created_at.getTime()).toBeGreaterThanOrEqual(REMINDER_MINUTES * 60_000);
    expect(await db().selectFrom("quote_requests").select("reminder_due_at").where("id", "=", lead.id).executeTakeFirstOrThrow()).toEqual({ reminder_due_at: null });
    // The lead's page shows it.
    await expect.poll(async () => (await timelineEmails(lead.id)).map((e) => [e.kind, e.state])).toContainEqual(["reminder", "sent"]);

    // Another look finds nothing due for it...
    expect(await queueDueReminders(db())).toBe(0);
    // ...and neither does the one after a later lead's: once that one's reminder is here, this one has still had one.
    const later = quote();
    expect((await postApi(later, freshIp())).status).toBe(200);
    const laterLead = await leadOf(later.email);
    await arrived(reminderOf(laterLead.id));
    expect(await queueDueReminders(db())).toBe(0);
    expect(mailbox.messages.filter(reminderOf(lead.id))).toHaveLength(1);
    expect((await outboxOfLead(lead.id)).filter((e) => e.kind === "reminder")).toHaveLength(1);
  });

  it("is not sent for a lead that moved on before its time", { timeout: 90_000 }, async () => {
    const answered = quote({ name: "Answered Anna" });
    expect((await postApi(answered, freshIp())).status).toBe(200);
    const lead = await leadOf(answered.email);
    await changeLeadStatus(db(), lead.id, "contacted", OWNER);

    // A lead that arrived after it and stays New: its reminder comes after Anna's was due.
    const waiting = quote({ name: "Waiting Will" });
    expect((await postApi(waiting, freshIp())).status).toBe(200);
    const waitingLead = await leadOf(waiting.email);
    await arrived(reminderOf(waitingLead.id));
    const due = await db().selectFrom("quote_requests").select("reminder_due_at").where("id", "=", lead.id).executeTakeFirstOrThrow();
    expect(due.reminder_due_at!.getTime()).toBeLessThan(Date.now());

    expect(await queueDueReminders(db())).toBe(0);
    expect(mailbox.messages.filter(reminderOf(lead.id))).toEqual([]);
    expect((await outboxOfLead(lead.id)).map((e) => e.kind)).toEqual(["owner_notification", "customer_reply"]);
  });
});
