import { describe, expect, it } from "vitest";
import { parseJobForm, readJobForm, type JobForm } from "./job-input";

// The Schedule Job form's limits (issue 21, "Bad input"): each refusal is on
// its field, and a refused form gives no input at all (nothing to store).
const TODAY = "2026-11-27";
const ZONE = "America/Detroit";
const form = (rest: Partial<JobForm> = {}): JobForm => ({ date: "2026-12-07", startTime: "09:00", durationMinutes: "120", address: "12 Main St", notes: "", vehicleId: "", ...rest });

function errorsOf(rest: Partial<JobForm>) {
  const parsed = parseJobForm(form(rest), TODAY, ZONE);
  expect(parsed.ok, JSON.stringify(rest)).toBe(false);
  return parsed.ok ? {} : parsed.errors;
}

describe("parseJobForm", () => {
  it("reads a good form, the limits included", () => {
    expect(parseJobForm(form(), TODAY, ZONE)).toEqual({ ok: true, input: { date: "2026-12-07", startTime: "09:00", durationMinutes: 120, address: "12 Main St", notes: "", vehicleId: null } });
    expect(parseJobForm(form({ vehicleId: "42" }), TODAY, ZONE)).toMatchObject({ ok: true, input: { vehicleId: 42 } });
    for (const rest of [
      { startTime: "00:00" },
      { startTime: "23:59" },
      { startTime: "07:15:00" },
      { durationMinutes: "1" },
      { durationMinutes: "720" },
      { date: TODAY },
      { date: "2027-11-28" },
      { address: "a".repeat(300) },
    ]) {
      expect(parseJobForm(form(rest), TODAY, ZONE).ok, JSON.stringify(rest)).toBe(true);
    }
    const parsed = parseJobForm(form({ startTime: "07:15:00", address: "  12  Main\n St ", notes: "a\r\nb" }), TODAY, ZONE);
    expect(parsed.ok && parsed.input).toMatchObject({ startTime: "07:15", address: "12 Main St", notes: "a\nb" });
  });

  it("refuses a time outside 00:00–23:59 on Start Time", () => {
    for (const startTime of ["24:00", "23:60", "-01:00", "9", "9:00", "noon", ""]) {
      expect(errorsOf({ startTime }), startTime).toEqual({ startTime: "Start Time must be a time from 00:00 to 23:59." });
    }
  });

  it("refuses a duration of 0 or over a week on Duration (minutes); work over 12 hours is placed over days, not refused here", () => {
    for (const durationMinutes of ["0", "10081", "99999", "-5", "1.5", "", "two"]) {
      expect(errorsOf({ durationMinutes }), durationMinutes).toEqual({ durationMinutes: "Duration (minutes) must be a whole number from 1 to 10080 (a week)." });
    }
    expect(parseJobForm(form({ durationMinutes: "960" }), TODAY, ZONE).ok).toBe(true);
  });

  it("refuses a date more than a year ahead, in the past, or not a date, on Date", () => {
    expect(errorsOf({ date: "2027-11-29" })).toEqual({ date: "Date can be at most a year ahead." });
    expect(errorsOf({ date: "2026-11-26" })).toEqual({ date: "Date cannot be in the past." });
    expect(errorsOf({ date: "2026-02-30" }).date).toMatch(/^Date must be a date/);
    expect(errorsOf({ date: "12/07/2026" }).date).toMatch(/^Date must be a date/);
    // Months and days that do not exist (issue 33: these threw RangeError, a 500).
    for (const date of ["2027-13-01", "2027-01-32", "2027-00-10", "2027-02-29"]) {
      expect(errorsOf({ date }), date).toEqual({ date: "Date must be a date, like 2026-12-31." });
    }
  });

  it("refuses on Start Time a time the clocks skip that night, and takes the hour they repeat", () => {
    expect(errorsOf({ date: "2027-03-14", startTime: "02:30" })).toEqual({
      startTime: "Start Time 02:30 does not exist on 2027-03-14 in America/Detroit: the clocks go forward 1 hour that night. Choose another time.",
    });
    for (const startTime of ["01:59", "03:00"]) expect(parseJobForm(form({ date: "2027-03-14", startTime }), TODAY, ZONE).ok, startTime).toBe(true);
    expect(parseJobForm(form({ date: "2027-11-07", startTime: "01:30" }), TODAY, ZONE).ok).toBe(true);
    // The zone decides: 02:30 exists in Phoenix, which keeps its clocks.
    expect(parseJobForm(form({ date: "2027-03-14", startTime: "02:30" }), TODAY, "America/Phoenix").ok).toBe(true);
  });

  it("refuses an address over 300 characters, or none, on Address; notes over 2000 on Notes", () => {
    expect(errorsOf({ address: "a".repeat(301) })).toEqual({ address: "Address can be at most 300 characters." });
    expect(errorsOf({ address: "   " })).toEqual({ address: "Address is required: where the job is done." });
    expect(errorsOf({ notes: "n".repeat(2001) })).toEqual({ notes: "Notes can be at most 2000 characters." });
  });

  it("refuses a vehicle that is not a vehicle's number on Vehicle", () => {
    for (const vehicleId of ["0", "-1", "1.5", "abc", "1234567890"]) {
      expect(errorsOf({ vehicleId }), vehicleId).toEqual({ vehicleId: "Vehicle must be one of this customer's vehicles." });
    }
  });

  it("names every bad field at once", () => {
    expect(Object.keys(errorsOf({ date: "x", startTime: "25:00", durationMinutes: "0", address: "" })).sort()).toEqual(["address", "date", "durationMinutes", "startTime"]);
  });

  it("reads the posted fields, a missing one as empty", () => {
    const posted = new URLSearchParams({ date: "2026-12-07", startTime: "09:00" });
    expect(readJobForm(posted)).toEqual({ date: "2026-12-07", startTime: "09:00", durationMinutes: "", address: "", notes: "", vehicleId: "" });
  });
});
