import { describe, expect, it } from "vitest";
import { startOfDayIn, wallClock, zoneOffsetMs } from "./time-zone";

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
});
