import { describe, expect, it } from "vitest";
import { addDays, dayIn, instantIn, isCalendarDay, skippedTimeMessage, startOfDayIn, timeIn, wallClock, wallTimeRepeats, zoneOffsetMs } from "./time-zone";

describe("time zones", () => {
  it("reads the wall clock and the offset of a zone at an instant", () => {
    const at = new Date("2026-11-22T23:04:02.229Z");
    expect(wallClock(at, "America/Detroit")).toEqual({ year: "2026", month: "11", day: "22", hour: "18", minute: "04", second: "02" });
    expect(zoneOffsetMs(at, "America/Detroit")).toBe(-5 * 3600_000);
    expect(zoneOffsetMs(at, "Asia/Kolkata")).toBe(5.5 * 3600_000);
    expect(wallClock(new Date("2026-07-01T04:00:00Z"), "America/Detroit").hour).toBe("00");
  });

  it("finds the start of a day, on the days the clocks change too", () => {
    expect(startOfDayIn("2026-11-23", "America/Detroit").toISOString()).toBe("2026-11-23T05:00:00.000Z");
    expect(startOfDayIn("2026-07-04", "America/Detroit").toISOString()).toBe("2026-07-04T04:00:00.000Z");
    // Clocks go forward at 2:00 on 8 March 2026 and back at 2:00 on 1 November: midnight is before either.
    expect(startOfDayIn("2026-03-08", "America/Detroit").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfDayIn("2026-03-09", "America/Detroit").toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(startOfDayIn("2026-11-01", "America/Detroit").toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(startOfDayIn("2026-11-02", "America/Detroit").toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(startOfDayIn("2026-11-23", "UTC").toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });

  it("starts a day at its first instant where a spring change skips midnight (Santiago, Havana), and at the first midnight where one repeats it", () => {
    const start = (day: string, zone: string) => startOfDayIn(day, zone).toISOString();
    // Chile: 00:00 (-04) becomes 01:00 (-03) on the first Sunday of September; the day begins at 01:00, 04:00 UTC.
    expect(start("2026-09-06", "America/Santiago")).toBe("2026-09-06T04:00:00.000Z");
    expect(start("2027-09-05", "America/Santiago")).toBe("2027-09-05T04:00:00.000Z");
    // Back in April: 24:00 (-03) becomes 23:00 (-04) of the Saturday, so Sunday's midnight happens once, at -04.
    expect(start("2027-04-04", "America/Santiago")).toBe("2027-04-04T04:00:00.000Z");
    // Cuba: 00:00 (-05) becomes 01:00 (-04) on the second Sunday of March.
    expect(start("2026-03-08", "America/Havana")).toBe("2026-03-08T05:00:00.000Z");
    expect(start("2027-03-14", "America/Havana")).toBe("2027-03-14T05:00:00.000Z");
    // In November 01:00 (-04) becomes 00:00 (-05): midnight happens twice, the day begins at the first.
    expect(start("2026-11-01", "America/Havana")).toBe("2026-11-01T04:00:00.000Z");
    for (const [day, zone] of [
      ["2026-09-06", "America/Santiago"],
      ["2027-03-14", "America/Havana"],
      ["2026-11-01", "America/Havana"],
      ["2027-04-04", "America/Santiago"],
      ["2027-03-14", "America/Detroit"],
    ] as const) {
      const first = startOfDayIn(day, zone);
      expect([dayIn(first, zone), dayIn(new Date(first.getTime() - 1000), zone)]).toEqual([day, addDays(day, -1)]);
    }
  });

  it("reads a calendar day strictly: real months and days, 29 February in leap years only", () => {
    for (const day of ["2027-01-31", "2028-02-29", "2000-02-29", "2027-12-31", "0001-01-01", "9999-12-31", "2027-04-30"]) expect(isCalendarDay(day), day).toBe(true);
    for (const day of ["2027-13-01", "2027-01-32", "2027-00-10", "2027-02-29", "1900-02-29", "2100-02-29", "2027-04-31", "2027-01-00", "0000-01-01", "2027-1-01", "27-01-01", "2027-01-01T00:00", " 2027-01-01", "", "2027/01/01", "١٢٣٤-01-01"]) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });

  it("adds days across month ends, leap days and the years Date.UTC would misread", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("0050-03-01", -1)).toBe("0050-02-28");
  });

  it("tells which wall times an autumn change repeats, and names a time a spring change skips on its field", () => {
    const zone = "America/Detroit";
    // 7 November 2027: 01:00–02:00 happens twice, first in EDT (05:00–06:00 UTC), then in EST (06:00–07:00 UTC).
    expect(["04:59", "05:00", "05:30", "06:30", "06:59", "07:00"].map((t) => wallTimeRepeats(new Date(`2027-11-07T${t}:00Z`), zone))).toEqual([false, true, true, true, true, false]);
    expect(wallTimeRepeats(new Date("2027-03-14T07:30:00Z"), zone)).toBe(false);
    expect(skippedTimeMessage("Start Time", "2027-03-14", "02:30", zone)).toBe(
      "Start Time 02:30 does not exist on 2027-03-14 in America/Detroit: the clocks go forward 1 hour that night. Choose another time.",
    );
    expect(skippedTimeMessage("Start Time", "2027-03-14", "02:00", zone)).toMatch(/^Start Time 02:00 does not exist/);
    for (const time of ["01:59", "03:00", "09:00"]) expect(skippedTimeMessage("Start Time", "2027-03-14", time, zone), time).toBeNull();
    expect(skippedTimeMessage("Start Time", "2027-11-07", "01:30", zone)).toBeNull();
    // Lord Howe Island moves its clocks by 30 minutes.
    expect(skippedTimeMessage("Start Time", "2027-10-03", "02:15", "Australia/Lord_Howe")).toMatch(/forward 30 minutes that night/);
  });

  it("places a wall-clock time on the days the clocks change: repeated ones are the first, skipped ones are refused", () => {
    const at = (day: string, time: string) => instantIn(day, time, "America/Detroit").toISOString();
    expect(at("2026-12-07", "09:00")).toBe("2026-12-07T14:00:00.000Z");
    expect(at("2026-07-07", "09:00")).toBe("2026-07-07T13:00:00.000Z");
    // 1 November 2026: 01:00–02:00 happens twice.
    expect(at("2026-11-01", "00:30")).toBe("2026-11-01T04:30:00.000Z");
    expect(at("2026-11-01", "01:30")).toBe("2026-11-01T05:30:00.000Z");
    expect(at("2026-11-01", "02:30")).toBe("2026-11-01T07:30:00.000Z");
    expect(at("2026-11-01", "09:00")).toBe("2026-11-01T14:00:00.000Z");
    // 14 March 2027: 02:00–03:00 does not exist.
    expect(at("2027-03-14", "01:30")).toBe("2027-03-14T06:30:00.000Z");
    expect(() => at("2027-03-14", "02:30")).toThrow(/does not exist in America\/Detroit/);
    expect(at("2027-03-14", "03:30")).toBe("2027-03-14T07:30:00.000Z");
    expect(at("2027-03-14", "09:00")).toBe("2027-03-14T13:00:00.000Z");
    for (const day of ["2026-11-01", "2027-03-14", "2026-12-07"]) {
      const nine = instantIn(day, "09:00", "America/Detroit");
      expect([dayIn(nine, "America/Detroit"), timeIn(nine, "America/Detroit")]).toEqual([day, "09:00"]);
    }
  });
});
