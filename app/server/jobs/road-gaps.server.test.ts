import { describe, expect, it } from "vitest";
import { DRIVE_MINUTES_MAX, driveMinutes, driveMinutesFor } from "./road-gaps.server";

// The drive between two jobs (issue 35, docs/decisions/0130): road miles at 45 mph, rounded up to 5 minutes.
describe("drive minutes", () => {
  it("rounds up to 5 minutes, exactly on the whole ones", () => {
    expect(driveMinutesFor(0)).toBe(0);
    expect(driveMinutesFor(0.1)).toBe(5);
    expect(driveMinutesFor(7.5)).toBe(10);
    expect(driveMinutesFor(7.6)).toBe(15);
    expect(driveMinutesFor(33.1)).toBe(45);
    expect(driveMinutesFor(45)).toBe(60);
    expect(driveMinutesFor(2000)).toBe(DRIVE_MINUTES_MAX);
  });

  it("between West Michigan ZIP codes, the same both ways", () => {
    expect(driveMinutes("49423", "49503", "49503")).toBe(45); // Holland – Grand Rapids
    expect(driveMinutes("49503", "49423", "49503")).toBe(45);
    expect(driveMinutes("49503", "49440", "49503")).toBe(60); // Muskegon
    expect(driveMinutes("49503", "49341", "49503")).toBe(25); // Rockford
    expect(driveMinutes("49503", "49503", "49503")).toBe(0);
  });

  it("a job with no ZIP code, or one the map does not know, is at the base; without a known base there is no drive", () => {
    expect(driveMinutes(null, "49423", "49503")).toBe(45);
    expect(driveMinutes("00000", "49423", "49503")).toBe(45);
    expect(driveMinutes(null, "49423", "00000")).toBe(0);
  });
});
