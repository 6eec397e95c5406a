import { beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { createEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { saveSettings } from "~/server/settings.server";
import { estimateForm, insertLead } from "../helpers/estimates";
import { insertJob } from "../helpers/invoices";
import { callRoute, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 36, the day in the field: Start Job and Finish Job (the customer's
// sign-off and the payment on the spot with its tip) through the job page's
// own route, as a phone posts them without JavaScript; by the owner or the
// technician the job is assigned to, each post safe to send twice
// (docs/decisions/0140).
const OWNER = "owner@shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, SMTP_URL: undefined });
const db = () => database.db;
let owner: string;
let tech: string;
let otherTech: string;
let techId: number;
let ip = 0;
const context = () => routeContext(db(), { clientIp: `203.0.113.${++ip}` });

beforeAll(async () => {
  owner = await sessionCookieFor(db(), OWNER, { admin: true });
  tech = await sessionCookieFor(db(), "tech@shine.example", { role: "technician" });
  otherTech = await sessionCookieFor(db(), "other-tech@shine.example", { role: "technician" });
  techId = (await db().selectFrom("users").select("id").where("email", "=", "tech@shine.example").executeTakeFirstOrThrow()).id;
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "0" }, OWNER);
});

function post(job: number, fields: Record<string, string>, cookie = owner) {
  return callRoute(
    new Request(`http://localhost/admin/jobs/${job}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    }),
    context(),
  );
}
const view = async (job: number, cookie = owner) => (await callRoute(new Request(`http://localhost/admin/jobs/${job}`, { headers: { cookie } }), context())).json();

/** A job whose estimate is $199 + 2 × $25, assigned to `assignedTo`. */
async function pricedJob(assignedTo: number | null = null) {
  const lead = await insertLead(db());
  const estimate = await createEstimate(db(), await leadOrigin(db(), lead), OWNER);
  await saveEstimate(db(), estimate, estimateForm([["Full detail", "1", "199"], ["Headlight restoration", "2", "25"]]));
  const job = await insertJob(db(), lead, estimate);
  await db().updateTable("jobs").set({ assigned_to: assignedTo }).where("id", "=", job).execute();
  return { job, lead };
}
const jobRow = (id: number) =>
  db().selectFrom("jobs").select(["status", "started_at", "done_at", "signed_off_name", "signed_off_at"]).where("id", "=", id).executeTakeFirstOrThrow();
const paymentsOf = async (job: number) =>
  (
    await db()
      .selectFrom("payments as p")
      .innerJoin("invoices as i", "i.id", "p.invoice_id")
      .select(["p.amount_cents", "p.tip_cents", "p.method", "p.client_key", "i.status", "i.paid_cents", "i.total_cents"])
      .where("i.job_id", "=", job)
      .execute()
  ).map((p) => ({ ...p, amount_cents: Number(p.amount_cents), tip_cents: Number(p.tip_cents), paid_cents: Number(p.paid_cents), total_cents: Number(p.total_cents) }));

describe("Start Job and Finish Job", () => {
  it("starts the job (twice is once), then finishes it with the sign-off and a payment with a tip: the invoice is paid and the receipt queued", async () => {
    const { job, lead } = await pricedJob();
    expect((await post(job, { intent: "finish", signOff: "Ada" })).status).toBe(409);
    expect((await post(job, { intent: "start" })).status).toBe(303);
    const started = await jobRow(job);
    expect(started.status).toBe("in_progress");
    expect(started.started_at).toBeInstanceOf(Date);
    // A second Start Job (a replay) changes nothing.
    expect((await post(job, { intent: "start" })).status).toBe(303);
    expect((await jobRow(job)).started_at).toEqual(started.started_at);
    const page = (await view(job)) as { job: { status: string; inProgress: boolean; started: string }; canWork: boolean; fieldKey: string };
    expect(page.job).toMatchObject({ status: "in_progress", inProgress: true });
    expect(page.canWork).toBe(true);
    expect(page.fieldKey).toMatch(/^[0-9a-f-]{36}$/);

    const finish = { intent: "finish", key: page.fieldKey, signOff: "  Ada   Lovelace ", amount: "249", method: "Card", tip: "20" };
    const answer = await post(job, finish);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/admin/jobs/${job}?done=finished`);
    expect(await jobRow(job)).toMatchObject({ status: "done", signed_off_name: "Ada Lovelace" });
    expect(await paymentsOf(job)).toEqual([{ amount_cents: 24_900, tip_cents: 2_000, method: "Card", client_key: page.fieldKey, status: "paid", paid_cents: 24_900, total_cents: 24_900 }]);
    const outbox = await db().selectFrom("email_outbox").selectAll().where("lead_id", "=", lead).execute();
    expect(outbox.map((m) => m.kind)).toEqual(["invoice_receipt"]);
    expect(JSON.stringify(outbox[0])).toContain("thank you for the $20.00 tip (Card), which is not part of the invoice.");
    const done = (await view(job)) as { job: { status: string; timeOnTheJob: string; signedOffName: string } };
    expect(done.job.timeOnTheJob).toMatch(/^\d+ minutes? \(booked 2 hours: (1 hour 5\d|1 hour 59|2 hours) minutes under\)$|^0 minutes \(booked 2 hours: 2 hours under\)$/);
    expect(done.job.signedOffName).toBe("Ada Lovelace");

    // The same post again, and twice at once: nothing more is recorded or sent.
    const replays = await Promise.all([post(job, finish), post(job, finish)]);
    expect(replays.map((r) => r.status)).toEqual([303, 303]);
    expect(await paymentsOf(job)).toHaveLength(1);
    expect(await db().selectFrom("email_outbox").select("id").where("lead_id", "=", lead).execute()).toHaveLength(1);
  });

  it("a payment replayed at once by two posts of one key is recorded once", async () => {
    const { job } = await pricedJob();
    await post(job, { intent: "start" });
    const finish = { intent: "finish", key: "replayed-key-0001", signOff: "Grace", amount: "100", method: "Cash" };
    const answers = await Promise.all([post(job, finish), post(job, finish), post(job, finish)]);
    expect(answers.map((r) => r.status)).toEqual([303, 303, 303]);
    expect(await paymentsOf(job)).toEqual([expect.objectContaining({ amount_cents: 10_000, status: "partly_paid" })]);
    expect((await jobRow(job)).status).toBe("done");
  });

  it("refuses bad input on its field and changes nothing", async () => {
    const { job } = await pricedJob();
    await post(job, { intent: "start" });
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ signOff: "" }, "signOff", /^Customer Sign-off is required/],
      [{ signOff: "x".repeat(101) }, "signOff", /at most 100 characters/],
      [{ signOff: "Ada", amount: "12.345" }, "amount", /^Amount must be an amount in dollars/],
      [{ signOff: "Ada", amount: "-5", method: "Cash" }, "amount", /^Amount must be/],
      [{ signOff: "Ada", amount: "50" }, "method", /^Method must be one of Cash, Card/],
      [{ signOff: "Ada", tip: "5" }, "tip", /^A tip is taken with a payment/],
      [{ signOff: "Ada", amount: "50", method: "Card", tip: "abc" }, "tip", /^Tip must be an amount/],
      [{ signOff: "Ada", amount: "500", method: "Card" }, "amount", /^Amount cannot be more than/],
    ];
    for (const [fields, field, message] of cases) {
      const res = await post(job, { intent: "finish", ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const body = (await res.json()) as { fields: Record<string, string>; typed: Record<string, string> };
      expect(body.fields[field], JSON.stringify(fields)).toMatch(message);
      expect(body.typed.signOff).toBe(fields.signOff);
    }
    expect((await jobRow(job)).status).toBe("in_progress");
    expect((await paymentsOf(job)).length).toBe(0);
  });

  it("takes no payment for a job with nothing priced, but finishes it without one", async () => {
    const lead = await insertLead(db());
    const job = await insertJob(db(), lead);
    await post(job, { intent: "start" });
    const res = await post(job, { intent: "finish", signOff: "Ada", amount: "50", method: "Cash" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields.amount).toMatch(/^This job has no priced estimate to invoice/);
    expect((await post(job, { intent: "finish", signOff: "Ada" })).status).toBe(303);
    expect(await jobRow(job)).toMatchObject({ status: "done", signed_off_name: "Ada" });
  });
});

describe("who does the work", () => {
  it("the technician assigned does the field work of their job, and nothing of the owner's; another technician nothing", async () => {
    const { job } = await pricedJob(techId);
    expect((await post(job, { intent: "start" }, otherTech)).status).toBe(403);
    expect((await post(job, { intent: "finish", signOff: "Ada" }, otherTech)).status).toBe(403);
    expect((await post(job, { intent: "on_the_way", minutes: "20", confirm: "yes" }, otherTech)).status).toBe(403);
    expect((await jobRow(job)).status).toBe("scheduled");

    expect(((await view(job, tech)) as { canWork: boolean }).canWork).toBe(true);
    expect((await post(job, { intent: "on_the_way", minutes: "20", confirm: "yes" }, tech)).status).toBe(303);
    expect((await post(job, { intent: "start" }, tech)).status).toBe(303);
    expect((await post(job, { intent: "cancel" }, tech)).status).toBe(403);
    expect((await post(job, { intent: "finish", signOff: "Ada", amount: "249", method: "Zelle" }, tech)).status).toBe(303);
    expect(await jobRow(job)).toMatchObject({ status: "done", signed_off_name: "Ada" });
    expect(await paymentsOf(job)).toEqual([expect.objectContaining({ amount_cents: 24_900, method: "Zelle", status: "paid" })]);
  });
});

