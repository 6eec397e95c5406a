import ICAL from "ical.js";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { addDays, dayIn, instantIn } from "~/lib/time-zone";
import { isoWeekday } from "~/lib/work-week";
import { kickOutbox, stopBackgroundJobs } from "~/server/background.server";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { reloadEnv } from "~/server/env.server";
import { decideEstimate } from "~/server/estimates/decisions.server";
import { createEstimate, getEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { sendEstimate } from "~/server/estimates/send.server";
import { CUSTOMER_REACH, freeTimes } from "~/server/jobs/free-times.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { JobOverlapError } from "~/server/jobs/job-placement.server";
import { getJob } from "~/server/jobs/job-records.server";
import { queueDueJobReminders } from "~/server/jobs/job-reminders.server";
import { rescheduleJob } from "~/server/jobs/job-rescheduling.server";
import { scheduleWeek } from "~/server/jobs/schedule-week.server";
import { TIME_TAKEN_MESSAGE, type BookingView } from "~/server/jobs/self-booking.server";
import { saveSettings } from "~/server/settings.server";
import * as roadGapsMigration from "../../db/migrations/2026-11-30-10-road-gaps-and-job-days";
import { estimateForm, insertLead } from "../helpers/estimates";
import { callRoute, routeContext } from "../helpers/routes";
import { insertCustomer, insertJob } from "../helpers/schedule-jobs";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 35, the scheduling engine of online booking: jobs know their ZIP code
// and free times keep the drive between neighbouring jobs (docs/decisions/0130);
// work longer than a working day books consecutive working days, one job whose
// busy range spans them (docs/decisions/0131). Monday to Friday, 8 to 6, a
// 30-minute travel buffer, the base in Grand Rapids (49503). Holland (49423)
// is 45 minutes from it.
const OWNER = "owner@shine.example";
const ZONE = "America/Detroit";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, MAIL_FROM: "Shine On Wheels <info@shine.example>", APP_URL: "https://shine.example", BUSINESS_TIME_ZONE: ZONE });
const db = () => database.db;
let ip = 0;
const context = () => routeContext(db(), { clientIp: `198.51.100.${++ip}` });

const GRAND_RAPIDS = "45 Lake Dr, Grand Rapids, MI 49503";
const HOLLAND = "12 River Ave, Holland, MI 49423";

let mailbox: SmtpSink;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  await saveSettings(
    db(),
    { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "0", workdayStart: "08:00", workdayEnd: "18:00", workingDays: ["1", "2", "3", "4", "5"], travelBufferMinutes: "30", baseZip: "49503" },
    OWNER,
  );
});
afterAll(async () => {
  await stopBackgroundJobs();
  await mailbox?.stop();
});

/** The `n`th working day (Monday to Friday) from two days ahead: far enough from now for the 12 hours' notice, whatever the hour. */
function workingDay(n: number): string {
  let day = addDays(dayIn(new Date(), ZONE), 2);
  for (let found = 0; ; day = addDays(day, 1)) {
    if (isoWeekday(day) <= 5 && found++ === n) return day;
  }
}
const at = (day: string, time: string) => instantIn(day, time, ZONE);
const wallTime = (instant: Date | string) => new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(instant));
const onDay = (times: Date[], day: string) => times.filter((t) => dayIn(t, ZONE) === day).map(wallTime);

/** The owner's job for a new customer at `address`, from `time` on `day`. */
async function ownerJob(day: string, time: string, address: string, rest: { minutes?: number; assignedTo?: number | null; zip?: string | null } = {}) {
  const lead = await insertLead(db());
  return scheduleJob(db(), {
    from: await leadOrigin(db(), lead),
    input: { date: day, startTime: time, durationMinutes: rest.minutes ?? 60, address, notes: "", ...(rest.zip !== undefined && { zip: rest.zip }) },
    actor: OWNER,
    origin: "https://shine.example",
    ...(rest.assignedTo !== undefined && { assignedTo: rest.assignedTo }),
  });
}

