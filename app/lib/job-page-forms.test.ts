import { describe, expect, it } from "vitest";
import { bookingSchema, CHOOSE_TIME_MESSAGE } from "./booking-input";
import { parseFields } from "./form-schema";
import { assignSchema, markDoneSchema, onTheWaySchema, STAFF_MISSING } from "./job-page-forms";

// The job page's small forms and the customer's Book This Time (docs/decisions/0118).
describe("the job page's forms", () => {
  it("On My Way takes one of the arrival choices, and the 'another day?' answer", () => {
    expect(parseFields(onTheWaySchema, { minutes: "20" })).toEqual({ ok: true, input: { minutes: 20, confirm: false } });
    expect(parseFields(onTheWaySchema, { minutes: "90", confirm: "yes" })).toEqual({ ok: true, input: { minutes: 90, confirm: true } });
    for (const minutes of ["25", "", "soon", undefined]) {
      expect(parseFields(onTheWaySchema, { minutes }), String(minutes)).toEqual({ ok: false, errors: { minutes: "Choose how soon you arrive." } });
    }
    expect(parseFields(markDoneSchema, {})).toEqual({ ok: true, input: { confirm: false } });
    expect(parseFields(markDoneSchema, { confirm: "no" })).toEqual({ ok: true, input: { confirm: false } });
  });

  it("Assigned To takes an id, and names the field otherwise", () => {
    expect(parseFields(assignSchema, { assigned_to: "12" })).toEqual({ ok: true, input: { assigned_to: 12 } });
    for (const assigned_to of ["", "x", "-1", "1".repeat(10), undefined]) {
      expect(parseFields(assignSchema, { assigned_to })).toEqual({ ok: false, errors: { assigned_to: STAFF_MISSING } });
    }
  });
});

describe("Book This Time", () => {
  it("takes an offered instant and the address, spaces collapsed", () => {
    expect(parseFields(bookingSchema, { start: "2027-03-02T14:00:00.000Z", address: "  45  Lake\nDr " })).toEqual({
      ok: true,
      input: { start: new Date("2027-03-02T14:00:00.000Z"), address: "45 Lake Dr" },
    });
  });

  it("asks for a time and an address", () => {
    expect(parseFields(bookingSchema, { start: "tomorrow at nine", address: " " })).toEqual({
      ok: false,
      errors: { start: CHOOSE_TIME_MESSAGE, address: "Address is required: where should we come?" },
    });
    expect(parseFields(bookingSchema, { start: "2027-13-45T99:99:99.999Z", address: "45 Lake Dr" })).toEqual({ ok: false, errors: { start: CHOOSE_TIME_MESSAGE } });
    expect(parseFields(bookingSchema, { start: "2027-02-30T14:00:00.000Z", address: "x".repeat(301) })).toEqual({
      ok: false,
      errors: { start: CHOOSE_TIME_MESSAGE, address: "Address can be at most 300 characters." },
    });
  });
});
