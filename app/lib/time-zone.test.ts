import { describe, expect, it } from "vitest";
import { dayIn, instantIn, startOfDayIn, timeIn, wallClock, zoneOffsetMs } from "./time-zone";

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

  it("places a wall-clock time on the days the clocks change: skipped times move forward, repeated ones are the first", () => {
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
    expect(at("2027-03-14", "02:30")).toBe("2027-03-14T07:30:00.000Z");
    expect(at("2027-03-14", "03:30")).toBe("2027-03-14T07:30:00.000Z");
    expect(at("2027-03-14", "09:00")).toBe("2027-03-14T13:00:00.000Z");
    for (const day of ["2026-11-01", "2027-03-14", "2026-12-07"]) {
      const nine = instantIn(day, "09:00", "America/Detroit");
      expect([dayIn(nine, "America/Detroit"), timeIn(nine, "America/Detroit")]).toEqual([day, "09:00"]);
    }
  });
});
