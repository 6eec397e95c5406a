import { sql } from "kysely";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { depositFor, NO_DEPOSIT } from "~/lib/deposits";
import { dayAndTime } from "~/lib/job-time";
import { dayIn, timeIn } from "~/lib/time-zone";
import type { BusinessSettings } from "~/lib/site-settings";
import AppointmentPage from "~/routes/appointments.$token";
import { kickOutbox, stopBackgroundJobs } from "~/server/background.server";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { env, reloadEnv } from "~/server/env.server";
import { decideEstimate } from "~/server/estimates/decisions.server";
import { createEstimate, getEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { sendEstimate } from "~/server/estimates/send.server";
import { holdForDeposit } from "~/server/jobs/deposit-holds.server";
import { recordDeposit } from "~/server/jobs/deposit-recording.server";
import type { DepositCustomerView, DepositPageView } from "~/server/jobs/deposit-records.server";
import { releaseExpiredHolds, RELEASE_ACTOR } from "~/server/jobs/deposit-releases.server";
import { jobUid } from "~/server/jobs/job-ical.server";
import { appointmentWhen } from "~/server/jobs/job-mail.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { getJob, type Job } from "~/server/jobs/job-records.server";
import { queueDueJobReminders } from "~/server/jobs/job-reminders.server";
import { cancelJob, markOnTheWay } from "~/server/jobs/job-status-changes.server";
import { scheduleWeek, weekMonday } from "~/server/jobs/schedule-week.server";
import { getLead } from "~/server/leads/lead.server";
import type { SessionUser } from "~/server/session.server";
import { getBusinessSettings, getDepositPolicy, saveSettings } from "~/server/settings.server";
import { minutesFromNow, parseCalendar } from "../helpers/appointments";
import { estimateForm, insertLead } from "../helpers/estimates";
import { callRoute, routeContext } from "../helpers/routes";
import { insertJob } from "../helpers/schedule-jobs";
import { sessionCookieFor } from "../helpers/sessions";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 35, deposits (docs/decisions/0132): the owner's rule in the settings,
// a booking held for its deposit (scheduleJob's depositCents, the entry point
// the online booking calls, and holdForDeposit), the confirmation and the
// appointment page saying what is due and until when, Record Deposit on the
// job's page (once, owner only), and the background loop's release of a hold
// that ran out: the job cancelled, its time freed, the customer and the owner
// e-mailed once. E-mails through a real SMTP server.
const OWNER = "owner@shine.example";
const TECH = "tech@shine.example";
const ORIGIN = "https://shine.example";
const INSTRUCTIONS = "Zelle to pay@shine.example\nor Venmo @shine-on-wheels";
const HOUR = 3_600_000;
const DAY_MINUTES = 24 * 60;
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, APP_URL: ORIGIN, MAIL_FROM: "Shine On Wheels <info@shine.example>" });
const db = () => database.db;
let ip = 0;
const context = () => routeContext(db(), { clientIp: `203.0.113.${++ip}` });

/** The settings form as first saved, with this file's Payment Instructions. */
const FORM = { ...SEED_SETTINGS, notifyEmail: OWNER, paymentInstructions: INSTRUCTIONS };
let mailbox: SmtpSink;
let owner: string;
let tech: string;
let techUser: SessionUser;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  await saveSettings(db(), { ...FORM, depositAbove: "100", depositPercent: "25", depositHoldHours: "24" }, OWNER);
  owner = await sessionCookieFor(db(), OWNER, { admin: true });
  tech = await sessionCookieFor(db(), TECH, { role: "technician" });
  const { id } = await db().selectFrom("users").select("id").where("email", "=", TECH).executeTakeFirstOrThrow();
  techUser = { id, email: TECH, name: "", role: "technician" };
});
afterAll(async () => {
  await stopBackgroundJobs();
  await mailbox?.stop();
});

// Each job its own day, so no two of the file's jobs overlap.
let day = 2;
const nextStart = () => minutesFromNow(++day * DAY_MINUTES);