/** A sent estimate of `minutes` for a request at `address`, accepted by its customer. */
async function acceptedEstimate(email: string, minutes: number, address = GRAND_RAPIDS) {
  const lead = await insertLead(db(), { email });
  await db().updateTable("quote_requests").set({ service_address: address }).where("id", "=", lead).execute();
  const id = await createEstimate(db(), await leadOrigin(db(), lead), OWNER);
  await saveEstimate(db(), id, estimateForm([["Ceramic coating", "1", "899"]], { durationMinutes: String(minutes) }));
  await sendEstimate(db(), id, OWNER, "https://shine.example");
  expect(await decideEstimate(db(), await getEstimate(db(), id), "accepted")).toEqual({ decided: true });
  return getEstimate(db(), id);
}

async function bookingOf(token: string): Promise<BookingView | null> {
  const res = await callRoute(new Request(`http://localhost/estimates/${token}`), context());
  expect(res.status).toBe(200);
  return ((await res.json()) as { booking: BookingView | null }).booking;
}
const offered = (view: BookingView | null) => (view?.kind === "choose" ? view.days.flatMap((d) => d.times.map((t) => t.value)) : []);

function book(token: string, start: string, address: string) {
  const body = new URLSearchParams([["intent", "book"], ["start", start], ["address", address]]);
  return callRoute(
    new Request(`http://localhost/estimates/${token}`, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" } }),
    context(),
  );
}

const liveJobsOf = (estimateIds: number[]) =>
  db().selectFrom("jobs").select(["id", "estimate_id", "starts_at", "duration_minutes", "zip", "assigned_to"]).where("estimate_id", "in", estimateIds).where("status", "<>", "cancelled").execute();

/** The occurrences of an invite's event as a calendar shows them: ical.js expands the RDATEs with their overrides. */
function occurrences(text: string): { start: Date; end: Date; uid: string }[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const [master, ...overrides] = calendar.getAllSubcomponents("vevent");
  const event = new ICAL.Event(master!, { exceptions: overrides });
  const found: { start: Date; end: Date; uid: string }[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next && found.length < 10; next = iterator.next()) {
    const details = event.getOccurrenceDetails(next);
    found.push({ start: details.startDate.toJSDate(), end: details.endDate.toJSDate(), uid: details.item.uid });
  }
  return found;
}

describe("the jobs' ZIP codes", () => {
  it("the migration gives the jobs there were the ZIP code their address ends with", async () => {
    const any = db() as unknown as Kysely<any>;
    await roadGapsMigration.down(any);
    const lead = await insertCustomer(db(), "Back Fill");
    const addresses = ["9 Pine St, Holland, MI 49423", "9 Pine St, Holland, MI 49423-1234", "49423 Lakeshore Dr, Holland, MI", "9 Pine St, Grand Rapids", ""];
    const ids: number[] = [];
    for (const [i, address] of addresses.entries()) ids.push(await insertJob(db(), lead, new Date(Date.UTC(2020, 0, 6 + i, 15)), { address }));
    await roadGapsMigration.up(any);
    const rows = await db().selectFrom("jobs").select(["id", "zip"]).where("id", "in", ids).orderBy("id").execute();
    expect(rows.map((r) => r.zip)).toEqual(["49423", "49423", null, null, null]);
  });

  it("a booking takes the ZIP code given, else the address's; the database takes five digits or none", async () => {
    const day = workingDay(9);
    expect((await ownerJob(day, "08:00", HOLLAND)).zip).toBe("49423");
    expect((await ownerJob(day, "10:00", "3 Elm St, Grand Rapids")).zip).toBeNull();
    expect((await ownerJob(day, "12:00", "3 Elm St, Grand Rapids", { zip: "49546" })).zip).toBe("49546");
    const job = await ownerJob(day, "14:00", GRAND_RAPIDS);
    await expect(db().updateTable("jobs").set({ zip: "4942" }).where("id", "=", job.id).execute()).rejects.toMatchObject({ code: "23514" });
    await expect(db().updateTable("jobs").set({ zip: "49423-1234" }).where("id", "=", job.id).execute()).rejects.toMatchObject({ code: "23514" });
  });
});

describe("free times know the road", () => {
  it("a booking in Holland is not squeezed against a job in Grand Rapids; one in Grand Rapids is, by the buffer alone", async () => {
    const day = workingDay(0);
    await ownerJob(day, "10:00", "5 Fulton St, Grand Rapids, MI 49503");
    const now = new Date();
    const inHolland = onDay(await freeTimes(db(), 60, now, CUSTOMER_REACH, { zip: "49423" }), day);
    const inGrandRapids = onDay(await freeTimes(db(), 60, now, CUSTOMER_REACH, { zip: "49503" }), day);
    // Holland: done by 9:15 to drive 45 minutes to a 10:00 job; from 11:45 after it ends at 11:00.
    expect(inHolland.slice(0, 3)).toEqual(["08:00", "12:00", "12:30"]);
    // Grand Rapids: the 30-minute buffer either side.
    expect(inGrandRapids.slice(0, 4)).toEqual(["08:00", "08:30", "11:30", "12:00"]);
    // No ZIP code: at the base, Grand Rapids.
    expect(onDay(await freeTimes(db(), 60, now), day).slice(0, 4)).toEqual(inGrandRapids.slice(0, 4));
  });

  it("the booking is checked again with the address typed: a time offered for Grand Rapids is refused for Holland", async () => {
    const day = workingDay(0);
    const estimate = await acceptedEstimate("road-check@example.com", 60);
    const times = offered(await bookingOf(estimate.token));
    const half = at(day, "11:30").toISOString();
    expect(times).toContain(half);
    const refused = await book(estimate.token, half, HOLLAND);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { bookingErrors: { start: string } }).bookingErrors.start).toBe(TIME_TAKEN_MESSAGE);
    expect(await liveJobsOf([estimate.id])).toEqual([]);
    // Noon is far enough from Grand Rapids for Holland.
    const noon = at(day, "12:00").toISOString();
    expect((await book(estimate.token, noon, HOLLAND)).status).toBe(303);
    const [job] = await liveJobsOf([estimate.id]);
    expect(job).toMatchObject({ zip: "49423", duration_minutes: 60 });
    expect(job!.starts_at.toISOString()).toBe(noon);
  });

  it("two bookings at once that only the road keeps apart (their buffers do not overlap): one is stored, the other is told", async () => {
    const day = workingDay(3);
    const [holland, grandRapids] = await Promise.all([acceptedEstimate("race-holland@example.com", 60, HOLLAND), acceptedEstimate("race-gr@example.com", 60)]);
    // Holland 10:00–11:00 holds 11:00–11:30 as its buffer; Grand Rapids from 11:30 is clear of it, but 45 minutes' drive away.
    const ten = at(day, "10:00").toISOString();
    const halfPastEleven = at(day, "11:30").toISOString();
    expect(offered(await bookingOf(holland.token))).toContain(ten);
    expect(offered(await bookingOf(grandRapids.token))).toContain(halfPastEleven);
    const answers = await Promise.all([book(holland.token, ten, HOLLAND), book(grandRapids.token, halfPastEleven, GRAND_RAPIDS)]);
    expect(answers.map((r) => r.status).sort()).toEqual([303, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(((await refused.json()) as { bookingErrors: { start: string } }).bookingErrors.start).toBe(TIME_TAKEN_MESSAGE);
    expect(await liveJobsOf([holland.id, grandRapids.id])).toHaveLength(1);
  });
});

describe("work longer than a working day", () => {
  const SIXTEEN_HOURS = 16 * 60;

  it("the database holds a job over days to its days: the busy range from the first start to the last end, the minutes added up", async () => {
    const lead = await insertCustomer(db(), "Rule Keeper");
    const [d1, d2] = [workingDay(30), workingDay(31)];
    const insert = (days: [string, string, string][], minutes: number) =>
      sql`INSERT INTO jobs (lead_id, token, starts_at, duration_minutes, buffer_minutes, busy, work_days, address)
        VALUES (${lead}, ${`rule-${Math.random().toString(36).slice(2)}-token-long-enough`}, ${at(days[0]![0], days[0]![1])}, ${minutes}, 30,
          tstzrange(${at(days[0]![0], days[0]![1])}::timestamptz, ${at(days.at(-1)![0], days.at(-1)![2])}::timestamptz + interval '30 minutes', '[)'),
          tstzmultirange(${sql.join(days.map(([d, from, to]) => sql`tstzrange(${at(d, from)}::timestamptz, ${at(d, to)}::timestamptz, '[)')`))}), '')`.execute(db());
    // The minutes do not add up; one period only; a day's minutes over 12 hours without days.
    await expect(insert([[d1, "08:00", "18:00"], [d2, "08:00", "14:00"]], 900)).rejects.toMatchObject({ code: "23514" });
    await expect(insert([[d1, "08:00", "18:00"]], 600)).rejects.toMatchObject({ code: "23514" });
    await expect(ownerJob(d1, "08:00", GRAND_RAPIDS, { minutes: 721 })).rejects.toMatchObject({ code: "23514" });
    await insert([[d1, "08:00", "18:00"], [d2, "08:00", "14:00"]], SIXTEEN_HOURS);
    // The second day is the job's: the owner's one-day job there is refused, naming both days.
    const overlap = await ownerJob(d2, "10:00", GRAND_RAPIDS).catch((error: unknown) => error);
    expect(overlap).toBeInstanceOf(JobOverlapError);
    expect((overlap as JobOverlapError).message).toMatch(/^This time overlaps Rule Keeper's job, .+ 8:00 AM – 6:00 PM, then .+ 8:00 AM – 2:00 PM \(with the 30-minute travel buffer between jobs\)\./);
    // The owner's Reschedule moves it to another working day's start and keeps it over days; the day it left is free again.
    const { id } = await db().selectFrom("jobs").select("id").where("lead_id", "=", lead).executeTakeFirstOrThrow();
    const d3 = workingDay(32);
    const reschedule = (date: string, startTime: string, durationMinutes: number) =>
      rescheduleJob(db(), id, { date, startTime, durationMinutes, address: GRAND_RAPIDS, notes: "" }, OWNER, "https://shine.example");
    const moved = await reschedule(d2, "08:00", SIXTEEN_HOURS);
    expect(moved.days).toEqual([
      { startsAt: at(d2, "08:00"), endsAt: at(d2, "18:00") },
      { startsAt: at(d3, "08:00"), endsAt: at(d3, "14:00") },
    ]);
    expect(moved.sequence).toBe(1);
    expect((await ownerJob(d1, "10:00", GRAND_RAPIDS)).days).toHaveLength(1);
    // Work over days starts at Workday Start; another hour is refused on Start Time and nothing moves.
    const late = await reschedule(d3, "10:00", SIXTEEN_HOURS).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(JobOverlapError);
    expect((late as JobOverlapError).fields).toEqual({ startTime: expect.stringMatching(/^A job over 2 working days starts at Workday Start of a working day/) });
    expect((await getJob(db(), id)).days).toEqual(moved.days);
    // Shortened to a working day, it becomes one day and its second day is free again.
    const shortened = await reschedule(d2, "08:00", 600);
    expect(shortened.days).toEqual([{ startsAt: at(d2, "08:00"), endsAt: at(d2, "18:00") }]);
    expect(shortened.sequence).toBe(2);
    expect((await ownerJob(d3, "10:00", GRAND_RAPIDS)).days).toHaveLength(1);
  });

  it("an accepted estimate of 16 hours books two working days from Workday Start: the page, the job, the invite, the week, the appointment and the reminder show both", async () => {
    const estimate = await acceptedEstimate("two-days@example.com", SIXTEEN_HOURS);
    const view = await bookingOf(estimate.token);
    expect(view?.kind).toBe("choose");
    if (view?.kind !== "choose") return;
    expect(view.overDays).toBe("This work takes about 16 hours over 2 working days in a row: each time is when we start, and when we finish is shown beside it.");
    const times = offered(view);
    expect(times.length).toBeGreaterThan(3);
    expect(new Set(times.map(wallTime))).toEqual(new Set(["08:00"]));
    expect(view.days[0]!.times[0]!.label).toMatch(/^8:00 AM, until [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}, 2:00 PM$/);

    const chosen = times[0]!;
    expect((await book(estimate.token, chosen, GRAND_RAPIDS)).status).toBe(303);
    const [row] = await liveJobsOf([estimate.id]);
    expect(row).toMatchObject({ duration_minutes: SIXTEEN_HOURS, zip: "49503" });
    const job = await getJob(db(), row!.id);
    const day1 = dayIn(new Date(chosen), ZONE);
    let day2 = addDays(day1, 1);
    while (isoWeekday(day2) > 5) day2 = addDays(day2, 1);
    expect(job.days).toEqual([
      { startsAt: at(day1, "08:00"), endsAt: at(day1, "18:00") },
      { startsAt: at(day2, "08:00"), endsAt: at(day2, "14:00") },
    ]);

    // The confirmation: both days in its subject, an invite of one event on both days, each with its hours.
    const mail = await mailbox.waitFor((m) => m.to.includes("two-days@example.com") && m.subject.startsWith("Appointment confirmed:"), 30_000);
    expect(mail.subject).toMatch(/^Appointment confirmed: .+, 8:00 AM – 6:00 PM, then .+, 8:00 AM – 2:00 PM$/);
    expect(mail.text).toContain("(about 16 hours over 2 days)");
    const invite = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"))!.content.toString("utf8");
    expect(invite).toContain("METHOD:REQUEST");
    expect(occurrences(invite).map((o) => [o.start, o.end])).toEqual(job.days.map((d) => [d.startsAt, d.endsAt]));
    expect(new Set(occurrences(invite).map((o) => o.uid)).size).toBe(1);

    // The appointment page and its calendar file.
    const page = await callRoute(new Request(`http://localhost/appointments/${job.token}`), context());
    const { appointment } = (await page.json()) as { appointment: { when: string; duration: string } };
    expect(appointment.when).toBe(mail.subject.replace("Appointment confirmed: ", ""));
    expect(appointment.duration).toBe("16 hours over 2 days");
    const file = await callRoute(new Request(`http://localhost/appointments/${job.token}/calendar.ics`), context());
    expect(file.status).toBe(200);
    expect(occurrences(await file.text()).map((o) => [o.start, o.end])).toEqual(job.days.map((d) => [d.startsAt, d.endsAt]));

    // The owner's week (or weeks): the job on each of its days, with that day's hours.
    const mondayOf = (day: string) => addDays(day, 1 - isoWeekday(day));
    const entries = [];
    for (const monday of new Set([mondayOf(day1), mondayOf(day2)])) {
      const week = await scheduleWeek(db(), monday, new Date(), ZONE);
      entries.push(...week.days.flatMap((d) => d.jobs.filter((j) => j.id === job.id).map((j) => ({ date: d.date, time: j.time, part: j.part }))));
    }
    expect(entries).toEqual([
      { date: day1, time: "8:00 AM – 6:00 PM", part: "Day 1 of 2" },
      { date: day2, time: "8:00 AM – 2:00 PM", part: "Day 2 of 2" },
    ]);

    // A one-day job on the second day only after the last day's end and its buffer.
    expect(onDay(await freeTimes(db(), 60, new Date(), CUSTOMER_REACH, { zip: "49503" }), day2)[0]).toBe("14:30");

    // The reminder, due before the first day, names both.
    await db().updateTable("jobs").set({ reminder_due_at: new Date(Date.now() - 1000) }).where("id", "=", job.id).execute();
    expect(await queueDueJobReminders(db())).toBeGreaterThanOrEqual(1);
    // As the background tick does: what was queued is delivered now.
    kickOutbox(db());
    const reminder = await mailbox.waitFor((m) => m.to.includes("two-days@example.com") && m.subject.startsWith("Reminder:"), 30_000);
    expect(reminder.subject).toBe(`Reminder: your appointment on ${appointment.when}`);
  });

  it("two customers choosing days that overlap at once: one job, the other is told and no longer offered them", async () => {
    const [a, b] = await Promise.all([acceptedEstimate("overlap-a@example.com", SIXTEEN_HOURS), acceptedEstimate("overlap-b@example.com", SIXTEEN_HOURS)]);
    const times = offered(await bookingOf(a.token));
    // Two starts a working day apart: the first one's second day is the other's first.
    const first = times.find((t, i) => {
      const next = times[i + 1];
      return next !== undefined && dayIn(new Date(next), ZONE) === addDays(dayIn(new Date(t), ZONE), 1);
    })!;
    const second = times[times.indexOf(first) + 1]!;
    expect(offered(await bookingOf(b.token))).toEqual(expect.arrayContaining([first, second]));
    const answers = await Promise.all([book(a.token, first, GRAND_RAPIDS), book(b.token, second, GRAND_RAPIDS)]);
    expect(answers.map((r) => r.status).sort()).toEqual([303, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(((await refused.json()) as { bookingErrors: { start: string } }).bookingErrors.start).toBe(TIME_TAKEN_MESSAGE);
    expect(await liveJobsOf([a.id, b.id])).toHaveLength(1);
    const loser = answers[0] === refused ? a : b;
    const left = offered(await bookingOf(loser.token));
    expect(left).not.toContain(first);
    expect(left).not.toContain(second);
  });

  it("more working days than a booking online takes: the customer is asked to call, the owner told why", async () => {
    const estimate = await acceptedEstimate("week-long@example.com", 60 * 60);
    expect(await bookingOf(estimate.token)).toEqual({ kind: "call", blocked: { why: "too_many_days", jobMinutes: 3600, maxDays: 5 } });
    const mail = await mailbox.waitFor((m) => m.to.includes(OWNER) && m.subject.startsWith(`Estimate #${estimate.number} accepted`), 30_000);
    expect(mail.text).toContain(`${estimate.customer.name} could not book a time online: the job takes 60 hours, more than the 5 working days a booking online can take.`);
  });
});

// With staff, each person's jobs are their own road (docs/decisions/0115):
// a Holland customer goes to whoever can get there.
describe("two technicians and the road", () => {
  let techA: number;
  let techB: number;
  beforeAll(async () => {
    const rows = await db()
      .insertInto("users")
      .values([
        { email: "road-a@shine.example", role: "technician" },
        { email: "road-b@shine.example", role: "technician" },
      ])
      .returning("id")
      .execute();
    [techA, techB] = rows.map((r) => r.id) as [number, number];
  });

  it("a time one technician cannot reach goes to the other", async () => {
    const day = workingDay(6);
    await ownerJob(day, "10:00", GRAND_RAPIDS, { assignedTo: techA });
    await ownerJob(day, "08:00", GRAND_RAPIDS, { minutes: 30, assignedTo: techB });
    const estimate = await acceptedEstimate("road-staff@example.com", 60, HOLLAND);
    const half = at(day, "11:30").toISOString();
    // A can reach Holland from Grand Rapids by 11:45; B, free since 8:30, can.
    expect(offered(await bookingOf(estimate.token))).toContain(half);
    expect((await book(estimate.token, half, HOLLAND)).status).toBe(303);
    expect((await liveJobsOf([estimate.id]))[0]).toMatchObject({ assigned_to: techB });
    // Now neither can: A's drive, B's job.
    const other = await acceptedEstimate("road-staff-2@example.com", 60, HOLLAND);
    expect(offered(await bookingOf(other.token))).not.toContain(half);
  });
});
