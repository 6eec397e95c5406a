import ICAL from "ical.js";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { instantIn } from "~/lib/time-zone";
import { AppError } from "~/server/app-error.server";
import { stopBackgroundJobs } from "~/server/background.server";
import { exportCustomer } from "~/server/customers/customer-export.server";
import { reloadEnv } from "~/server/env.server";
import { getInvoice } from "~/server/invoices/invoices.server";
import { invoicePdfFile } from "~/server/invoices/invoice-pdf.server";
import { getJob } from "~/server/jobs/job-records.server";
import { rescheduleJob } from "~/server/jobs/job-rescheduling.server";
import { markDone } from "~/server/jobs/job-status-changes.server";
import { cancelPlan, pausePlan, skipNextVisit, startPlan } from "~/server/plans/customer-plans.server";
import { createStatement } from "~/server/plans/plan-billing.server";
import { getCustomerPlan } from "~/server/plans/plan-records.server";
import { topUpPlans } from "~/server/plans/plan-top-up.server";
import { savePlan } from "~/server/plans/plans.server";
import { occurrences, planRule } from "~/server/plans/recurrence.server";
import { saveSettings } from "~/server/settings.server";
import { pdfText } from "../helpers/alphabets";
import { callRoute, routeContext } from "../helpers/routes";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 37, maintenance plans (docs/decisions/0145, 0146, 0147), in
// America/Detroit: every day a working day from 8 to 6, no travel buffer, so
// a visit sits at its rule's wall-clock time unless another job holds it.
// Dates are in 2027 with `now` a few days before, so the clock changes
// (14 March, 7 November) and month ends fall where the tests want them.
const OWNER_EMAIL = "owner@shine.example";
const OWNER = { id: 1, email: OWNER_EMAIL, role: "owner" as const };
const ZONE = "America/Detroit";
const ORIGIN = "https://shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER_EMAIL, MAIL_FROM: "Shine On Wheels <info@shine.example>", APP_URL: ORIGIN, BUSINESS_TIME_ZONE: ZONE });
const db = () => database.db;
let ip = 0;
const context = () => routeContext(db(), { clientIp: `198.51.100.${++ip % 250}` });

const WEEK = { ...SEED_SETTINGS, notifyEmail: OWNER_EMAIL, taxRate: "0", workdayStart: "08:00", workdayEnd: "18:00", workingDays: ["1", "2", "3", "4", "5", "6", "7"], travelBufferMinutes: "0", baseZip: "49503" };

let mailbox: SmtpSink;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  await saveSettings(db(), WEEK, OWNER_EMAIL);
});
afterAll(async () => {
  await stopBackgroundJobs();
  await mailbox?.stop();
});

let n = 0;
async function newCustomer(): Promise<{ id: number; email: string }> {
  const email = `plan${++n}-${process.pid}@example.com`;
  const row = await db().insertInto("customers").values({ name: `Pat Plan ${n}`, email, phone: "(616) 555-0142" }).returning("id").executeTakeFirstOrThrow();
  return { id: row.id, email };
}

const planInput = (name: string, cadence: { kind: "weekly"; weeks: number } | { kind: "monthly" }, billing: "per_visit" | "monthly", rest: { priceCents?: number; maxPauseWeeks?: number } = {}) => ({
  id: null,
  name,
  packages: [],
  cadence,
  billing,
  price: rest.priceCents ?? 4900,
  discountPercent: 10,
  maxPauseWeeks: rest.maxPauseWeeks ?? 4,
});

/** A new customer on a new plan from `startDate` at 09:00, placed as of `now`. */
async function started(name: string, cadence: { kind: "weekly"; weeks: number } | { kind: "monthly" }, startDate: string, now: string, billing: "per_visit" | "monthly" = "per_visit") {
  const customer = await newCustomer();
  const planId = await savePlan(db(), OWNER, planInput(`${name} ${++n}`, cadence, billing));
  const result = await startPlan(
    db(),
    customer.id,
    { plan: planId, vehicleId: null, startDate, startTime: "09:00", durationMinutes: 60, address: "12 Main St, Grand Rapids, MI 49503" },
    OWNER,
    ORIGIN,
    new Date(now),
  );
  const cp = await getCustomerPlan(db(), result.id);
  const visits = await db().selectFrom("jobs").selectAll().where("customer_plan_id", "=", cp.id).orderBy("starts_at").execute();
  return { customer, cp, result, visits };
}

/** A date column as read by the driver (a Date at UTC midnight) → YYYY-MM-DD. */
const day = (value: Date | string | null) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);
const wall = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);