/** A job booked the way the online booking will: scheduleJob, with the deposit depositFor gives (none when null). */
async function book(depositCents: number | null, options: { startsAt?: Date; email?: string; estimateId?: number; leadId?: number; tellOwner?: boolean } = {}): Promise<Job> {
  const zone = env().BUSINESS_TIME_ZONE;
  const startsAt = options.startsAt ?? nextStart();
  const leadId = options.leadId ?? (await insertLead(db(), { email: options.email }));
  return scheduleJob(db(), {
    from: await leadOrigin(db(), leadId),
    estimateId: options.estimateId,
    input: { date: dayIn(startsAt, zone), startTime: timeIn(startsAt, zone), durationMinutes: 60, address: "12 Lake Dr, Grand Rapids, MI", notes: "" },
    actor: "Sam Customer (online booking)",
    origin: ORIGIN,
    tellOwner: options.tellOwner,
    depositCents,
  });
}

/** A job held since `hoursAgo` (its hold of 24 hours ran out an hour ago for 25). */
async function heldSince(hoursAgo: number, email?: string): Promise<Job> {
  const job = await book(null, { email });
  await holdForDeposit(db(), job.id, 5_000, new Date(Date.now() - hoursAgo * HOUR));
  return job;
}

const depositRow = (jobId: number) => db().selectFrom("job_deposits").selectAll().where("job_id", "=", jobId).executeTakeFirstOrThrow();
const outbox = (leadId: number | null, kind: string) =>
  db().selectFrom("email_outbox").select(["subject", "text_body", "html_body", "to_address"]).where("lead_id", "=", leadId).where("kind", "=", kind).orderBy("id").execute();
const eventKinds = async (jobId: number) => (await db().selectFrom("job_events").select("kind").where("job_id", "=", jobId).orderBy("id").execute()).map((e) => e.kind);
const heldUntilOf = (at: Date) => dayAndTime(at, env().BUSINESS_TIME_ZONE);

function post(path: string, fields: Record<string, string>, cookie = owner) {
  return callRoute(
    new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { cookie, "content-type": "application/x-www-form-urlencoded" } }),
    context(),
  );
}
const recordByForm = (jobId: number, method = "Zelle", cookie = owner) => post(`/admin/jobs/${jobId}`, { intent: "record_deposit", method }, cookie);

async function jobPage(jobId: number, cookie = owner): Promise<{ deposit: DepositPageView | null }> {
  const res = await callRoute(new Request(`http://localhost/admin/jobs/${jobId}`, { headers: { cookie } }), context());
  expect(res.status).toBe(200);
  return res.json() as Promise<{ deposit: DepositPageView | null }>;
}

async function appointment(token: string) {
  const res = await callRoute(new Request(`${ORIGIN}/appointments/${token}`), context());
  expect(res.status).toBe(200);
  return res.json() as Promise<{ appointment: { status: string }; deposit: DepositCustomerView | null }>;
}

/** The appointment page as the server renders it from its loader's data (it ships no JavaScript): the words a person reads, and its links. */
async function appointmentWords(token: string): Promise<{ words: string; html: string }> {
  const loaderData = await appointment(token);
  const Stub = createRoutesStub([{ id: "appointment", path: "/appointments/:token", Component: AppointmentPage as never, loader: () => loaderData }]);
  const html = renderToStaticMarkup(createElement(Stub, { initialEntries: [`/appointments/${token}`], hydrationData: { loaderData: { appointment: loaderData } } }));
  return { words: html.replace(/<[^>]+>/g, " ").replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, " "), html };
}

/** An accepted estimate of one line at `dollars`, for a job that books it. */
async function acceptedEstimate(dollars: string) {
  const lead = await insertLead(db());
  const id = await createEstimate(db(), await leadOrigin(db(), lead), OWNER);
  await saveEstimate(db(), id, estimateForm([["Full detail", "1", dollars]], { durationMinutes: "60" }));
  await sendEstimate(db(), id, OWNER, ORIGIN);
  expect(await decideEstimate(db(), await getEstimate(db(), id), "accepted")).toEqual({ decided: true });
  return { lead, estimate: await getEstimate(db(), id) };
}

