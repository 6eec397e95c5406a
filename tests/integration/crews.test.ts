import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { parseJobForm } from "~/lib/job-input";
import { localInstant } from "~/lib/time-zone";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { FEED_NOT_FOUND_MESSAGE, feedToken } from "~/server/jobs/calendar-feed.server";
import { freeWorkers, freeWorkersAt } from "~/server/jobs/free-times.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { jobUid } from "~/server/jobs/job-ical.server";
import type { ScheduleWeek } from "~/server/jobs/schedule-week.server";
import { saveSettings } from "~/server/settings.server";
import { parseCalendar } from "../helpers/appointments";
import { businessDay, insertJobLead, jobForm } from "../helpers/jobs";
import { callRoute, routeContext } from "../helpers/routes";
import { insertCustomer, insertJob } from "../helpers/schedule-jobs";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Crews (issue 37, docs/decisions/0148, 0149): a booking goes to the least
// busy free technician that day (and to the next one when a booking at the
// same moment takes them); each person's own calendar feed holds their jobs
// only, read back with ical.js; the owner's schedule has a column per person.
const OWNER = "owner@shine.example";
const ZONE = "America/Detroit";
const database = useTestDatabase({ ADMIN_EMAILS: OWNER, BUSINESS_TIME_ZONE: ZONE, APP_URL: "https://shine.example" });
const db = () => database.db;
let ip = 0;
const call = (path: string, init: RequestInit = {}) =>
  callRoute(new Request(`https://shine.example${path}`, init), routeContext(db(), { clientIp: `198.51.100.${++ip}` }));
const get = (path: string, cookie = "") => call(path, { headers: cookie ? { cookie } : {} });
const post = (path: string, cookie: string, body: Record<string, string>) =>
  call(path, { method: "POST", body: new URLSearchParams(body), headers: { cookie, "content-type": "application/x-www-form-urlencoded" } });

/** `hour`:`minute` on a business day, as an instant. */
const at = (day: string, hour: number, minute = 0) => new Date(localInstant(day, hour * 60 + minute, ZONE)!);
/** The busy range of a job at `start` for `minutes`, with the 30-minute buffer. */
const busyOf = (start: Date, minutes: number) => sql<string>`tstzrange(${start}::timestamptz, ${new Date(start.getTime() + (minutes + 30) * 60_000)}::timestamptz, '[)')`;

// Three technicians, ids in this order; the owner is one through ADMIN_EMAILS only (no stored role: does no jobs).
const [A, B, C] = ["ann@shine.example", "ben@shine.example", "cat@shine.example"];
const id: Record<string, number> = {};
const cookie: Record<string, string> = {};
let lead: number;

async function book(day: string, startTime: string, durationMinutes = 60) {
  const { id: leadId } = await insertJobLead(db());
  const parsed = parseJobForm(jobForm(day, startTime, { durationMinutes: String(durationMinutes) }), businessDay(0), ZONE);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return scheduleJob(db(), { from: await leadOrigin(db(), leadId), input: parsed.input, actor: OWNER, origin: "https://shine.example" });
}

