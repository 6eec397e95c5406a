import { describe, expect, it } from "vitest";
import { wallClock } from "~/lib/time-zone";
import { localInstant } from "~/lib/time-zone";
import { freeStartTimes, type BusyRange, type FreeTimeRules } from "./free-times.server";

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
