import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { stopBackgroundJobs } from "~/server/background.server";
import { reloadEnv } from "~/server/env.server";
import { APPOINTMENT_NOT_FOUND, CANCEL_LIMITS, type AppointmentView } from "~/server/jobs/appointment-page.server";
import { jobUid } from "~/server/jobs/job-ical.server";
import { getJob } from "~/server/jobs/job-records.server";
import { markDone } from "~/server/jobs/job-status-changes.server";
import { getLead } from "~/server/leads/lead.server";
import { saveSettings } from "~/server/settings.server";
import { minutesFromNow, parseCalendar, scheduleAt } from "../helpers/appointments";
import { callRoute, routeContext } from "../helpers/routes";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 21: the customer's appointment page through the app's own routes:
// what it shows, the Add to calendar file read back with ical.js, Cancel
// Appointment until CANCEL_CUTOFF_HOURS before the start (once, even from two
// tabs at once), the owner told by e-mail through a real SMTP server.
const OWNER = "owner@shine.example";
const ORIGIN = "https://shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, APP_URL: ORIGIN, CANCEL_CUTOFF_HOURS: undefined });
const db = () => database.db;
let ip = 0;
const context = () => routeContext(db(), { clientIp: `203.0.113.${++ip}` });
const DAY = 24 * 60;

let mailbox: SmtpSink;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER }, OWNER);
});
afterAll(async () => {
  await stopBackgroundJobs();
  await mailbox?.stop();
});

const get = (path: string, ctx = context()) => callRoute(new Request(`${ORIGIN}${path}`), ctx);
const cancel = (token: string, fields: [string, string][] = [["intent", "cancel"], ["confirm", "yes"]], ctx = context()) =>
  callRoute(
    new Request(`${ORIGIN}/appointments/${token}`, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } }),
    ctx,
  );