/** What a statement refused by the database says: its SQLSTATE and the constraint. */
async function refusal(work: Promise<unknown>): Promise<{ code: string; constraint: string }> {
  const error = (await work.then(
    () => null,
    (e: unknown) => e,
  )) as { code?: string; constraint?: string; message?: string } | null;
  expect(error, "the database should have refused it").not.toBeNull();
  return { code: error!.code ?? "", constraint: error!.constraint ?? error!.message ?? "" };
}

describe("depositFor", () => {
  it("asks Deposit (%) of a total above Deposit Required Above, rounded half up to a cent, never more than the total; nothing otherwise", () => {
    const rule = { aboveCents: 15_000, percent: 25 };
    expect(depositFor(NO_DEPOSIT, 1_000_000)).toBeNull();
    expect(depositFor({ aboveCents: null, percent: 25 }, 1_000_000)).toBeNull();
    expect(depositFor({ aboveCents: 15_000, percent: null }, 1_000_000)).toBeNull();
    // "Above": the threshold itself asks nothing.
    expect(depositFor(rule, 15_000)).toBeNull();
    expect(depositFor(rule, 15_001)).toBe(3_750);
    expect(depositFor(rule, 19_999)).toBe(5_000);
    expect(depositFor(rule, 19_998)).toBe(5_000);
    expect(depositFor(rule, 19_997)).toBe(4_999);
    expect(depositFor({ aboveCents: 0, percent: 100 }, 24_900)).toBe(24_900);
    expect(depositFor({ aboveCents: 0, percent: 1 }, 1)).toBeNull();
    expect(depositFor({ aboveCents: 0, percent: 1 }, 50)).toBe(1);
    expect(depositFor({ aboveCents: 0, percent: 25 }, 0)).toBeNull();
  });
});

describe("the settings", () => {
  const saveForm = (fields: Partial<BusinessSettings>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...FORM, depositAbove: "100", depositPercent: "25", depositHoldHours: "24", ...fields })) body.set(name, value);
    return callRoute(new Request("http://localhost/admin/settings", { method: "POST", body, headers: { cookie: owner } }), context());
  };

  it("refuses each bad value with its message beside its field, and stores nothing", async () => {
    const dollars = /^Deposit Required Above must be an amount of dollars, like 150 or 149\.99, or empty for no deposits\.$/;
    const percent = /^Deposit \(%\) must be a whole number from 1 to 100\.$/;
    const hours = /^Deposit Hold \(hours\) must be a whole number from 1 to 168\.$/;
    const cases: [Partial<BusinessSettings>, string, RegExp][] = [
      [{ depositAbove: "abc" }, "depositAbove", dollars],
      [{ depositAbove: "-5" }, "depositAbove", dollars],
      [{ depositAbove: "12.345" }, "depositAbove", dollars],
      [{ depositPercent: "0" }, "depositPercent", percent],
      [{ depositPercent: "101" }, "depositPercent", percent],
      [{ depositPercent: "12.5" }, "depositPercent", percent],
      [{ depositHoldHours: "0" }, "depositHoldHours", hours],
      [{ depositHoldHours: "169" }, "depositHoldHours", hours],
      [{ depositHoldHours: "two" }, "depositHoldHours", hours],
      [{ depositAbove: "150", depositPercent: "" }, "depositPercent", /^Deposit \(%\) is required when Deposit Required Above is set\.$/],
    ];
    for (const [input, field, message] of cases) {
      const res = await saveForm({ ...input, founderName: "Never Saved" });
      expect(res.status, JSON.stringify(input)).toBe(400);
      const body = (await res.json()) as { fields: Record<string, string> };
      expect(Object.keys(body.fields), JSON.stringify(input)).toEqual([field]);
      expect(body.fields[field]).toMatch(message);
    }
    expect(await getDepositPolicy(db())).toEqual({ aboveCents: 10_000, percent: 25, holdHours: 24 });
    expect((await getBusinessSettings(db())).founderName).toBe(SEED_SETTINGS.founderName);
  });

  it("stores dollars as typed ($, commas, a % sign), an empty hold as 24, and empty or absent as no deposit", async () => {
    expect((await saveForm({ depositAbove: "$1,500", depositPercent: "30%", depositHoldHours: "" })).status).toBe(302);
    expect(await getBusinessSettings(db())).toMatchObject({ depositAbove: "1500.00", depositPercent: "30", depositHoldHours: "24" });
    expect(await getDepositPolicy(db())).toEqual({ aboveCents: 150_000, percent: 30, holdHours: 24 });

    expect((await saveForm({ depositAbove: "", depositPercent: "", depositHoldHours: "48" })).status).toBe(302);
    expect(await getDepositPolicy(db())).toEqual({ aboveCents: null, percent: null, holdHours: 48 });
    // A caller that predates the fields (the other settings tests' saves): no deposit, as before.
    await saveSettings(db(), FORM, OWNER);
    expect(await getDepositPolicy(db())).toEqual({ aboveCents: null, percent: null, holdHours: 24 });
    expect(depositFor(await getDepositPolicy(db()), 1_000_000)).toBeNull();

    // The database holds the rule between the two too.
    const refused = await refusal(db().updateTable("site_settings").set({ deposit_above_cents: 100, deposit_percent: null }).where("id", "=", 1).execute());
    expect(refused).toMatchObject({ code: "23514", constraint: "site_settings_deposit_percent_given" });
    await saveSettings(db(), { ...FORM, depositAbove: "100", depositPercent: "25", depositHoldHours: "24" }, OWNER);
  });
});