beforeAll(async () => {
  await saveSettings(
    db(),
    { ...SEED_SETTINGS, notifyEmail: OWNER, workdayStart: "08:00", workdayEnd: "18:00", workingDays: ["1", "2", "3", "4", "5", "6", "7"], travelBufferMinutes: "30" },
    OWNER,
  );
  cookie.owner = await sessionCookieFor(db(), OWNER);
  for (const email of [A, B, C]) {
    cookie[email] = await sessionCookieFor(db(), email, { role: "technician" });
    id[email] = (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  }
  await db().updateTable("users").set({ name: "Ann Able" }).where("id", "=", id[A]!).execute();
  lead = await insertCustomer(db(), "Crew Customer", "4 Pine St, Wyoming, MI 49509");
});

describe("the least busy free technician", () => {
  const day = businessDay(3);

  beforeAll(async () => {
    // Ann: 120 minutes that day; Ben: 60; Cat: none that day (a long job the next day, and a cancelled one that day, count for nothing).
    await insertJob(db(), lead, at(day, 8), { durationMinutes: 120, assignedTo: id[A] });
    await insertJob(db(), lead, at(day, 8), { durationMinutes: 60, assignedTo: id[B] });
    await insertJob(db(), lead, at(businessDay(4), 8), { durationMinutes: 300, assignedTo: id[C] });
    await insertJob(db(), lead, at(day, 8), { durationMinutes: 240, assignedTo: id[C], status: "cancelled" });
  });

  it("is tried first, by that day's booked minutes, ties by id", async () => {
    const start = at(day, 14);
    expect(await freeWorkers(db(), busyOf(start, 60), start)).toEqual([id[C], id[B], id[A]]);
    expect(await freeWorkersAt(db(), start, 60, new Date())).toEqual([id[C], id[B], id[A]]);
    // Ben gets another hour: 120 like Ann, who comes first by id.
    await insertJob(db(), lead, at(day, 11), { durationMinutes: 60, assignedTo: id[B] });
    expect(await freeWorkers(db(), busyOf(start, 60), start)).toEqual([id[C], id[A], id[B]]);
    expect(await freeWorkersAt(db(), start, 60, new Date())).toEqual([id[C], id[A], id[B]]);
    // Someone busy at the time is not named, however idle their day.
    const early = at(day, 8, 30);
    expect(await freeWorkers(db(), busyOf(early, 30), early)).toEqual([id[C]]);
  });

  it("gets the booking, and the next booking goes to whoever is then least busy", async () => {
    const first = await book(day, "15:00");
    expect(first.assignedTo).toBe(id[C]);
    // Cat now has 60 minutes, Ann and Ben 120 each: Cat again.
    const second = await book(day, "16:30", 30);
    expect(second.assignedTo).toBe(id[C]);
    // Cat 90, still the least busy: 90 minutes more make her the busiest (180).
    const third = await book(day, "12:00", 90);
    expect(third.assignedTo).toBe(id[C]);
    // All three free at 14:00 for 30 minutes: Ann (120, a lower id than Ben's 120).
    const next = await book(day, "14:00", 30);
    expect(next.assignedTo).toBe(id[A]);
  });

  it("counts of a job over days only its part on that day", async () => {
    const [before, on] = [businessDay(10), businessDay(11)];
    // Ben: 14:00–18:00 the day before and 8:00–10:00 that day (120 minutes of 360 on it); Ann: 150 minutes that day; Cat: 240 the day before only.
    const [p1, p2] = [[at(before, 14), at(before, 18)], [at(on, 8), at(on, 10)]] as const;
    await sql`INSERT INTO jobs (lead_id, token, starts_at, duration_minutes, buffer_minutes, busy, work_days, assigned_to)
      VALUES (${lead}, ${"overdays-" + "x".repeat(24)}, ${p1[0]}, 360, 30, tstzrange(${p1[0]}::timestamptz, ${p2[1]}::timestamptz + interval '30 minutes', '[)'),
        tstzmultirange(tstzrange(${p1[0]}::timestamptz, ${p1[1]}::timestamptz, '[)'), tstzrange(${p2[0]}::timestamptz, ${p2[1]}::timestamptz, '[)')), ${id[B]})`.execute(db());
    await insertJob(db(), lead, at(on, 10, 30), { durationMinutes: 150, assignedTo: id[A] });
    await insertJob(db(), lead, at(before, 8), { durationMinutes: 240, assignedTo: id[C] });
    const start = at(on, 14);
    expect(await freeWorkers(db(), busyOf(start, 60), start)).toEqual([id[C], id[B], id[A]]);
  });

  it("still tries the next person when bookings at the same moment take the least busy one", async () => {
    const other = businessDay(5);
    // Nobody has anything that day: all three tie, so both bookings pick Ann first; one gets Ben instead.
    const both = await Promise.all([book(other, "10:00"), book(other, "10:00")]);
    expect(both.map((j) => j.assignedTo).sort()).toEqual([id[A], id[B]].sort());
    // A third at once goes to Cat, the one left free then.
    const third = await book(other, "10:00");
    expect(third.assignedTo).toBe(id[C]);
    await expect(book(other, "10:00")).rejects.toMatchObject({ status: 409 });
  });
});

describe("a technician's own calendar feed", () => {
  const day = businessDay(6);
  const jobs: Record<string, number> = {};

  beforeAll(async () => {
    jobs.ann = await insertJob(db(), lead, at(day, 9), { assignedTo: id[A] });
    jobs.annCancelled = await insertJob(db(), lead, at(day, 13), { assignedTo: id[A], status: "cancelled" });
    jobs.ben = await insertJob(db(), lead, at(day, 9), { assignedTo: id[B] });
    jobs.nobody = await insertJob(db(), lead, at(day, 15));
  });

  const addressOf = async (email: string) => {
    const res = await get("/admin/account", cookie[email]);
    expect(res.status).toBe(200);
    return ((await res.json()) as { feed: { address: string; justReset: boolean } }).feed;
  };
  const pathOf = (address: string) => new URL(address).pathname;
  const events = async (address: string) => {
    const res = await get(pathOf(address));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    return parseCalendar(await res.text()).events;
  };

  it("is on the account page, a secret address of its own holding only that person's jobs", async () => {
    const ann = await addressOf(A);
    expect(ann.address).toMatch(/^https:\/\/shine\.example\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect(ann.justReset).toBe(false);
    // The same address each time; another person's and the business's are others.
    expect((await addressOf(A)).address).toBe(ann.address);
    const ben = await addressOf(B);
    expect(ben.address).not.toBe(ann.address);
    expect(pathOf(ann.address)).not.toBe(`/calendar/${await feedToken(db())}.ics`);

    const annEvents = await events(ann.address);
    const uids = new Set(annEvents.map((e) => e.uid));
    expect(uids.has(jobUid({ id: jobs.ann! }))).toBe(true);
    expect(uids.has(jobUid({ id: jobs.annCancelled! }))).toBe(true);
    expect(annEvents.find((e) => e.uid === jobUid({ id: jobs.annCancelled! }))!.status).toBe("CANCELLED");
    expect(uids.has(jobUid({ id: jobs.ben! }))).toBe(false);
    expect(uids.has(jobUid({ id: jobs.nobody! }))).toBe(false);
    // Every event is one of Ann's jobs.
    const annJobs = await db().selectFrom("jobs").select("id").where("assigned_to", "=", id[A]!).execute();
    expect([...uids].sort()).toEqual(annJobs.map((j) => jobUid(j)).sort());
    const event = annEvents.find((e) => e.uid === jobUid({ id: jobs.ann! }))!;
    expect(event.start.getTime()).toBe(at(day, 9).getTime());
    expect(event.url).toBe(`https://shine.example/admin/jobs/${jobs.ann}`);

    const benUids = (await events(ben.address)).map((e) => e.uid);
    expect(benUids).toContain(jobUid({ id: jobs.ben! }));
    expect(benUids).not.toContain(jobUid({ id: jobs.ann! }));
    // The business's feed still holds everyone's.
    const all = (await events(`https://shine.example/calendar/${await feedToken(db())}.ics`)).map((e) => e.uid);
    for (const job of Object.values(jobs)) expect(all).toContain(jobUid({ id: job }));
  });

  it("Reset feed address gives a new one and makes the old a 404; unknown and former staff's addresses are 404s", async () => {
    const before = await addressOf(C);
    const reset = await post("/admin/account", cookie[C]!, { intent: "reset-feed" });
    expect(reset.status).toBe(303);
    expect(reset.headers.get("location")).toBe("/admin/account?done=feed-reset");
    const after = await addressOf(C);
    expect(after.address).not.toBe(before.address);
    const old = await get(pathOf(before.address));
    expect(old.status).toBe(404);
    expect(await old.text()).toBe(FEED_NOT_FOUND_MESSAGE);
    expect((await get(pathOf(after.address))).status).toBe(200);
    const shown = await get("/admin/account?done=feed-reset", cookie[C]);
    expect(((await shown.json()) as { feed: { justReset: boolean } }).feed.justReset).toBe(true);
    // Another person's reset leaves Ann's address alone.
    expect((await get(pathOf((await addressOf(A)).address))).status).toBe(200);

    for (const path of [`/calendar/${"B".repeat(32)}.ics`, "/calendar/short.ics", `${pathOf(after.address)}.txt`]) {
      expect((await get(path)).status, path).toBe(404);
    }
    // Cat is no longer staff: her address is a 404 (and she has no account page).
    await db().updateTable("users").set({ role: null }).where("id", "=", id[C]!).execute();
    try {
      expect((await get(pathOf(after.address))).status).toBe(404);
    } finally {
      await db().updateTable("users").set({ role: "technician" }).where("id", "=", id[C]!).execute();
    }
    expect((await get(pathOf(after.address))).status).toBe(200);
  });
});

describe("the schedule by person", () => {
  const day = businessDay(8);
  let ann: number;
  let ben: number;
  let nobody: number;

  beforeAll(async () => {
    ann = await insertJob(db(), lead, at(day, 9), { assignedTo: id[A] });
    ben = await insertJob(db(), lead, at(day, 9), { assignedTo: id[B] });
    nobody = await insertJob(db(), lead, at(day, 12));
  });

  const weekOf = async (who: string) => {
    const res = await get(`/admin/schedule?week=${day}`, cookie[who]);
    expect(res.status).toBe(200);
    return ((await res.json()) as { week: ScheduleWeek }).week;
  };

  it("gives the owner a column per person who does jobs, then Unassigned, each job in its person's", async () => {
    const week = await weekOf("owner");
    expect(week.people).toEqual([
      { id: id[A], name: "Ann Able" },
      { id: id[B], name: B },
      { id: id[C], name: C },
      { id: null, name: "Unassigned" },
    ]);
    const jobs = week.days.find((d) => d.date === day)!.jobs;
    expect(jobs.find((j) => j.id === ann)!.person).toBe(id[A]);
    expect(jobs.find((j) => j.id === ben)!.person).toBe(id[B]);
    expect(jobs.find((j) => j.id === nobody)!.person).toBeNull();
  });

  it("gives a technician their own jobs, in one column", async () => {
    const week = await weekOf(A);
    expect(week.people).toBeNull();
    const ids = week.days.flatMap((d) => d.jobs.map((j) => j.id));
    expect(ids).toContain(ann);
    expect(ids).not.toContain(ben);
    expect(ids).not.toContain(nobody);
  });
});
