import { beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { FEED_DAYS_BACK, FEED_NOT_FOUND_MESSAGE, feedAddress, feedToken, resetFeedToken } from "~/server/jobs/calendar-feed.server";
import { jobUid } from "~/server/jobs/job-ical.server";
import { rescheduleJob } from "~/server/jobs/job-rescheduling.server";
import { cancelJob } from "~/server/jobs/job-status-changes.server";
import { dayIn, timeIn } from "~/lib/time-zone";
import { env } from "~/server/env.server";
import { saveSettings } from "~/server/settings.server";
import { minutesFromNow, parseCalendar, scheduleAt } from "../helpers/appointments";
import { callRoute, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 21: the owner's private calendar feed /calendar/{token}.ics, read
// back with ical.js: every job from 30 days back (cancelled ones marked so),
// one stable UID per job, and Reset feed address making the old URL a 404.
const OWNER = "owner@shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, APP_URL: "https://shine.example" });
const db = () => database.db;
let ip = 0;
const get = (path: string) => callRoute(new Request(`https://shine.example${path}`), routeContext(db(), { clientIp: `198.51.100.${++ip}` }));
const DAY = 24 * 60;

beforeAll(async () => {
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER }, OWNER);
});

async function feed(token: string) {
  const res = await get(`/calendar/${token}.ics`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  expect(res.headers.get("x-robots-tag")).toBe("noindex");
  return parseCalendar(await res.text());
}

describe("the feed's token", () => {
  it("is made once, on first use, with at least 128 random bits, even by uses at once", async () => {
    const tokens = await Promise.all(Array.from({ length: 5 }, () => feedToken(db())));
    expect(new Set(tokens).size).toBe(1);
    // base64url: 6 bits a character.
    expect(tokens[0]!).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(tokens[0]!.length * 6).toBeGreaterThanOrEqual(128);
    expect(await feedToken(db())).toBe(tokens[0]);
    expect(await feedAddress(db(), new Request("https://shine.example/admin/schedule"))).toBe(`https://shine.example/calendar/${tokens[0]}.ics`);
  });
});

describe("/calendar/{token}.ics", () => {
  it("lists every job from 30 days back and none older, cancelled ones as CANCELLED, each linking its page", async () => {
    const tooOld = await scheduleAt(db(), minutesFromNow(-(FEED_DAYS_BACK * DAY + 60)));
    const lastMonth = await scheduleAt(db(), minutesFromNow(-(FEED_DAYS_BACK * DAY - 120)));
    const soon = await scheduleAt(db(), minutesFromNow(2 * DAY));
    const off = await scheduleAt(db(), minutesFromNow(3 * DAY));
    expect(await cancelJob(db(), off.id, "owner", OWNER, undefined)).toBe(true);

    const calendar = await feed(await feedToken(db()));
    expect(calendar.method).toBe("");
    expect(calendar.timeZone).toBe(env().BUSINESS_TIME_ZONE);
    const since = Date.now() - FEED_DAYS_BACK * DAY * 60_000;
    expect(calendar.events.filter((e) => e.start.getTime() < since)).toEqual([]);
    const byUid = new Map(calendar.events.map((e) => [e.uid, e]));
    expect(byUid.has(jobUid(tooOld))).toBe(false);
    for (const job of [lastMonth, soon, off]) {
      const event = byUid.get(jobUid(job));
      expect(event, `job ${job.id} in the feed`).toBeDefined();
      expect(event!.start.getTime()).toBe(job.startsAt.getTime());
      expect(event!.end.getTime()).toBe(job.endsAt.getTime());
      expect(event!.url).toBe(`https://shine.example/admin/jobs/${job.id}`);
      expect(event!.summary).toContain(job.customer.name);
      expect(event!.location).toBe(job.address);
    }
    expect(byUid.get(jobUid(off))!.status).toBe("CANCELLED");
    expect(byUid.get(jobUid(off))!.summary).toContain("(cancelled)");
    expect(byUid.get(jobUid(soon))!.status).toBe("CONFIRMED");
  });

  it("keeps each job's UID through a change, with a higher SEQUENCE", async () => {
    const job = await scheduleAt(db(), minutesFromNow(4 * DAY));
    const token = await feedToken(db());
    const before = (await feed(token)).events.find((e) => e.uid === jobUid(job))!;
    const later = minutesFromNow(4 * DAY + 120);
    const zone = env().BUSINESS_TIME_ZONE;
    await rescheduleJob(db(), job.id, { date: dayIn(later, zone), startTime: timeIn(later, zone), durationMinutes: 90, address: job.address, notes: "" }, OWNER, undefined);
    const after = (await feed(token)).events.filter((e) => e.uid === jobUid(job));
    expect(after).toHaveLength(1);
    expect(after[0]!.sequence).toBeGreaterThan(before.sequence);
    expect(after[0]!.start.getTime()).toBe(later.getTime());
  });

  it("answers 404 to a wrong, malformed or reset address", async () => {
    const token = await feedToken(db());
    for (const path of [`/calendar/${"A".repeat(32)}.ics`, `/calendar/${token}`, `/calendar/${token}.ics.txt`, "/calendar/x.ics", `/calendar/${token.slice(1)}.ics`]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe(FEED_NOT_FOUND_MESSAGE);
    }
    const fresh = await resetFeedToken(db(), OWNER);
    expect(fresh).not.toBe(token);
    expect((await get(`/calendar/${token}.ics`)).status).toBe(404);
    expect((await feed(fresh)).events.length).toBeGreaterThan(0);
    expect(await feedToken(db())).toBe(fresh);
  });
});

describe("Reset feed address", () => {
  const post = (cookie: string) =>
    callRoute(
      new Request("https://shine.example/admin/schedule/feed", { method: "POST", body: new URLSearchParams(), headers: { cookie, "content-type": "application/x-www-form-urlencoded" } }),
      routeContext(db()),
    );

  it("replaces the token for an administrator and goes back to the schedule; refuses anyone else", async () => {
    const token = await feedToken(db());
    const visitor = await post("");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login\?/);
    const staff = await post(await sessionCookieFor(db(), "staff@shine.example"));
    expect(staff.status).toBe(403);
    expect(await feedToken(db())).toBe(token);

    const owner = await post(await sessionCookieFor(db(), OWNER, { admin: true }));
    expect(owner.status).toBe(303);
    expect(owner.headers.get("location")).toBe("/admin/schedule?feed=reset");
    const fresh = await feedToken(db());
    expect(fresh).not.toBe(token);
    expect((await get(`/calendar/${token}.ics`)).status).toBe(404);
    expect((await get(`/calendar/${fresh}.ics`)).status).toBe(200);
  });
});
