import { describe, expect, it } from "vitest";
import { contactSchema, removeVehicleSchema, vehicleSchema } from "./customer-input";
import { parseFields } from "./form-schema";

// The customer page's forms (docs/decisions/0090): each refusal on its field, with the form's own words.
const NOW = new Date("2026-11-29T12:00:00Z");
const vehicle = (rest: Record<string, string | undefined> = {}) => parseFields(vehicleSchema(NOW), { kind: "Boat", make: "Sea Ray", model: "", year: "", color: "", vehicleNotes: "", ...rest });

describe("contactSchema", () => {
  it("trims what it keeps; e-mail and phone may be left empty", () => {
    expect(parseFields(contactSchema, { name: "  Dana K ", email: undefined, phone: "", notes: "Gate\r\ncode" })).toEqual({
      ok: true,
      input: { name: "Dana K", email: "", phone: "", notes: "Gate\ncode" },
    });
  });

  it("names each wrong field", () => {
    expect(parseFields(contactSchema, { name: " ", email: "not-an-address", phone: "12", notes: "x".repeat(2001) })).toEqual({
      ok: false,
      errors: {
        name: "Name is required.",
        email: "Email must be an e-mail address, like name@example.com.",
        phone: "Phone is not valid.",
        notes: "Notes must be at most 2,000 characters.",
      },
    });
    expect(parseFields(contactSchema, { name: "x".repeat(101), email: `${"a".repeat(250)}@example.com`, phone: "1".repeat(31) })).toMatchObject({
      errors: { name: "Name must be at most 100 characters.", email: "Email must be at most 254 characters.", phone: "Phone must be at most 30 characters." },
    });
  });
});

describe("vehicleSchema", () => {
  it("reads a vehicle: the year a number or null, Vehicle Notes as its notes", () => {
    expect(vehicle({ year: " 2027 ", vehicleNotes: "Trailer" })).toEqual({ ok: true, input: { kind: "Boat", make: "Sea Ray", model: "", year: 2027, color: "", notes: "Trailer" } });
    expect(vehicle({ make: "", model: "SPX 190" })).toMatchObject({ ok: true, input: { year: null } });
  });

  it("wants the Make or the Model, beside the other fields' messages", () => {
    expect(vehicle({ kind: "Spaceship", make: "", year: "2028" })).toEqual({
      ok: false,
      errors: { kind: "Kind must be one of Car, Truck, SUV, Van, Boat, RV, Motorcycle, Other.", make: "Enter the Make or the Model.", year: "Year must be a year from 1900 to 2027." },
    });
    for (const year of ["1899", "20x1", "99"]) expect(vehicle({ year }).ok, year).toBe(false);
    expect(vehicle({ make: "x".repeat(61) })).toEqual({ ok: false, errors: { make: "Make must be at most 60 characters." } });
  });

  it("takes a vehicle's id to remove", () => {
    expect(parseFields(removeVehicleSchema, { vehicle: "12" })).toEqual({ ok: true, input: { vehicle: 12 } });
    expect(parseFields(removeVehicleSchema, { vehicle: "x" })).toEqual({ ok: false, errors: { vehicle: "vehicle must be the id of the vehicle to remove" } });
  });
});
