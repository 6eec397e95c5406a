import { describe, expect, it } from "vitest";
import { appointmentDays, appointmentTime, clockTime, dayAndTime, jobLength, shortDayAndTime } from "./job-time";

// A job's time as pages and e-mails say it (issue 33, point 9): the hour an
// autumn clock change repeats is said with its zone, so the two 1:30s differ.
const ZONE = "America/Detroit";

describe("job times", () => {
  it("says a time alone, except in the hour the clocks repeat, where the zone names which", () => {
    expect(clockTime(new Date("2027-11-07T14:00:00Z"), ZONE)).toBe("9:00 AM");
    expect(clockTime(new Date("2027-11-07T04:30:00Z"), ZONE)).toBe("12:30 AM");
    expect(clockTime(new Date("2027-11-07T05:30:00Z"), ZONE)).toBe("1:30 AM EDT");
    expect(clockTime(new Date("2027-11-07T06:30:00Z"), ZONE)).toBe("1:30 AM EST");
    expect(clockTime(new Date("2027-11-07T07:30:00Z"), ZONE)).toBe("2:30 AM");
  });

  it("reads a 60-minute job from 1:30 AM on the night the clocks go back as two different times", () => {
    const start = new Date("2027-11-07T05:30:00Z");
    expect(appointmentTime(start, new Date(start.getTime() + 60 * 60_000), ZONE)).toBe("Sunday, November 7, 2027, 1:30 AM EDT – 1:30 AM EST");
    expect(appointmentTime(new Date("2027-11-08T14:00:00Z"), new Date("2027-11-08T16:00:00Z"), ZONE)).toBe("Monday, November 8, 2027, 9:00 AM – 11:00 AM");
  });

  it("says each day of a job over working days, and its length over them (docs/decisions/0131)", () => {
    const days = [
      { startsAt: new Date("2026-12-05T13:00:00Z"), endsAt: new Date("2026-12-05T23:00:00Z") },
      { startsAt: new Date("2026-12-07T13:00:00Z"), endsAt: new Date("2026-12-07T19:00:00Z") },
    ];
    expect(appointmentDays(days, ZONE)).toBe("Saturday, December 5, 2026, 8:00 AM – 6:00 PM, then Monday, December 7, 2026, 8:00 AM – 2:00 PM");
    expect(appointmentDays(days.slice(0, 1), ZONE)).toBe("Saturday, December 5, 2026, 8:00 AM – 6:00 PM");
    expect(jobLength({ durationMinutes: 960, days })).toBe("16 hours over 2 days");
    expect(jobLength({ durationMinutes: 90, days: days.slice(0, 1) })).toBe("1 hour 30 minutes");
  });

  it("says a deadline (a deposit's hold) as a day and a time, the repeated hour with its zone", () => {
    expect(dayAndTime(new Date("2026-12-08T19:00:00Z"), ZONE)).toBe("Tuesday, December 8, 2026 at 2:00 PM");
    expect(dayAndTime(new Date("2027-11-07T06:30:00Z"), ZONE)).toBe("Sunday, November 7, 2027 at 1:30 AM EST");
    expect(shortDayAndTime(new Date("2026-12-08T19:00:00Z"), ZONE)).toBe("Tue, Dec 8, 2:00 PM");
  });
});