describe("the rule", () => {
  it("keeps visits at their wall-clock time across the spring and fall clock changes", () => {
    const spring = planRule({ kind: "weekly", weeks: 1 }, "2027-03-07", "09:00");
    expect(spring).toBe("DTSTART:20270307T090000\nRRULE:FREQ=WEEKLY;INTERVAL=1");
    expect(occurrences(spring, "2027-03-01", "2027-03-21")).toEqual([
      { day: "2027-03-07", time: "09:00" },
      { day: "2027-03-14", time: "09:00" },
      { day: "2027-03-21", time: "09:00" },
    ]);
    const fall = planRule({ kind: "weekly", weeks: 2 }, "2027-10-24", "13:30");
    expect(occurrences(fall, "2027-10-01", "2027-11-30").map((o) => `${o.day} ${o.time}`)).toEqual(["2027-10-24 13:30", "2027-11-07 13:30", "2027-11-21 13:30"]);
  });

  it("takes a month's last day for the 29th, 30th and 31st when the month is shorter (BYMONTHDAY=28..31;BYSETPOS=-1)", () => {
    const last = planRule({ kind: "monthly" }, "2027-01-31", "09:00");
    expect(last).toContain("RRULE:FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1");
    expect(occurrences(last, "2027-01-01", "2027-06-30").map((o) => o.day)).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31", "2027-06-30"]);
    const thirtieth = planRule({ kind: "monthly" }, "2027-12-30", "09:00");
    expect(occurrences(thirtieth, "2027-12-01", "2028-03-31").map((o) => o.day)).toEqual(["2027-12-30", "2028-01-30", "2028-02-29", "2028-03-30"]);
    expect(planRule({ kind: "monthly" }, "2027-01-15", "09:00")).toContain("RRULE:FREQ=MONTHLY;BYMONTHDAY=15");
  });
});

