import { describe, expect, it } from "vitest";
import { formatDuration } from "./duration";

describe("formatDuration", () => {
  it("shows a dash when there is nothing to measure", () => {
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(undefined)).toBe("—");
    expect(formatDuration(Number.NaN)).toBe("—");
    expect(formatDuration(-5)).toBe("—");
  });

  it("rounds to minutes, then hours and minutes, then days and hours", () => {
    expect(formatDuration(0)).toBe("under 1 min");
    expect(formatDuration(59)).toBe("under 1 min");
    expect(formatDuration(60)).toBe("1 min");
    expect(formatDuration(42 * 60 + 10)).toBe("42 min");
    expect(formatDuration(3600)).toBe("1 h");
    expect(formatDuration(3 * 3600 + 5 * 60)).toBe("3 h 5 min");
    expect(formatDuration(3 * 3600 + 4 * 60 + 50)).toBe("3 h 5 min");
    expect(formatDuration(26 * 3600)).toBe("1 d 2 h");
    expect(formatDuration(48 * 3600)).toBe("2 d");
  });
});