async function page(token: string): Promise<AppointmentView> {
  const res = await get(`/appointments/${token}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { appointment: AppointmentView }).appointment;
}

describe("the page", () => {
  it("shows the date, time, length, address and status, never indexed", async () => {
    const job = await scheduleAt(db(), minutesFromNow(3 * DAY), { durationMinutes: 150 });
    const res = await get(`/appointments/${job.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { appointment } = (await res.json()) as { appointment: AppointmentView };
    expect(appointment).toMatchObject({
      customerName: job.customer.name,
      duration: "2 hours 30 minutes",
      address: "12 Lake Dr, Grand Rapids",
      status: "scheduled",
      canCancel: true,
      cutoffHours: 24,
    });
    expect(appointment.when).toMatch(/^\w+day, \w+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M$/);
  });

  it("answers 404 to a wrong token, then 429 past the limit", async () => {
    const ctx = context();
    const wrong = await get(`/appointments/${"x".repeat(32)}`, ctx);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toBe(APPOINTMENT_NOT_FOUND);
    expect((await get("/appointments/short", ctx)).status).toBe(404);
    expect((await get(`/appointments/${"x".repeat(32)}/calendar.ics`, ctx)).status).toBe(404);
    let status = 404;
    for (let i = 0; i < 25 && status === 404; i++) status = (await get(`/appointments/nope${i}`, ctx)).status;
    expect(status).toBe(429);
  });

  it("gives Add to calendar as an .ics attachment: the job's UID and time, its page linked", async () => {
    const job = await scheduleAt(db(), minutesFromNow(3 * DAY + 180));
    const res = await get(`/appointments/${job.token}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="appointment.ics"');
    const calendar = parseCalendar(await res.text());
    expect(calendar.method).toBe("");
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]).toMatchObject({ uid: jobUid(job), url: `${ORIGIN}/appointments/${job.token}`, location: job.address, status: "CONFIRMED" });
    expect(calendar.events[0]!.start.getTime()).toBe(job.startsAt.getTime());
    expect(calendar.events[0]!.end.getTime()).toBe(job.endsAt.getTime());
  });

  it("thanks the customer once the job is done, with nothing to cancel", async () => {
    const job = await scheduleAt(db(), minutesFromNow(5 * DAY));
    await markDone(db(), job.id, OWNER);
    expect(await page(job.token)).toMatchObject({ status: "done", canCancel: false });
  });
});

describe("Cancel Appointment", () => {
  it("needs the confirmation ticked: without it nothing changes and the field says why", async () => {
    const job = await scheduleAt(db(), minutesFromNow(6 * DAY));
    const res = await cancel(job.token, [["intent", "cancel"]]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: { confirm: string } }).fields.confirm).toMatch(/Yes, cancel my appointment/);
    expect((await getJob(db(), job.id)).status).toBe("scheduled");
  });

  it("cancels once of two presses at once: the owner is e-mailed, the customer gets METHOD:CANCEL, the time is free", async () => {
    const email = `cancel-${process.pid}@example.com`;
    const startsAt = minutesFromNow(7 * DAY);
    const job = await scheduleAt(db(), startsAt, { email, origin: ORIGIN });
    const presses = await Promise.all([cancel(job.token), cancel(job.token)]);
    expect(presses.map((r) => r.status)).toEqual([303, 303]);
    expect(presses.map((r) => r.headers.get("location")).sort()).toEqual([
      `/appointments/${job.token}?outcome=already`,
      `/appointments/${job.token}?outcome=cancelled`,
    ]);
    const after = await getJob(db(), job.id);
    expect(after).toMatchObject({ status: "cancelled", cancelledBy: "customer" });
    const events = await db().selectFrom("job_events").select("kind").where("job_id", "=", job.id).orderBy("id").execute();
    expect(events.map((e) => e.kind)).toEqual(["scheduled", "cancelled"]);
    expect((await getLead(db(), job.leadId!)).status).toBe("contacted");

    const owner = await mailbox.waitFor((m) => m.to.includes(OWNER) && m.subject.startsWith(`Appointment cancelled by ${job.customer.name}:`), 30_000);
    expect(owner.text).toContain(`${ORIGIN}/admin/jobs/${job.id}`);
    expect(owner.replyTo).toBe(email);
    const customer = await mailbox.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Appointment cancelled:"), 30_000);
    const invite = customer.attachments.find((a) => a.contentType.startsWith("text/calendar"));
    expect(invite).toBeDefined();
    const parsed = parseCalendar(invite!.content.toString("utf8"));
    expect(parsed.method).toBe("CANCEL");
    expect(parsed.events[0]).toMatchObject({ uid: jobUid(job), status: "CANCELLED" });
    expect(parsed.events[0]!.sequence).toBeGreaterThan(job.sequence);
    const queued = await db().selectFrom("email_outbox").select("kind").where("lead_id", "=", job.leadId).where("kind", "like", "job_cancelled%").execute();
    expect(queued.map((q) => q.kind).sort()).toEqual(["job_cancelled", "job_cancelled_by_customer"]);

    expect(await page(job.token)).toMatchObject({ status: "cancelled", cancelledBy: "customer", canCancel: false });
    expect((await cancel(job.token)).headers.get("location")).toBe(`/appointments/${job.token}?outcome=already`);
    // The time is free again: another customer can have it.
    expect((await scheduleAt(db(), startsAt)).startsAt.getTime()).toBe(startsAt.getTime());
  });

  it("ends CANCEL_CUTOFF_HOURS before the start: after that the page asks to call and a press cancels nothing", async () => {
    const close = await scheduleAt(db(), minutesFromNow(23 * 60));
    const open = await scheduleAt(db(), minutesFromNow(25 * 60));
    expect(await page(close.token)).toMatchObject({ status: "scheduled", canCancel: false });
    expect(await page(open.token)).toMatchObject({ status: "scheduled", canCancel: true });
    const late = await cancel(close.token);
    expect(late.headers.get("location")).toBe(`/appointments/${close.token}?outcome=late`);
    expect((await getJob(db(), close.id)).status).toBe("scheduled");

    process.env.CANCEL_CUTOFF_HOURS = "12";
    reloadEnv();
    try {
      expect(await page(close.token)).toMatchObject({ canCancel: true, cutoffHours: 12 });
      expect((await cancel(close.token)).headers.get("location")).toBe(`/appointments/${close.token}?outcome=cancelled`);
    } finally {
      delete process.env.CANCEL_CUTOFF_HOURS;
      reloadEnv();
    }
  });

  it("is limited per client address like the estimate page's decisions", async () => {
    const job = await scheduleAt(db(), minutesFromNow(8 * DAY));
    const ctx = context();
    for (let i = 0; i < CANCEL_LIMITS[0]!.max; i++) expect((await cancel(job.token, undefined, ctx)).status).toBe(303);
    const refused = await cancel(job.token, undefined, ctx);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