describe("Start a Plan", () => {
  it("places the visits of the next 12 weeks at 9:00 wall clock on both sides of the spring change, and e-mails one list with an invite per visit", async () => {
    const { customer, cp, result, visits } = await started("Fortnightly Wash", { kind: "weekly", weeks: 2 }, "2027-03-01", "2027-02-25T12:00:00Z");
    expect(result.unplaced).toBe(0);
    expect(visits.map((v) => wall(v.starts_at))).toEqual(["2027-03-01, 09:00", "2027-03-15, 09:00", "2027-03-29, 09:00", "2027-04-12, 09:00", "2027-04-26, 09:00", "2027-05-10, 09:00"]);
    // 9:00 EST is 14:00 UTC; 9:00 EDT, 13:00 UTC: the instant moved, the wall clock did not.
    expect(visits[0]!.starts_at.toISOString()).toBe("2027-03-01T14:00:00.000Z");
    expect(visits[1]!.starts_at.toISOString()).toBe("2027-03-15T13:00:00.000Z");
    expect(visits.every((v) => v.source === "plan" && v.customer_id === customer.id && v.status === "scheduled")).toBe(true);
    expect(visits.map((v) => v.plan_occurrence)).toHaveLength(6);
    const mail = await mailbox.waitFor((m) => m.to.includes(customer.email) && m.subject.startsWith("Your plan has started:"));
    expect(mail.text).toContain(`${ORIGIN}/plans/${cp.token}`);
    expect(mail.text).toContain("Monday, March 15, 2027, 9:00 AM");
    expect(mail.attachments).toHaveLength(6);
    const event = new ICAL.Component(ICAL.parse(mail.attachments[1]!.content.toString("utf8")));
    expect(event.getFirstPropertyValue("method")).toBe("REQUEST");
    const vevent = event.getFirstSubcomponent("vevent")!;
    expect(vevent.getFirstPropertyValue("uid")).toContain(`job-${visits[1]!.id}@`);
    expect((vevent.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString()).toBe("2027-03-15T13:00:00.000Z");
    // One e-mail for the plan, not one per visit.
    expect(mailbox.messages.filter((m) => m.to.includes(customer.email))).toHaveLength(1);
  });

  it("keeps 9:00 across the fall change too, and a monthly plan on the 31st takes each month's last day", async () => {
    const fall = await started("Weekly Wash", { kind: "weekly", weeks: 1 }, "2027-10-31", "2027-10-28T12:00:00Z");
    expect(fall.visits.slice(0, 3).map((v) => wall(v.starts_at))).toEqual(["2027-10-31, 09:00", "2027-11-07, 09:00", "2027-11-14, 09:00"]);
    expect(fall.visits[1]!.starts_at.toISOString()).toBe("2027-11-07T14:00:00.000Z");
    const monthly = await started("Monthly Detail", { kind: "monthly" }, "2027-01-31", "2027-01-20T12:00:00Z");
    expect(monthly.visits.map((v) => wall(v.starts_at))).toEqual(["2027-01-31, 09:00", "2027-02-28, 09:00", "2027-03-31, 09:00"]);
    // The background top-up places the next ones later, once: a second run finds nothing to add.
    expect(await topUpPlans(db(), ORIGIN, new Date("2027-03-01T12:00:00Z"))).toBeGreaterThan(0);
    const after = await db().selectFrom("jobs").select("starts_at").where("customer_plan_id", "=", monthly.cp.id).orderBy("starts_at").execute();
    expect(after.map((v) => wall(v.starts_at))).toEqual(["2027-01-31, 09:00", "2027-02-28, 09:00", "2027-03-31, 09:00", "2027-04-30, 09:00"]);
    const again = await topUpPlans(db(), ORIGIN, new Date("2027-03-01T12:00:00Z"));
    const count = await db().selectFrom("jobs").select((eb) => eb.fn.countAll<string>().as("n")).where("customer_plan_id", "=", monthly.cp.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
    expect(again).toBe(0);
  });

  it("puts a visit whose time is taken at the day's next free start, and never on a day off", async () => {
    const other = await started("Blocker", { kind: "weekly", weeks: 4 }, "2027-06-07", "2027-06-01T12:00:00Z");
    expect(wall(other.visits[0]!.starts_at)).toBe("2027-06-07, 09:00");
    await db().insertInto("days_off").values({ day: "2027-06-14", reason: "Boat show" }).execute();
    const { visits } = await started("Second", { kind: "weekly", weeks: 1 }, "2027-06-07", "2027-06-01T12:00:00Z");
    // 8:00 is the day's first free start (Monday the 7th has 9:00 taken); the 14th is off: the visit moves to the 15th.
    expect(wall(visits[0]!.starts_at)).toBe("2027-06-07, 08:00");
    expect(wall(visits[1]!.starts_at)).toBe("2027-06-15, 09:00");
    expect(day(visits[1]!.plan_occurrence)).toBe("2027-06-14");
  });
});

describe("the customer's plan page", () => {
  it("answers 404 for an unknown token, and shows the plan privately", async () => {
    const missing = await callRoute(new Request(`${ORIGIN}/plans/${"x".repeat(32)}`), context());
    expect(missing.status).toBe(404);
    const { cp } = await started("Page Plan", { kind: "weekly", weeks: 2 }, "2027-02-01", "2027-01-28T12:00:00Z");
    const page = await callRoute(new Request(`${ORIGIN}/plans/${cp.token}`), context());
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    const body = (await page.json()) as { plan: { name: string; coming: unknown[]; statusTitle: string } };
    expect(body.plan.name).toBe(cp.plan.name);
    expect(body.plan.statusTitle).toBe("Active");
    expect(body.plan.coming.length).toBe(6);
  });

  it("Skip Next Visit cancels the next visit with METHOD:CANCEL through the appointments' cancel; the owner is told", async () => {
    const { cp, visits, customer } = await started("Skip Plan", { kind: "weekly", weeks: 2 }, "2027-02-01", "2027-01-28T12:00:00Z");
    const post = await callRoute(
      new Request(`${ORIGIN}/plans/${cp.token}`, { method: "POST", body: new URLSearchParams({ intent: "skip" }), headers: { "content-type": "application/x-www-form-urlencoded" } }),
      context(),
    );
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe(`/plans/${cp.token}?outcome=skipped`);
    expect((await getJob(db(), visits[0]!.id)).status).toBe("cancelled");
    expect((await getJob(db(), visits[1]!.id)).status).toBe("scheduled");
    const mail = await mailbox.waitFor((m) => m.to.includes(customer.email) && m.subject.startsWith("Appointment cancelled:"));
    expect(mail.attachments[0]!.content.toString("utf8")).toContain("METHOD:CANCEL");
    await mailbox.waitFor((m) => m.to.includes(OWNER_EMAIL) && m.subject.startsWith("Appointment cancelled by Pat Plan"));
    // The skipped occurrence is never placed again.
    await topUpPlans(db(), ORIGIN, new Date("2027-01-29T12:00:00Z"), 120);
    const again = await db().selectFrom("jobs").select("id").where("customer_plan_id", "=", cp.id).where("plan_occurrence", "=", sql<Date>`'2027-02-01'::date`).execute();
    expect(again).toHaveLength(1);
  });

  it("Pause Plan cancels the visits in the pause up to the owner's limit, refuses a longer one with a clear error, and resumes after", async () => {
    const { cp, visits, customer } = await started("Pause Plan", { kind: "weekly", weeks: 1 }, "2027-04-05", "2027-04-01T12:00:00Z");
    // Longer than the plan's 4 weeks: refused on its field, nothing changed.
    const refused = await pausePlan(db(), cp, 6, ORIGIN, new Date("2027-04-01T12:00:00Z")).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(400);
    expect((refused as AppError).fields?.weeks).toBe("You can pause this plan for at most 4 weeks.");
    // Through the page: the same refusal beside the field, a 400.
    const page = await callRoute(
      new Request(`${ORIGIN}/plans/${cp.token}`, { method: "POST", body: new URLSearchParams({ intent: "pause", weeks: "9" }), headers: { "content-type": "application/x-www-form-urlencoded" } }),
      context(),
    );
    expect(page.status).toBe(400);
    expect(((await page.json()) as { fields: Record<string, string> }).fields.weeks).toBe("You can pause this plan for at most 4 weeks.");
    expect((await getJob(db(), visits[0]!.id)).status).toBe("scheduled");

    const { until, cancelled } = await pausePlan(db(), cp, 2, ORIGIN, new Date("2027-04-01T12:00:00Z"));
    expect(until).toBe("2027-04-15");
    expect(cancelled).toBe(2);
    const statuses = await Promise.all(visits.slice(0, 4).map(async (v) => (await getJob(db(), v.id)).status));
    expect(statuses).toEqual(["cancelled", "cancelled", "scheduled", "scheduled"]);
    await mailbox.waitFor((m) => m.to.includes(OWNER_EMAIL) && m.subject.startsWith("Plan paused by Pat Plan"));
    expect(mailbox.messages.filter((m) => m.to.includes(customer.email) && m.subject.startsWith("Appointment cancelled:")).length).toBeLessThanOrEqual(2);
    const view = await callRoute(new Request(`${ORIGIN}/plans/${cp.token}`), context());
    expect(((await view.json()) as { plan: { coming: unknown[] } }).plan.coming.length).toBeGreaterThan(0);
  });

  it("Cancel Plan asks for its confirmation, then cancels every coming visit and the plan", async () => {
    const { cp, visits } = await started("Cancel Plan", { kind: "weekly", weeks: 2 }, "2027-05-03", "2027-04-28T12:00:00Z");
    const form = (fields: Record<string, string>) =>
      callRoute(new Request(`${ORIGIN}/plans/${cp.token}?confirm=cancel`, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } }), context());
    const unconfirmed = await form({ intent: "cancel" });
    expect(unconfirmed.status).toBe(400);
    expect(((await unconfirmed.json()) as { fields: Record<string, string> }).fields.confirm).toBe("Tick “Yes, cancel my plan” to cancel it.");
    expect((await getCustomerPlan(db(), cp.id)).status).toBe("active");
    const confirmed = await form({ intent: "cancel", confirm: "yes" });
    expect(confirmed.status).toBe(303);
    expect((await getCustomerPlan(db(), cp.id)).status).toBe("cancelled");
    const live = await db().selectFrom("jobs").select("id").where("customer_plan_id", "=", cp.id).where("status", "<>", "cancelled").execute();
    expect(live).toEqual([]);
    expect(visits.length).toBeGreaterThan(0);
    await mailbox.waitFor((m) => m.to.includes(OWNER_EMAIL) && m.subject.startsWith("Plan cancelled by Pat Plan"));
    // Again: refused, clearly.
    const twice = await form({ intent: "cancel", confirm: "yes" });
    expect(twice.status).toBe(409);
    // Nothing more is placed for a cancelled plan.
    const before = await db().selectFrom("jobs").select("id").where("customer_plan_id", "=", cp.id).execute();
    await topUpPlans(db(), ORIGIN, new Date("2027-06-01T12:00:00Z"));
    expect(await db().selectFrom("jobs").select("id").where("customer_plan_id", "=", cp.id).execute()).toHaveLength(before.length);
  });
});