describe("a booking held for its deposit", () => {
  it("stores the hold (24 hours, never past the start), and the confirmation and the owner's New booking say the amount, how to pay and until when", async () => {
    const before = Date.now();
    const job = await book(5_000, { email: "held@example.com", tellOwner: true });
    const row = await depositRow(job.id);
    expect(Number(row.amount_cents)).toBe(5_000);
    expect(row.held_until.getTime()).toBeGreaterThanOrEqual(before + 24 * HOUR);
    expect(row.held_until.getTime()).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    expect(row).toMatchObject({ received_at: null, released_at: null, method: null });
    expect(await eventKinds(job.id)).toEqual(["scheduled", "deposit_held"]);

    const until = heldUntilOf(row.held_until);
    expect(until).toMatch(/^\w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/);
    const confirmation = await mailbox.waitFor((m) => m.to.includes("held@example.com") && m.subject.startsWith("Appointment confirmed:"));
    expect(confirmation.text).toContain(`Deposit due: $50.00. We hold this time for you until ${until}; if your deposit has not reached us by then, the time is released for other customers.`);
    expect(confirmation.text).toContain(`How to pay the deposit:\n${INSTRUCTIONS}`);
    expect(confirmation.html).toContain("Deposit due: $50.00");
    expect(confirmation.attachments.map((a) => a.filename)).toEqual(["invite.ics"]);
    const [alert] = await outbox(job.leadId, "job_booked_by_customer");
    expect(alert!.text_body).toContain(`Deposit: $50.00 due. The booking is held until ${until}: record the deposit on the job's page when it arrives`);

    // A job sooner than the hold is held until its start.
    const soon = await book(5_000, { startsAt: minutesFromNow(12 * 60) });
    expect((await depositRow(soon.id)).held_until.getTime()).toBe(soon.startsAt.getTime());

    // Without a deposit nothing is held, and nothing is said of one.
    const plain = await book(null, { email: "plain@example.com" });
    expect(await db().selectFrom("job_deposits").select("id").where("job_id", "=", plain.id).execute()).toEqual([]);
    const [plainConfirmation] = await outbox(plain.leadId, "job_confirmed");
    expect(plainConfirmation!.text_body).not.toMatch(/deposit/i);
  });

  it("is refused by the database: a second hold of one job, an amount of 0, more than the estimate's total (the booking undone), received and released at once, a rewrite of a recorded one", async () => {
    const job = await book(5_000);
    expect(await refusal(holdForDeposit(db(), job.id, 1_000))).toMatchObject({ code: "23505" });
    expect(await refusal(db().insertInto("job_deposits").values({ job_id: (await book(null)).id, amount_cents: 0, held_until: new Date() }).execute())).toMatchObject({
      code: "23514",
      constraint: "job_deposits_amount_cents_check",
    });

    const { lead, estimate } = await acceptedEstimate("199");
    expect(estimate.totalCents).toBe(19_900);
    const tooMuch = await refusal(book(19_901, { leadId: lead, estimateId: estimate.id }));
    expect(tooMuch).toMatchObject({ code: "23514", constraint: "job_deposits_within_total" });
    expect(await db().selectFrom("jobs").select("id").where("estimate_id", "=", estimate.id).execute()).toEqual([]);
    const whole = await book(19_900, { leadId: lead, estimateId: estimate.id });
    expect(Number((await depositRow(whole.id)).amount_cents)).toBe(19_900);

    await recordDeposit(db(), job.id, "Cash", await ownerUser(), ORIGIN);
    expect(await refusal(db().updateTable("job_deposits").set({ released_at: new Date() }).where("job_id", "=", job.id).execute())).toMatchObject({
      code: "23514",
      constraint: "job_deposits_received_or_released",
    });
    expect(await refusal(db().updateTable("job_deposits").set({ method: "Card" }).where("job_id", "=", job.id).execute())).toMatchObject({
      code: "23514",
      constraint: "job_deposits_settled_once",
    });
    expect((await depositRow(job.id)).method).toBe("Cash");
  });

  it("shows on the schedule as waiting until the hold's end, and in the appointment reminder while it waits", async () => {
    const job = await book(5_000, { email: "reminded@example.com" });
    const tz = env().BUSINESS_TIME_ZONE;
    const week = async () => {
      const { monday } = weekMonday(dayIn(job.startsAt, tz), new Date(), tz);
      const days = (await scheduleWeek(db(), monday, new Date(), tz)).days;
      return days.flatMap((d) => d.jobs).find((j) => j.id === job.id)!;
    };
    expect((await week()).depositDueBy).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M$/);

    await db().updateTable("jobs").set({ reminder_due_at: sql<Date>`now()` }).where("id", "=", job.id).execute();
    expect(await queueDueJobReminders(db())).toBe(1);
    const [reminder] = await outbox(job.leadId, "job_reminder");
    expect(reminder!.text_body).toContain("Deposit due: $50.00. We hold this time for you until");

    await recordDeposit(db(), job.id, "Venmo", await ownerUser(), ORIGIN);
    expect((await week()).depositDueBy).toBeNull();
  });
});

