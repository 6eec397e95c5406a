import { describe, expect, it } from "vitest";
import { wallClock } from "~/lib/time-zone";
import { localInstant } from "~/lib/time-zone";
import { planWorkDays } from "~/lib/work-days";
import { CUSTOMER_REACH, freeStartTimes, type BusyRange, type FreeTimeRules } from "./free-times.server";
import { driveMinutes } from "./road-gaps.server";

const ZONE = "America/Detroit";
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const rules = (over: Partial<FreeTimeRules> = {}): FreeTimeRules => ({
  workdayStart: "08:00",
  workdayEnd: "18:00",
  workingDays: EVERY_DAY,
  travelBufferMinutes: 0,
  timeZone: ZONE,
  ...over,
});

/** "2026-11-01 08:00" in Detroit. */
const wall = (at: Date) => {
  const w = wallClock(at, ZONE);
  return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}`;
};
const onDay = (slots: Date[], day: string) => slots.map(wall).filter((text) => text.startsWith(day)).map((text) => text.slice(11));
const clockTimes = (from: string, to: string) => {
  const [fh, fm] = from.split(":").map(Number) as [number, number];
  const [th, tm] = to.split(":").map(Number) as [number, number];
  const out: string[] = [];
  for (let m = fh * 60 + fm; m <= th * 60 + tm; m += 30) out.push(`${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
  return out;
};
const range = (start: string, minutes: number): BusyRange => ({ start: Date.parse(start), end: Date.parse(start) + minutes * 60_000 });

