import ICAL from "ical.js";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { addDays, dayIn, instantIn } from "~/lib/time-zone";
import { isoWeekday } from "~/lib/work-week";
import { stopBackgroundJobs } from "~/server/background.server";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { eraseCustomer } from "~/server/customers/customer-erase.server";
import { exportCustomer } from "~/server/customers/customer-export.server";
import { reloadEnv } from "~/server/env.server";
import { addDayOff, removeDayOff, setHolidaysOff, usHolidays } from "~/server/jobs/days-off.server";
import { CUSTOMER_REACH, freeStartTimes, freeTimes } from "~/server/jobs/free-times.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { getJob, type Job } from "~/server/jobs/job-records.server";
import { rescheduleJob } from "~/server/jobs/job-rescheduling.server";
import { TIME_TAKEN_MESSAGE } from "~/server/jobs/self-booking.server";
import { declareWeatherDay, HOLD_HOURS } from "~/server/jobs/weather-day.server";
import type { RebookingView } from "~/server/jobs/weather-rebooking.server";
import { weatherDays } from "~/server/jobs/weather-summary.server";
import { saveSettings } from "~/server/settings.server";
import { insertLead } from "../helpers/estimates";
import { callRoute, routeContext } from "../helpers/routes";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 37, Days Off and Weather Day (docs/decisions/0143, 0144). Monday to
// Friday, 8 to 6, no travel buffer and no ZIP codes (so 30-minute jobs sit
// back to back and every half hour is a start), in America/Detroit.
const OWNER = "owner@shine.example";
const ZONE = "America/Detroit";
const ORIGIN = "https://shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, MAIL_FROM: "Shine On Wheels <info@shine.example>", APP_URL: ORIGIN, BUSINESS_TIME_ZONE: ZONE });
const db = () => database.db;
let ip = 0;
const context = () => routeContext(db(), { clientIp: `198.51.100.${++ip % 250}` });

const WEEK = { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "0", workdayStart: "08:00", workdayEnd: "18:00", workingDays: ["1", "2", "3", "4", "5"], travelBufferMinutes: "0", baseZip: "49503" };

let mailbox: SmtpSink;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  await saveSettings(db(), WEEK, OWNER);
});
afterAll(async () => {
  await stopBackgroundJobs();
  await mailbox?.stop();
});

/**
 * The `n`th working day (Monday to Friday) from two days ahead: clear of the
 * 12 hours' notice whatever the hour. Up to n = 6 it is at most 12 days
 * ahead, inside the 14 days free times look at, whatever the weekday today.
 */
function workingDay(n: number): string {
  let day = addDays(dayIn(new Date(), ZONE), 2);
  for (let found = 0; ; day = addDays(day, 1)) if (isoWeekday(day) <= 5 && found++ === n) return day;
}
const at = (day: string, time: string) => instantIn(day, time, ZONE);
const onDay = (times: Date[], day: string) => times.filter((t) => dayIn(t, ZONE) === day);

/** The owner's 30-minute job for a new customer at `time` on `day`. */
async function ownerJob(day: string, time: string): Promise<Job> {
  const lead = await insertLead(db());
  return scheduleJob(db(), { from: await leadOrigin(db(), lead), input: { date: day, startTime: time, durationMinutes: 30, address: "12 Main St", notes: "" }, actor: OWNER, origin: ORIGIN });
}

const post = (path: string, fields: Record<string, string>) =>
  callRoute(new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } }), context());

async function rebookingOf(token: string): Promise<RebookingView | null> {
  const res = await callRoute(new Request(`${ORIGIN}/appointments/${token}`), context());
  expect(res.status).toBe(200);
  return ((await res.json()) as { rebooking: RebookingView | null }).rebooking;
}

