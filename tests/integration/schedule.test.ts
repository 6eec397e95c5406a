import { beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { freeStartTimes, freeTimes } from "~/server/jobs/free-times.server";
import { scheduleWeek, townOf, weekMonday } from "~/server/jobs/schedule-week.server";
import { getWorkWeek, saveSettings } from "~/server/settings.server";
import { callRoute, routeContext } from "../helpers/routes";
import { insertCustomer, insertJob } from "../helpers/schedule-jobs";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 21, read side: the free times a customer is offered, from the jobs
// in the database, and the owner's week at /admin/schedule. Jobs are written
// here as rows (busy = [start, start + duration + buffer)), as the schema
// requires; booking them is the jobs module's, tested with it.
const OWNER = "owner@shine.example";
const ZONE = "America/Detroit";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, BUSINESS_TIME_ZONE: ZONE });
const db = () => database.db;
// Wednesday 2026-12-02, 9 AM in Detroit (EST, UTC-5).
const NOW = new Date("2026-12-02T14:00:00Z");

const wall = (at: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .format(at)
    .replace(",", "");
const onDay = (slots: Date[], day: string) => slots.map(wall).filter((t) => t.startsWith(day)).map((t) => t.slice(11));

let ada: number;
let bob: number;
beforeAll(async () => {
  await saveSettings(
    db(),
    { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "0", workdayStart: "08:00", workdayEnd: "18:00", workingDays: ["1", "2", "3", "4", "5"], travelBufferMinutes: "30" },
    OWNER,
  );
  ada = await insertCustomer(db(), "Ada Lovelace", "1 Elm St, Grandville, MI 49418");
  bob = await insertCustomer(db(), "Bob Builder", "5 Oak Ave, Rockford");
});

describe("freeTimes from the database", () => {
  it("keeps clear of live jobs (with their buffers, also one that started before the window), not of cancelled ones", async () => {
    // Wednesday 8 PM for 12 hours (+30 min buffer): busy until Thursday 8:30 AM.
    await insertJob(db(), ada, new Date("2026-12-03T01:00:00Z"), { durationMinutes: 720, bufferMinutes: 30 });
    // Thursday 10:00–11:00, busy to 11:30.
    await insertJob(db(), ada, new Date("2026-12-03T15:00:00Z"), { durationMinutes: 60, bufferMinutes: 30 });
    // Thursday 14:00, cancelled: frees its time.
    await insertJob(db(), bob, new Date("2026-12-03T19:00:00Z"), { durationMinutes: 60, bufferMinutes: 30, status: "cancelled" });
    // Far away: read by neither.
    await insertJob(db(), bob, new Date("2027-06-01T15:00:00Z"), { durationMinutes: 60, bufferMinutes: 30 });

    const slots = await freeTimes(db(), 60, NOW);
    // 08:00 + 60 + 30 would run into the night job; 08:30 ends its buffer at 10:00, where the next job starts.
    expect(onDay(slots, "2026-12-03")).toEqual(["08:30", "11:30", "12:00", "12:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00"]);
    // Saturday and Sunday are not working days; nothing in the next 12 hours (today) or after 14 days.
    expect(onDay(slots, "2026-12-05")).toEqual([]);
    expect(onDay(slots, "2026-12-02")).toEqual([]);
    expect(Math.max(...slots.map(Number))).toBeLessThanOrEqual(NOW.getTime() + 14 * 86_400_000);
    // The same as the pure function given every live job.
    const week = await getWorkWeek(db());
    const busy = [
      { start: Date.parse("2026-12-03T01:00:00Z"), end: Date.parse("2026-12-03T13:30:00Z") },
      { start: Date.parse("2026-12-03T15:00:00Z"), end: Date.parse("2026-12-03T16:30:00Z") },
    ];
    expect(slots).toEqual(freeStartTimes({ ...week, timeZone: ZONE }, busy, 60, NOW));
  });

  it("the job's own buffer counts after it: a 3-hour job offers no start whose buffer runs into the next job", async () => {
    // Friday 2026-12-04 13:00–14:00 (busy to 14:30).
    await insertJob(db(), bob, new Date("2026-12-04T18:00:00Z"), { durationMinutes: 60, bufferMinutes: 30 });
    const slots = onDay(await freeTimes(db(), 180, NOW), "2026-12-04");
    // 09:30 + 3 h + 30 min = 13:00: touches. 10:00 would overlap. After: 14:30, and it must end by 18:00 (15:00 latest).
    expect(slots).toEqual(["08:00", "08:30", "09:00", "09:30", "14:30", "15:00"]);
  });
});

describe("the week at /admin/schedule", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await sessionCookieFor(db(), OWNER, { admin: true });
    // Monday 2026-11-30 9 AM at the job's address; Sunday 11:30 PM (Monday 04:30 UTC); the next Monday at midnight.
    await insertJob(db(), ada, new Date("2026-11-30T14:00:00Z"), { durationMinutes: 120, address: "12 Main St, Holland, MI 49423" });
    await insertJob(db(), bob, new Date("2026-12-07T04:30:00Z"), { durationMinutes: 30, bufferMinutes: 0 });
    await insertJob(db(), ada, new Date("2026-12-07T05:00:00Z"), { durationMinutes: 30 });
    // The Sunday before at 11:59 PM: last week's.
    await insertJob(db(), ada, new Date("2026-11-30T04:59:00Z"), { durationMinutes: 1, bufferMinutes: 0 });
  });

  it("lists each day's jobs with the customer's name, time and town; cancelled ones marked; today and working days", async () => {
    const week = await scheduleWeek(db(), "2026-11-30", NOW, ZONE);
    expect(week.title).toBe("Nov 30 – Dec 6, 2026");
    expect(week.previous).toBe("2026-11-23");
    expect(week.next).toBe("2026-12-07");
    expect(week.current).toBe(true);
    expect(week.hours).toBe("8:00 AM – 6:00 PM");
    expect(week.days.map((d) => [d.date, d.weekday, d.today, d.working])).toEqual([
      ["2026-11-30", "Monday", false, true],
      ["2026-12-01", "Tuesday", false, true],
      ["2026-12-02", "Wednesday", true, true],
      ["2026-12-03", "Thursday", false, true],
      ["2026-12-04", "Friday", false, true],
      ["2026-12-05", "Saturday", false, false],
      ["2026-12-06", "Sunday", false, false],
    ]);
    expect(week.days[0]!.jobs).toEqual([
      expect.objectContaining({ name: "Ada Lovelace", time: "9:00 AM – 11:00 AM", town: "Holland", status: "scheduled", startsAt: "2026-11-30T14:00:00.000Z" }),
    ]);
    // Wednesday 8 PM: the lead's service address gives the town when the job has none.
    expect(week.days[2]!.jobs.map((j) => [j.name, j.time, j.town])).toEqual([["Ada Lovelace", "8:00 PM – 8:00 AM", "Grandville"]]);
    expect(week.days[3]!.jobs.map((j) => [j.name, j.time, j.town, j.status])).toEqual([
      ["Ada Lovelace", "10:00 AM – 11:00 AM", "Grandville", "scheduled"],
      ["Bob Builder", "2:00 PM – 3:00 PM", "Rockford", "cancelled"],
    ]);
    expect(week.days[6]!.jobs.map((j) => [j.name, j.time])).toEqual([["Bob Builder", "11:30 PM – 12:00 AM"]]);
    const all = week.days.flatMap((d) => d.jobs);
    expect(all).toHaveLength(6);
  });

  it("the week of a clock change holds its Sunday's jobs at their wall times", async () => {
    // Sunday 2026-11-01, 8 AM after the clocks went back (13:00 UTC), and 11 PM (04:00 UTC Monday).
    await insertJob(db(), bob, new Date("2026-11-01T13:00:00Z"), { durationMinutes: 60 });
    await insertJob(db(), bob, new Date("2026-11-02T04:00:00Z"), { durationMinutes: 30 });
    const week = await scheduleWeek(db(), "2026-10-26", NOW, ZONE);
    expect(week.title).toBe("Oct 26 – Nov 1, 2026");
    expect(week.days[6]!.jobs.map((j) => j.time)).toEqual(["8:00 AM – 9:00 AM", "11:00 PM – 11:30 PM"]);
    expect(week.current).toBe(false);
  });

  it("reads ?week= as any day of its week; anything else is this week", () => {
    expect(weekMonday("2026-12-06", NOW, ZONE)).toEqual({ monday: "2026-11-30" });
    expect(weekMonday("2026-11-30", NOW, ZONE)).toEqual({ monday: "2026-11-30" });
    expect(weekMonday("2027-01-01", NOW, ZONE)).toEqual({ monday: "2026-12-28" });
    expect(weekMonday(null, NOW, ZONE)).toEqual({ monday: "2026-11-30" });
    for (const bad of ["2026-02-30", "2026-13-01", "tomorrow", "1999-12-31", "2026-1-5", "2026-12-01T00:00"]) {
      expect(weekMonday(bad, NOW, ZONE), bad).toEqual({ monday: "2026-11-30", error: expect.stringMatching(/^The week must be a date like 2026-11-30/) });
    }
  });

  it("townOf: the part before a state and ZIP, else the last part", () => {
    expect(townOf("12 Main St, Holland, MI 49423")).toBe("Holland");
    expect(townOf("12 Main St, Holland, MI")).toBe("Holland");
    expect(townOf("12 Main St, Holland, 49423")).toBe("Holland");
    expect(townOf("5 Oak Ave, Rockford")).toBe("Rockford");
    expect(townOf("Marina slip 4")).toBe("");
    expect(townOf("")).toBe("");
  });

  it("the route: the week for an administrator, 400 with this week for a bad ?week=, the guard for others", async () => {
    const get = (query: string, headers: Record<string, string> = { cookie }) =>
      callRoute(new Request(`http://localhost/admin/schedule${query}`, { headers }), routeContext(db()));
    const ok = await get("?week=2026-12-03");
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { week: { monday: string; days: { jobs: { name: string }[] }[] }; error?: string };
    expect(body.week.monday).toBe("2026-11-30");
    expect(body.error).toBeUndefined();
    expect(body.week.days[0]!.jobs[0]!.name).toBe("Ada Lovelace");
    const bad = await get("?week=2026-02-30");
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { week: { days: unknown[] }; error: string };
    expect(badBody.error).toMatch(/week must be a date/);
    expect(badBody.week.days).toHaveLength(7);
    expect((await get("", {})).status).toBe(302);
    expect((await get("", { cookie: await sessionCookieFor(db(), "staff@shine.example") })).status).toBe(403);
  });
});
