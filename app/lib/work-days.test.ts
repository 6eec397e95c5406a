import { describe, expect, it } from "vitest";
import { wallClock } from "./time-zone";
import { JOB_SPAN_MAX_DAYS, planWorkDays, workDaysNeeded, workdayMinutes } from "./work-days";

// Work longer than a working day over consecutive working days (issue 35, docs/decisions/0131).
const ZONE = "America/Detroit";
const week = { workdayStart: "08:00", workdayEnd: "18:00", workingDays: [1, 2, 3, 4, 5, 6] };
const wall = (at: number) => {
  const w = wallClock(at, ZONE);
  return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}`;
};
const shown = (days: { start: number; end: number }[] | null) => days?.map((d) => `${wall(d.start)}–${wall(d.end).slice(11)}`) ?? null;

describe("planWorkDays", () => {
  it("a working day each day from Workday Start, the rest on the last; days off skipped", () => {
    // A Thursday: 16 hours are Thursday 10 and Friday 6.
    expect(shown(planWorkDays(week, ZONE, "2026-12-03", 16 * 60))).toEqual(["2026-12-03 08:00–18:00", "2026-12-04 08:00–14:00"]);
    // A Friday: 25 hours are Friday, Saturday, then Monday's 5.
    expect(shown(planWorkDays(week, ZONE, "2026-12-04", 25 * 60))).toEqual(["2026-12-04 08:00–18:00", "2026-12-05 08:00–18:00", "2026-12-07 08:00–13:00"]);
    expect(workDaysNeeded(25 * 60, week)).toBe(3);
  });

  it("no plan from a day off, nor one running past the longest span", () => {
    expect(planWorkDays(week, ZONE, "2026-12-06", 16 * 60)).toBeNull();
    // Working on Mondays only: 3 days take 15 days.
    expect(planWorkDays({ ...week, workingDays: [1] }, ZONE, "2026-12-07", 25 * 60)).toBeNull();
    expect(shown(planWorkDays({ ...week, workingDays: [1] }, ZONE, "2026-12-07", 16 * 60))).toEqual(["2026-12-07 08:00–18:00", "2026-12-14 08:00–14:00"]);
    expect(JOB_SPAN_MAX_DAYS).toBe(14);
  });

  it("each day at its own Workday Start across a clock change", () => {
    // Saturday 2027-03-13 in standard time, Monday 2027-03-15 in daylight time: 8 AM both, 13:00 and 12:00 UTC.
    const days = planWorkDays(week, ZONE, "2027-03-13", 12 * 60)!;
    expect(days.map((d) => new Date(d.start).toISOString())).toEqual(["2027-03-13T13:00:00.000Z", "2027-03-15T12:00:00.000Z"]);
    expect(shown(days)).toEqual(["2027-03-13 08:00–18:00", "2027-03-15 08:00–10:00"]);
  });

  it("a working day for one job is at most 12 hours", () => {
    expect(workdayMinutes({ workdayStart: "06:00", workdayEnd: "22:00" })).toBe(720);
    expect(workdayMinutes(week)).toBe(600);
  });
});