async function ownerUser(): Promise<SessionUser> {
  const { id } = await db().selectFrom("users").select("id").where("email", "=", OWNER).executeTakeFirstOrThrow();
  return { id, email: OWNER, name: "", role: "owner" };
}

describe("the appointment page", () => {
  it("shows Deposit due with the amount, how to pay and until when; then Deposit received; never to a booking that asked for none", async () => {
    const job = await book(5_000);
    const { held_until } = await depositRow(job.id);
    expect((await appointment(job.token)).deposit).toEqual({
      state: "due",
      amount: "$50.00",
      heldUntil: heldUntilOf(held_until),
      paymentInstructions: INSTRUCTIONS,
      holdRunning: true,
    });
    const due = await appointmentWords(job.token);
    expect(due.words).toContain("Deposit due: $50.00");
    expect(due.words).toContain(`We hold this time for you until ${heldUntilOf(held_until)}. If your deposit has not reached us by then, the time is released for other customers.`);
    expect(due.words).toContain("How to pay Zelle to pay@shine.example or Venmo @shine-on-wheels");
    // No JavaScript on the customer's pages.
    expect(due.html).not.toContain("<script");

    expect((await recordByForm(job.id)).status).toBe(303);
    const received = await appointment(job.token);
    expect(received.deposit).toMatchObject({ state: "received", amount: "$50.00", receivedOn: expect.stringMatching(/ at \d{1,2}:\d{2} [AP]M$/) });
    const words = (await appointmentWords(job.token)).words;
    expect(words).toContain("Deposit received");
    expect(words).toContain("We received your deposit of $50.00 on");
    expect(words).not.toContain("Deposit due");

    expect((await appointment((await book(null)).token)).deposit).toBeNull();
  });
});