describe("freeStartTimes: daylight saving (America/Detroit, Sunday a working day)", () => {
  it("2026-11-01, the first Sunday of November: the working day's slots are at their wall times, each once", () => {
    const slots = freeStartTimes(rules(), [], 60, new Date("2026-10-30T12:00:00Z"));
    expect(onDay(slots, "2026-10-31")).toEqual(clockTimes("08:00", "17:00"));
    expect(onDay(slots, "2026-11-01")).toEqual(clockTimes("08:00", "17:00"));
    expect(onDay(slots, "2026-11-02")).toEqual(clockTimes("08:00", "17:00"));
    // 8 AM is 12:00 UTC in daylight time (EDT, -4) and 13:00 UTC once it ends (EST, -5).
    expect(slots).toContainEqual(new Date("2026-10-31T12:00:00Z"));
    expect(slots).toContainEqual(new Date("2026-11-01T13:00:00Z"));
    expect(slots).not.toContainEqual(new Date("2026-11-01T12:00:00Z"));
    expect(new Set(slots.map(Number)).size).toBe(slots.length);
  });

  it("2026-11-01 through the night: the repeated 1 AM hour is offered once, nothing is shifted", () => {
    const slots = freeStartTimes(rules({ workdayStart: "00:00", workdayEnd: "06:00" }), [], 30, new Date("2026-10-30T12:00:00Z"));
    expect(onDay(slots, "2026-11-01")).toEqual(clockTimes("00:00", "05:30"));
    // The first 1:30 AM (daylight time), then 2 AM standard time: 90 real minutes apart, none twice.
    const day = slots.filter((at) => wall(at).startsWith("2026-11-01"));
    expect(day.map((at) => at.toISOString()).slice(2, 5)).toEqual(["2026-11-01T05:00:00.000Z", "2026-11-01T05:30:00.000Z", "2026-11-01T07:00:00.000Z"]);
    expect(new Set(slots.map(wall)).size).toBe(slots.length);
  });

  it("2027-03-14, the second Sunday of March: the working day's slots are at their wall times, each once", () => {
    const slots = freeStartTimes(rules(), [], 60, new Date("2027-03-12T12:00:00Z"));
    expect(onDay(slots, "2027-03-13")).toEqual(clockTimes("08:00", "17:00"));
    expect(onDay(slots, "2027-03-14")).toEqual(clockTimes("08:00", "17:00"));
    expect(onDay(slots, "2027-03-15")).toEqual(clockTimes("08:00", "17:00"));
    expect(slots).toContainEqual(new Date("2027-03-13T13:00:00Z"));
    expect(slots).toContainEqual(new Date("2027-03-14T12:00:00Z"));
    expect(new Set(slots.map(Number)).size).toBe(slots.length);
  });

  it("2027-03-14 through the night: the skipped 2 AM hour is not offered, and 3 AM is not doubled", () => {
    const slots = freeStartTimes(rules({ workdayStart: "00:00", workdayEnd: "06:00" }), [], 30, new Date("2027-03-12T12:00:00Z"));
    expect(onDay(slots, "2027-03-14")).toEqual(["00:00", "00:30", "01:00", "01:30", "03:00", "03:30", "04:00", "04:30", "05:00", "05:30"]);
    expect(new Set(slots.map(Number)).size).toBe(slots.length);
  });

  it("localInstant: the skipped wall time does not exist; the repeated one is its first occurrence", () => {
    expect(localInstant("2027-03-14", 150, ZONE)).toBeNull();
    expect(new Date(localInstant("2026-11-01", 90, ZONE)!).toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(new Date(localInstant("2026-11-01", 8 * 60, ZONE)!).toISOString()).toBe("2026-11-01T13:00:00.000Z");
  });
});

describe("freeStartTimes: the rules", () => {
  // Wednesday 2026-12-02, 09:00 in Detroit (EST, -5).
  const now = new Date("2026-12-02T14:00:00Z");

  it("offers nothing within the next 12 hours nor beyond 14 days, and only on working days", () => {
    const slots = freeStartTimes(rules({ workingDays: [1, 2, 3, 4, 5] }), [], 120, now);
    expect(slots.length).toBeGreaterThan(0);
    expect(Math.min(...slots.map(Number))).toBeGreaterThanOrEqual(now.getTime() + 12 * 3_600_000);
    expect(Math.max(...slots.map(Number))).toBeLessThanOrEqual(now.getTime() + 14 * 86_400_000);
    // 12 hours from 9 AM Wednesday is 9 PM: Thursday 8 AM is the first.
    expect(wall(slots[0]!)).toBe("2026-12-03 08:00");
    const days = new Set(slots.map((at) => new Date(wall(at).slice(0, 10) + "T12:00:00Z").getUTCDay()));
    expect([...days].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(slots.map((at) => wall(at).slice(0, 10))).size).toBe(10);
  });

  it("the job must end by Workday End; starts are on the grid from Workday Start", () => {
    const slots = freeStartTimes(rules({ workdayStart: "08:15", workdayEnd: "12:00" }), [], 90, now);
    expect(onDay(slots, "2026-12-03")).toEqual(["08:15", "08:45", "09:15", "09:45", "10:15"]);
    expect(freeStartTimes(rules({ workdayStart: "08:00", workdayEnd: "09:00" }), [], 61, now)).toEqual([]);
  });

  it("keeps the new job and its travel buffer clear of other jobs' busy ranges (which hold their own buffer)", () => {
    // Thursday 2026-12-03: a job 10:00–11:00 with a 30-minute buffer is busy 10:00–11:30 (15:00–16:30 UTC).
    const busy = [range("2026-12-03T15:00:00Z", 90)];
    const slots = freeStartTimes(rules({ travelBufferMinutes: 30 }), busy, 60, now);
    // 08:30 + 60 + 30 = 10:00 touches but does not overlap ([) ranges); 09:00 would.
    // 11:30 is the first start after the busy range.
    expect(onDay(slots, "2026-12-03").slice(0, 4)).toEqual(["08:00", "08:30", "11:30", "12:00"]);
    const noBuffer = freeStartTimes(rules({ travelBufferMinutes: 0 }), busy, 60, now);
    expect(onDay(noBuffer, "2026-12-03").slice(0, 4)).toEqual(["08:00", "08:30", "09:00", "11:30"]);
  });

  it("takes busy ranges in any order and ignores those outside the window", () => {
    const busy = [range("2026-12-04T15:00:00Z", 60), range("2026-01-01T15:00:00Z", 60), range("2026-12-03T13:00:00Z", 480)];
    const slots = freeStartTimes(rules(), busy, 60, now);
    expect(onDay(slots, "2026-12-03")).toEqual(["16:00", "16:30", "17:00"]);
    expect(onDay(slots, "2026-12-04")).not.toContain("10:00");
    expect(onDay(slots, "2026-12-04")).toContain("11:00");
  });
});

// Issue 35: the road between jobs (docs/decisions/0130), from the ZIP codes'
// estimated drive (Holland 49423 to Grand Rapids 49503: 33.1 road miles, 45
// minutes), at least the travel buffer.
describe("freeStartTimes: the road", () => {
  // Wednesday 2026-12-02, 09:00 in Detroit (EST, -5).
  const now = new Date("2026-12-02T14:00:00Z");
  const BASE = "49503";
  const inHolland = { drive: (zip: string | null) => driveMinutes("49423", zip, BASE) };
  // Thursday 2026-12-03: a job in Grand Rapids 10:00–11:00 with its 30-minute buffer, busy 10:00–11:30.
  const inGrandRapids = (zip: string | null): BusyRange => ({ ...range("2026-12-03T15:00:00Z", 90), workEnd: Date.parse("2026-12-03T16:00:00Z"), zip });

  it("keeps the drive from Holland clear before and after a job in Grand Rapids, where the travel buffer alone would not", () => {
    expect(driveMinutes("49423", "49503", BASE)).toBe(45);
    const busy = [inGrandRapids("49503")];
    // Done by 9:15 to reach Grand Rapids at 10:00: only 8:00 (8:30 + 60 = 9:30). After it: 11:00 + 45 minutes, so 12:00.
    expect(onDay(freeStartTimes(rules({ travelBufferMinutes: 30 }), busy, 60, now, CUSTOMER_REACH, inHolland), "2026-12-03").slice(0, 3)).toEqual(["08:00", "12:00", "12:30"]);
    // The same job without the road: the buffer alone.
    expect(onDay(freeStartTimes(rules({ travelBufferMinutes: 30 }), busy, 60, now), "2026-12-03").slice(0, 4)).toEqual(["08:00", "08:30", "11:30", "12:00"]);
  });

  it("a job in the same ZIP code as the new one keeps the travel buffer only; a longer buffer wins over a short drive", () => {
    const sameTown = { drive: (zip: string | null) => driveMinutes("49503", zip, BASE) };
    expect(onDay(freeStartTimes(rules({ travelBufferMinutes: 30 }), [inGrandRapids("49503")], 60, now, CUSTOMER_REACH, sameTown), "2026-12-03").slice(0, 4)).toEqual(["08:00", "08:30", "11:30", "12:00"]);
    // East Grand Rapids (49506, 3.2 miles: 5 minutes) under a 60-minute buffer: the buffer.
    const eastGrandRapids = { drive: (zip: string | null) => driveMinutes("49506", zip, BASE) };
    expect(driveMinutes("49506", "49503", BASE)).toBe(5);
    const busy = [{ ...range("2026-12-03T15:00:00Z", 120), workEnd: Date.parse("2026-12-03T16:00:00Z"), zip: "49503" }];
    expect(onDay(freeStartTimes(rules({ travelBufferMinutes: 60 }), busy, 60, now, CUSTOMER_REACH, eastGrandRapids), "2026-12-03").slice(0, 2)).toEqual(["08:00", "12:00"]);
  });

  it("a job without a ZIP code is at the base; with no base known, the travel buffer alone keeps jobs apart", () => {
    const busy = [inGrandRapids(null)];
    expect(onDay(freeStartTimes(rules({ travelBufferMinutes: 30 }), busy, 60, now, CUSTOMER_REACH, inHolland), "2026-12-03").slice(0, 2)).toEqual(["08:00", "12:00"]);
    expect(driveMinutes("49423", null, "00000")).toBe(0);
    expect(driveMinutes(null, null, BASE)).toBe(0);
    // A ZIP code the map does not know is at the base too.
    expect(driveMinutes("49423", "00000", BASE)).toBe(45);
  });

  it("only the jobs either side count: a job before the one before does not", () => {
    // Holland 8:00–9:00 (busy to 9:30), Grand Rapids 10:00–11:00 (busy to 11:30); a Grand Rapids job starts after the second with the buffer alone.
    const busy = [{ ...range("2026-12-03T13:00:00Z", 90), workEnd: Date.parse("2026-12-03T14:00:00Z"), zip: "49423" }, inGrandRapids("49503")];
    const sameTown = { drive: (zip: string | null) => driveMinutes("49503", zip, BASE) };
    expect(onDay(freeStartTimes(rules({ travelBufferMinutes: 30 }), busy, 60, now, CUSTOMER_REACH, sameTown), "2026-12-03")[0]).toBe("11:30");
  });
});

// Issue 35: work longer than a working day over consecutive working days (docs/decisions/0131).
describe("freeStartTimes: over consecutive working days", () => {
  // Wednesday 2026-12-02, 09:00 in Detroit; Monday to Saturday, 8 to 6 (10 hours a day).
  const now = new Date("2026-12-02T14:00:00Z");
  const week = rules({ workingDays: [1, 2, 3, 4, 5, 6], travelBufferMinutes: 30 });
  const overDays = { overDays: true };

  it("offers Workday Start of each day from which the working days it needs follow (a Sunday skipped)", () => {
    const slots = freeStartTimes(week, [], 16 * 60, now, CUSTOMER_REACH, overDays);
    expect(slots.slice(0, 3).map(wall)).toEqual(["2026-12-03 08:00", "2026-12-04 08:00", "2026-12-05 08:00"]);
    expect(slots.every((at) => wall(at).endsWith("08:00"))).toBe(true);
    expect(slots.map(wall).some((text) => text.startsWith("2026-12-06"))).toBe(false);
    // Saturday, then Monday: 10 hours, then 6.
    const days = planWorkDays(week, ZONE, "2026-12-05", 16 * 60)!;
    expect(days.map((d) => `${wall(new Date(d.start))}–${wall(new Date(d.end)).slice(11)}`)).toEqual(["2026-12-05 08:00–18:00", "2026-12-07 08:00–14:00"]);
  });

  it("every day it needs must be free: a job on the second day, or right after the last, takes the start away", () => {
    // Friday 2026-12-04 10:00–11:00: Thursday's start (Thursday and Friday) and Friday's are gone; Saturday's (Saturday and Monday) stays.
    const friday = [range("2026-12-04T15:00:00Z", 90)];
    expect(freeStartTimes(week, friday, 16 * 60, now, CUSTOMER_REACH, overDays).slice(0, 2).map(wall)).toEqual(["2026-12-05 08:00", "2026-12-07 08:00"]);
    // Monday 2026-12-07 14:15: the last day ends at 14:00 and its 30-minute buffer runs into it.
    const monday = [range("2026-12-07T19:15:00Z", 60)];
    expect(freeStartTimes(week, monday, 16 * 60, now, CUSTOMER_REACH, overDays).map(wall)).not.toContain("2026-12-05 08:00");
    expect(freeStartTimes(week, [range("2026-12-07T19:30:00Z", 60)], 16 * 60, now, CUSTOMER_REACH, overDays).map(wall)).toContain("2026-12-05 08:00");
  });

  it("without overDays a job longer than the working day has no start, as before", () => {
    expect(freeStartTimes(week, [], 16 * 60, now)).toEqual([]);
    // A job that fits a day is offered on the grid as ever, overDays or not.
    expect(freeStartTimes(week, [], 120, now, CUSTOMER_REACH, overDays)).toEqual(freeStartTimes(week, [], 120, now));
  });
});