describe("Days Off", () => {
  it("a day off has no free times, the owner's Schedule Job and a reschedule onto it are refused, removing it gives them back", async () => {
    const day = workingDay(6);
    expect(onDay(await freeTimes(db(), 60, new Date()), day).length).toBeGreaterThan(0);
    expect(await addDayOff(db(), day, "Family wedding")).toBe(0);
    expect(onDay(await freeTimes(db(), 60, new Date()), day)).toEqual([]);
    await expect(ownerJob(day, "10:00")).rejects.toMatchObject({ status: 409, message: expect.stringContaining("is a day off (Family wedding)") });
    const other = await ownerJob(workingDay(9), "10:00");
    await expect(
      rescheduleJob(db(), other.id, { date: day, startTime: "10:00", durationMinutes: 30, address: other.address, notes: "" }, OWNER, ORIGIN),
    ).rejects.toMatchObject({ status: 409 });
    // A job left on its day keeps it: a day off added later only stops new bookings, and says so.
    expect(await addDayOff(db(), workingDay(9), "")).toBe(1);
    await expect(rescheduleJob(db(), other.id, { date: workingDay(9), startTime: "10:00", durationMinutes: 30, address: other.address, notes: "Gate code 12" }, OWNER, ORIGIN)).resolves.toBeTruthy();
    await removeDayOff(db(), day);
    await removeDayOff(db(), workingDay(9));
    expect(onDay(await freeTimes(db(), 60, new Date()), day).length).toBeGreaterThan(0);
  });

  it("the US federal holidays are days off once the owner turns them on, observed on the weekday", async () => {
    // Thanksgiving 2030 is Thursday, November 28; Independence Day 2027 is a Sunday, observed Monday, July 5.
    expect(usHolidays("2030-11-01", "2030-11-30").get("2030-11-28")).toBe("Thanksgiving Day");
    expect(usHolidays("2027-07-01", "2027-07-31").has("2027-07-05")).toBe(true);
    const now = at("2030-11-25", "09:00");
    expect(onDay(await freeTimes(db(), 60, now), "2030-11-28").length).toBeGreaterThan(0);
    await setHolidaysOff(db(), true);
    try {
      expect(onDay(await freeTimes(db(), 60, now), "2030-11-28")).toEqual([]);
      expect(onDay(await freeTimes(db(), 60, now), "2030-11-27").length).toBeGreaterThan(0);
    } finally {
      await setHolidaysOff(db(), false);
    }
  });

  it("a day off on a daylight-saving change day closes that day alone, in the business's wall clock", async () => {
    // Every day a working day, so the Sundays the clocks change on are bookable.
    await saveSettings(db(), { ...WEEK, workingDays: ["1", "2", "3", "4", "5", "6", "7"] }, OWNER);
    try {
      for (const [change, now] of [
        ["2031-03-09", at("2031-03-07", "09:00")],
        ["2031-11-02", at("2031-10-31", "09:00")],
      ] as const) {
        await addDayOff(db(), change, "Clocks change");
        const times = await freeTimes(db(), 60, now);
        expect(onDay(times, change)).toEqual([]);
        // The days either side keep every start from 8:00 to 5:00 PM, none shifted by the change.
        for (const side of [addDays(change, -1), addDays(change, 1)]) {
          expect(onDay(times, side).map((t) => t.getTime())).toEqual(Array.from({ length: 19 }, (_, i) => at(side, "08:00").getTime() + i * 30 * 60_000));
        }
        // Work over two days may not span the day off either.
        const rules = { workdayStart: "08:00", workdayEnd: "18:00", workingDays: [1, 2, 3, 4, 5, 6, 7], travelBufferMinutes: 0, timeZone: ZONE, closed: new Set([change]) };
        const overDays = freeStartTimes(rules, [], 15 * 60, now, CUSTOMER_REACH, { overDays: true });
        expect(overDays.map((t) => dayIn(t, ZONE))).not.toContain(addDays(change, -1));
        expect(overDays.map((t) => dayIn(t, ZONE))).not.toContain(change);
        await removeDayOff(db(), change);
      }
    } finally {
      await saveSettings(db(), WEEK, OWNER);
    }
  });
});