describe("Record Deposit", () => {
  it("on the job's page ends the hold, records who and how, and e-mails the customer once; the second of two presses is told it is recorded", async () => {
    const job = await book(5_000, { email: "payer@example.com" });
    expect((await jobPage(job.id)).deposit).toMatchObject({ state: "due", amount: "$50.00", waiting: true, canRecord: true });

    const presses = await Promise.all([recordByForm(job.id, "Zelle"), recordByForm(job.id, "Cash")]);
    expect(presses.map((r) => r.status).sort()).toEqual([303, 409]);
    const done = presses.find((r) => r.status === 303)!;
    expect(done.headers.get("location")).toBe(`/admin/jobs/${job.id}?done=deposit_recorded`);
    const second = (await presses.find((r) => r.status === 409)!.json()) as { error: string };
    expect(second.error).toMatch(/^The deposit was already recorded: \$50\.00 by (Zelle|Cash), /);

    const row = await depositRow(job.id);
    expect(row).toMatchObject({ received_by: OWNER, released_at: null });
    expect(row.received_at).toBeInstanceOf(Date);
    expect(await eventKinds(job.id)).toEqual(["scheduled", "deposit_held", "deposit_received"]);
    expect((await jobPage(job.id)).deposit).toMatchObject({ state: "received", canRecord: false, received: { method: row.method, by: OWNER } });

    const receipt = await mailbox.waitFor((m) => m.to.includes("payer@example.com") && m.subject.startsWith("Deposit received:"));
    expect(receipt.subject).toBe(`Deposit received: ${appointmentWhen(job)}`);
    expect(receipt.text).toContain("Thank you: we received your deposit of $50.00.");
    expect(receipt.text).toContain(`${ORIGIN}/appointments/${job.token}`);
    expect(await outbox(job.leadId, "job_deposit_received")).toHaveLength(1);
    // Released later? A received deposit is never released.
    expect(await releaseExpiredHolds(db())).toBe(0);
  });

  it("refuses a bad method on its field, a job that asked for none, and a technician (the page and the server function)", async () => {
    const job = await book(5_000);
    const bad = await recordByForm(job.id, "Bitcoin");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.method).toBe("Method must be one of Cash, Card, Check, Venmo, Zelle, Other.");

    const none = await recordByForm((await book(null)).id);
    expect(none.status).toBe(409);
    expect(((await none.json()) as { error: string }).error).toBe("This job's booking asked for no deposit: there is none to record.");

    await db().updateTable("jobs").set({ assigned_to: techUser.id }).where("id", "=", job.id).execute();
    expect((await recordByForm(job.id, "Cash", tech)).status).toBe(403);
    await expect(recordDeposit(db(), job.id, "Cash", techUser, ORIGIN)).rejects.toMatchObject({ status: 403 });
    expect((await depositRow(job.id)).received_at).toBeNull();
    // The technician's own job page shows no money.
    expect((await jobPage(job.id, tech)).deposit).toBeNull();
  });
});