describe("the owner's changes and billing", () => {
  it("a visit moved by the owner keeps its plan", async () => {
    const { visits } = await started("Moved Plan", { kind: "weekly", weeks: 2 }, "2027-07-05", "2027-07-01T12:00:00Z");
    const job = await getJob(db(), visits[0]!.id);
    await rescheduleJob(db(), job.id, { date: "2027-07-06", startTime: "15:00", durationMinutes: 60, address: job.address, notes: "" }, OWNER, ORIGIN);
    const moved = await db().selectFrom("jobs").select(["customer_plan_id", "plan_occurrence", "starts_at", "source"]).where("id", "=", job.id).executeTakeFirstOrThrow();
    expect(moved.customer_plan_id).toBe(visits[0]!.customer_plan_id);
    expect(day(moved.plan_occurrence)).toBe("2027-07-05");
    expect(moved.source).toBe("plan");
    expect(moved.starts_at.getTime()).toBe(instantIn("2027-07-06", "15:00", ZONE).getTime());
    // The customer's data export has the plan (without its link's token).
    const cp = await getCustomerPlan(db(), moved.customer_plan_id!);
    const { body } = await exportCustomer(db(), cp.customerId, { ...OWNER, name: "" });
    const exported = JSON.parse(await new Response(body).text()) as { plans: { id: number; plan: string; rrule: string; token?: string }[] };
    expect(exported.plans).toEqual([expect.objectContaining({ id: cp.id, plan: cp.plan.name, rrule: cp.rule })]);
    expect(exported.plans[0]!.token).toBeUndefined();
  });

  it("Mark Done of a visit billed per visit makes its invoice at the plan's price, which reads back as a PDF", async () => {
    const { visits, cp } = await started("Per Visit Plan", { kind: "weekly", weeks: 2 }, "2027-08-02", "2027-07-28T12:00:00Z");
    await markDone(db(), visits[0]!.id, OWNER);
    const rows = await db().selectFrom("invoices").select(["id", "total_cents", "customer_plan_id"]).where("job_id", "=", visits[0]!.id).execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.total_cents)).toBe(4900);
    expect(rows[0]!.customer_plan_id).toBe(cp.id);
    const invoice = await getInvoice(db(), rows[0]!.id);
    expect(invoice.lines).toEqual([{ description: `${cp.plan.name}: visit on August 2, 2027`, quantity: 1, unitPriceCents: 4900, serviceId: null }]);
    const text = await pdfText((await invoicePdfFile(db(), invoice, ORIGIN)).pdf);
    expect(text).toContain(`${cp.plan.name}: visit on August 2, 2027`);
    expect(text).toContain("$49.00");
  });

  it("a monthly statement lists the month's visits done and is made once, even by five makers at once; its PDF reads back", async () => {
    const { visits, cp } = await started("Monthly Statement Plan", { kind: "weekly", weeks: 1 }, "2027-09-06", "2027-09-01T12:00:00Z", "monthly");
    await markDone(db(), visits[0]!.id, OWNER);
    await markDone(db(), visits[1]!.id, OWNER);
    // Billed monthly: Mark Done makes no invoice of its own.
    expect(await db().selectFrom("invoices").select("id").where("job_id", "in", [visits[0]!.id, visits[1]!.id]).execute()).toEqual([]);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => createStatement(db(), cp.id, "2027-09", OWNER)));
    expect(outcomes.filter((o) => o.kind === "created")).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === "exists")).toHaveLength(4);
    const statements = await db().selectFrom("invoices").select(["id", "number", "total_cents"]).where("customer_plan_id", "=", cp.id).where("statement_month", "is not", null).execute();
    expect(statements).toHaveLength(1);
    expect(Number(statements[0]!.total_cents)).toBe(4900);
    const invoice = await getInvoice(db(), statements[0]!.id);
    expect(invoice.lines.map((l) => l.description)).toEqual([`${cp.plan.name}: September 2027`, "Visit done September 6, 2027", "Visit done September 13, 2027"]);
    const text = await pdfText((await invoicePdfFile(db(), invoice, ORIGIN)).pdf);
    expect(text).toContain("Visit done September 13, 2027");
    expect(text).toContain(`Invoice #${invoice.number}`);
    // The database's own guard: a second statement row for the month is refused.
    await expect(
      db().insertInto("invoices").values({ token: "t".repeat(32), customer_id: cp.customerId, customer_plan_id: cp.id, statement_month: "2027-09-01", tax_rate: 0, subtotal_cents: 0, tax_cents: 0, total_cents: 0 }).execute(),
    ).rejects.toMatchObject({ code: "23505" });
    // A month with no visit done: nothing.
    expect((await createStatement(db(), cp.id, "2027-12", OWNER)).kind).toBe("nothing");
  });
});
