import { describe, expect, it } from "vitest";
import { exactTime, shownTime, timeAgo } from "./time-ago";

const TZ = "America/Detroit";
const now = new Date("2026-11-23T15:00:00Z");
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("timeAgo", () => {
  it("says 'just now' for the first minute, and for a time slightly in the future", () => {
    expect(timeAgo(now, now, TZ)).toBe("just now");
    expect(timeAgo(before(59), now, TZ)).toBe("just now");
    expect(timeAgo(new Date(now.getTime() + 5_000), now, TZ)).toBe("just now");
  });

  it("counts whole minutes, then hours, then days", () => {
    expect(timeAgo(before(60), now, TZ)).toBe("1 min ago");
    expect(timeAgo(before(12 * 60 + 30), now, TZ)).toBe("12 min ago");
    expect(timeAgo(before(59 * 60 + 59), now, TZ)).toBe("59 min ago");
    expect(timeAgo(before(3600), now, TZ)).toBe("1 h ago");
    expect(timeAgo(before(3 * 3600 + 59 * 60), now, TZ)).toBe("3 h ago");
    expect(timeAgo(before(24 * 3600), now, TZ)).toBe("1 day ago");
    expect(timeAgo(before(2 * 24 * 3600 + 5), now, TZ)).toBe("2 days ago");
    expect(timeAgo(before(6 * 24 * 3600 + 23 * 3600), now, TZ)).toBe("6 days ago");
  });

  it("shows a date from a week on, in the business's time zone", () => {
    expect(timeAgo(before(7 * 24 * 3600), now, TZ)).toBe("Nov 16, 2026");
    // 02:30 UTC on Nov 3 is still Nov 2 in Grand Rapids.
    expect(timeAgo(new Date("2026-11-03T02:30:00Z"), now, TZ)).toBe("Nov 2, 2026");
    expect(timeAgo(new Date("2026-11-03T02:30:00Z"), now, "UTC")).toBe("Nov 3, 2026");
  });
});

describe("exactTime and shownTime", () => {
  it("names the day, the time and the zone", () => {
    expect(exactTime(new Date("2026-11-23T20:14:00Z"), TZ).replace(/\s/g, " ")).toBe("Mon, Nov 23, 2026, 3:14 PM EST");
    expect(exactTime(new Date("2026-07-04T16:05:00Z"), TZ).replace(/\s/g, " ")).toBe("Sat, Jul 4, 2026, 12:05 PM EDT");
  });

  it("gives the ISO instant, the relative and the exact time together", () => {
    const at = before(12 * 60);
    expect(shownTime(at, now, TZ)).toEqual({ iso: at.toISOString(), ago: "12 min ago", exact: exactTime(at, TZ) });
  });
});