describe("Weather Day", () => {
  it("two Weather Days for 30 jobs: every customer e-mailed once, no held time given to two customers, concurrent rebookings decided by the database", async () => {
    const [dayA, dayB] = [workingDay(3), workingDay(4)];
    const times = Array.from({ length: 15 }, (_, i) => `${String(8 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`);
    const jobsA = [];
    const jobsB = [];
    for (const time of times) jobsA.push(await ownerJob(dayA, time));
    for (const time of times) jobsB.push(await ownerJob(dayB, time));
    const now = new Date();

    // Both Weather Days at once: the customers' booking lock puts one after the other.
    const [a, b] = await Promise.all([declareWeatherDay(db(), dayA, OWNER, ORIGIN, now), declareWeatherDay(db(), dayB, OWNER, ORIGIN, now)]);
    expect(a.cancelled + b.cancelled).toBe(30);
    // Declared again: nothing left to cancel, nobody e-mailed twice.
    expect((await declareWeatherDay(db(), dayA, OWNER, ORIGIN, now)).cancelled).toBe(0);

    const all = [...jobsA, ...jobsB];
    for (const job of all) expect((await getJob(db(), job.id)).status).toBe("cancelled");
    const holds = await db()
      .selectFrom("weather_rebookings")
      .select(["job_id", "hold_start", "hold_person", "held_until", sql<string>`hold_busy::text`.as("busy")])
      .where("job_id", "in", all.map((j) => j.id))
      .execute();
    expect(holds).toHaveLength(30);
    // Every customer holds a time, none on a Weather Day, none overlapping another's (the exclusion constraint's guarantee, read back).
    const starts = holds.map((h) => h.hold_start!.getTime());
    expect(new Set(starts).size).toBe(30);
    for (const h of holds) {
      expect([dayA, dayB]).not.toContain(dayIn(h.hold_start!, ZONE));
      expect(h.held_until.getTime()).toBe(now.getTime() + HOLD_HOURS * 3_600_000);
    }
    const { rows: overlaps } = await sql<{ n: string }>`SELECT count(*) AS n FROM weather_rebookings x JOIN weather_rebookings y
      ON x.id < y.id AND x.hold_person = y.hold_person AND x.hold_busy && y.hold_busy`.execute(db());
    expect(Number(overlaps[0]!.n)).toBe(0);
    // Nor overlapping a job still booked.
    const { rows: onJobs } = await sql<{ n: string }>`SELECT count(*) AS n FROM weather_rebookings w JOIN jobs j
      ON j.status <> 'cancelled' AND j.busy && w.hold_busy`.execute(db());
    expect(Number(onJobs[0]!.n)).toBe(0);
    // The database refuses a second hold of a held time outright.
    const taken = holds[0]!;
    const another = await ownerJob(workingDay(7), "09:00");
    await expect(
      sql`INSERT INTO weather_rebookings (job_id, day, hold_person, hold_start, hold_busy, held_until)
        VALUES (${another.id}, ${dayA}::date, ${taken.hold_person}, ${taken.hold_start}, ${taken.busy}::tstzrange, now() + interval '1 hour')`.execute(db()),
    ).rejects.toMatchObject({ code: "23P01" });

    // Every customer e-mailed once: Rescheduling your appointment:, with the METHOD:CANCEL invite and their page's link.
    const mails = [];
    for (const job of all) mails.push(await mailbox.waitFor((m) => m.to.includes(job.customer.email) && m.subject.startsWith("Rescheduling your appointment:"), 30_000));
    const outbox = await db().selectFrom("email_outbox").select(["to_address", "kind"]).where("kind", "in", ["job_rescheduling", "job_cancelled"]).execute();
    expect(outbox.filter((m) => m.kind === "job_cancelled")).toEqual([]);
    expect(outbox.map((m) => m.to_address).sort()).toEqual(all.map((j) => j.customer.email).sort());
    const first = mails[0]!;
    expect(first.text).toContain(`${ORIGIN}/appointments/${jobsA[0]!.token}`);
    expect(first.text).toContain("We are holding");
    const invite = first.attachments.find((file) => file.filename.endsWith(".ics"))!;
    expect(new ICAL.Component(ICAL.parse(invite.content.toString("utf8"))).getFirstPropertyValue("method")).toBe("CANCEL");

    // The customer's page: the time held for them first.
    const holdOf = (job: Job) => holds.find((h) => h.job_id === job.id)!.hold_start!.toISOString();
    const [x, y, z] = [jobsA[0]!, jobsA[1]!, jobsB[0]!];
    const view = await rebookingOf(x.token);
    expect(view?.kind).toBe("choose");
    if (view?.kind !== "choose") throw new Error("no choice");
    expect(view.days[0]!.label).toMatch(/^Held for you: /);
    expect(view.days[0]!.times.map((t) => t.value)).toEqual([holdOf(x)]);
    // Nobody else is offered it: not another Weather Day customer, not online booking.
    const yView = await rebookingOf(y.token);
    const yTimes = yView?.kind === "choose" ? yView.days.flatMap((d) => d.times.map((t) => t.value)) : [];
    expect(yTimes).not.toContain(holdOf(x));
    expect((await freeTimes(db(), 30, new Date())).map((t) => t.toISOString())).not.toContain(holdOf(x));

    // Three customers post x's held time at once: x gets it; the others are told it is taken.
    const rebook = (job: Job, start: string) => post(`/appointments/${job.token}`, { intent: "rebook", start });
    const results = await Promise.all([rebook(y, holdOf(x)), rebook(x, holdOf(x)), rebook(z, holdOf(x))]);
    expect(results.map((r) => r.status)).toEqual([409, 303, 409]);
    expect(await results[0]!.text()).toContain(TIME_TAKEN_MESSAGE);
    const newToken = /\/appointments\/([^?]+)\?outcome=booked/.exec(results[1]!.headers.get("location") ?? "")![1]!;
    const rebooked = await db().selectFrom("jobs").selectAll().where("token", "=", newToken).executeTakeFirstOrThrow();
    expect(rebooked.starts_at.toISOString()).toBe(holdOf(x));
    expect(rebooked.customer_id).toBe(x.customerId);
    // A second press (another tab): the booking already made.
    const again = await rebook(x, holdOf(y));
    expect(again.headers.get("location")).toBe(`/appointments/${newToken}?outcome=booked`);

    // y and z both take the same free time no one holds: exactly one of them has it.
    const free = yTimes.find((t) => !holds.some((h) => h.hold_start!.toISOString() === t))!;
    const both = await Promise.all([rebook(y, free), rebook(z, free)]);
    expect(both.map((r) => r.status).sort()).toEqual([303, 409]);

    // The owner sees who rebooked.
    const summary = await weatherDays(db(), dayA);
    const a0 = summary.find((d) => d.day === dayA)!.customers.find((c) => c.jobId === x.id)!;
    expect(a0.state.kind).toBe("rebooked");
    expect(summary.flatMap((d) => d.customers).filter((c) => c.state.kind === "rebooked")).toHaveLength(2);
    expect(summary.flatMap((d) => d.customers).filter((c) => c.state.kind === "held")).toHaveLength(28);
    expect((await rebookingOf(x.token))?.kind).toBe("rebooked");

    // The customer's export lists the Weather Day under the cancelled job; erasing a customer gives up the time held for them.
    const owner = { id: 1, email: OWNER, name: "", role: "owner" as const };
    const { body } = await exportCustomer(db(), x.customerId, owner);
    const exported = JSON.parse(await new Response(body).text()) as { jobs: { id: number; weatherDay: { day: string; rebooked_job_id: number } | null }[] };
    expect(exported.jobs.find((j) => j.id === x.id)!.weatherDay).toMatchObject({ day: dayA, rebooked_job_id: rebooked.id });
    const w = jobsB[5]!;
    await eraseCustomer(db(), w.customerId, owner);
    const erased = await db().selectFrom("weather_rebookings").select(["hold_busy", "hold_start"]).where("job_id", "=", w.id).executeTakeFirstOrThrow();
    expect(erased.hold_busy).toBeNull();
    expect((await freeTimes(db(), 30, new Date())).map((t) => t.toISOString())).toContain(erased.hold_start!.toISOString());
  });
});