describe("a hold that ran out", () => {
  it("is released once of two loop runs at once: the job cancelled, its time free, the customer and the owner e-mailed once", async () => {
    const email = "released@example.com";
    const job = await heldSince(25, email);
    const waiting = await book(5_000);
    const runs = await Promise.all([releaseExpiredHolds(db()), releaseExpiredHolds(db())]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await releaseExpiredHolds(db())).toBe(0);
    kickOutbox(db());

    const after = await getJob(db(), job.id);
    expect(after).toMatchObject({ status: "cancelled", cancelledBy: "owner" });
    expect((await depositRow(job.id)).released_at).toBeInstanceOf(Date);
    expect((await depositRow(waiting.id)).released_at).toBeNull();
    const events = await db().selectFrom("job_events").select(["kind", "body", "actor"]).where("job_id", "=", job.id).orderBy("id").execute();
    expect(events.at(-1)).toMatchObject({ kind: "cancelled", actor: RELEASE_ACTOR, body: expect.stringMatching(/^Released: no deposit was recorded by \w+day, /) });
    expect((await getLead(db(), job.leadId!)).status).toBe("contacted");
    // The time is free: another booking takes it.
    expect((await book(null, { startsAt: job.startsAt })).startsAt.getTime()).toBe(job.startsAt.getTime());

    const customer = await mailbox.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Booking released:"), 30_000);
    expect(customer.subject).toBe(`Booking released: ${appointmentWhen(job)}`);
    expect(customer.text).toContain("but no deposit reached us, so the time has been released and the booking is cancelled.");
    expect(customer.text).toContain(`${ORIGIN}/book`);
    const invite = parseCalendar(customer.attachments.find((a) => a.contentType.startsWith("text/calendar"))!.content.toString("utf8"));
    expect(invite.method).toBe("CANCEL");
    expect(invite.events[0]).toMatchObject({ uid: jobUid(job), status: "CANCELLED" });
    const ownerMail = await mailbox.waitFor((m) => m.to.includes(OWNER) && m.subject.startsWith(`Booking released: ${job.customer.name}, `), 30_000);
    expect(ownerMail.text).toContain(`${ORIGIN}/admin/jobs/${job.id}`);
    expect(ownerMail.replyTo).toBe(email);

    // Once: both runs have finished and the outbox is empty, and each went out one time.
    await expect.poll(async () => (await db().selectFrom("email_outbox").select("id").where("sent_at", "is", null).execute()).length, { timeout: 30_000 }).toBe(0);
    expect(mailbox.messages.filter((m) => m.to.includes(email) && m.subject.startsWith("Booking released:"))).toHaveLength(1);
    expect(mailbox.messages.filter((m) => m.to.includes(OWNER) && m.subject.startsWith(`Booking released: ${job.customer.name}, `))).toHaveLength(1);

    // The customer's page says why, with the way to book again; Record Deposit is now refused.
    expect((await appointment(job.token)).deposit).toMatchObject({ state: "released", amount: "$50.00" });
    const { words, html } = await appointmentWords(job.token);
    expect(words).toContain("This booking was released: its deposit of $50.00 had not reached us by");
    expect(html).toContain('href="/book"');
    const late = await recordByForm(job.id);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toMatch(/^This booking was released .*, as no deposit was recorded by /);
    expect((await jobPage(job.id)).deposit).toMatchObject({ state: "released", canRecord: false });
  });

  it("is not released when the deposit came in time, the job has begun or was cancelled otherwise, or its start has passed", async () => {
    const paid = await heldSince(25);
    // Recorded after the hold's end but before the loop looked: the customer paid, the booking stands.
    expect((await recordByForm(paid.id)).status).toBe(303);
    const begun = await heldSince(25);
    await markOnTheWay(db(), begun.id, 30, OWNER, ORIGIN);
    const cancelled = await heldSince(25);
    expect(await cancelJob(db(), cancelled.id, "owner", OWNER, ORIGIN)).toBe(true);
    const lead = await insertLead(db());
    const pastId = await insertJob(db(), lead, new Date(Date.now() - 2 * HOUR), { durationMinutes: 30 });
    await holdForDeposit(db(), pastId, 5_000, new Date(Date.now() - 30 * HOUR));

    expect(await releaseExpiredHolds(db())).toBe(0);
    for (const id of [paid.id, begun.id, cancelled.id, pastId]) expect((await depositRow(id)).released_at, String(id)).toBeNull();
    expect((await getJob(db(), paid.id)).status).toBe("scheduled");
    expect((await getJob(db(), begun.id)).status).toBe("on_the_way");
    // Begun, it may still be recorded; cancelled otherwise, there is nothing to wait for: the pages say nothing of it.
    expect((await jobPage(begun.id)).deposit).toMatchObject({ state: "due", waiting: false, canRecord: true });
    expect((await jobPage(cancelled.id)).deposit).toBeNull();
    expect((await appointment(cancelled.token)).deposit).toBeNull();
    expect(await outbox(cancelled.leadId, "job_released")).toEqual([]);
  });
});
