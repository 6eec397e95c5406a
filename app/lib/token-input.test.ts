import { describe, expect, it } from "vitest";
import { parseFields } from "./form-schema";
import { revokeTokenSchema, tokenSchema } from "./token-input";

// The API token form (docs/decisions/0036): Expires from today to a year ahead.
const TODAY = "2026-11-29";
const token = (fields: Record<string, string | undefined>) => parseFields(tokenSchema(TODAY), fields);

describe("tokenSchema", () => {
  it("reads the name, the day and the read-only box", () => {
    expect(token({ name: " Nightly ", expires: "2026-11-29", read_only: "on" })).toEqual({ ok: true, input: { name: "Nightly", expires: "2026-11-29", readOnly: true } });
    expect(token({ name: "x", expires: "2027-11-30" })).toEqual({ ok: true, input: { name: "x", expires: "2027-11-30", readOnly: false } });
  });

  it("refuses one message a field", () => {
    expect(token({ name: " ", expires: "" })).toEqual({ ok: false, errors: { name: "Name is required", expires: "Expires is required" } });
    expect(token({ name: "a\u0007b", expires: "2027-02-30" })).toEqual({ ok: false, errors: { name: "Name cannot contain control characters", expires: "Expires must be a date (YYYY-MM-DD)" } });
    expect(token({ name: "x".repeat(101), expires: "2026-11-28" })).toEqual({ ok: false, errors: { name: "Name cannot exceed 100 characters", expires: "Expires cannot be in the past" } });
    expect(token({ name: "x", expires: "2027-12-01" })).toEqual({ ok: false, errors: { expires: "Expires must be within 366 days (by 2027-11-30)" } });
  });

  it("takes any revoked id, 0 for one that is none (its lookup's 404)", () => {
    expect(parseFields(revokeTokenSchema, { id: "7" })).toEqual({ ok: true, input: { id: 7 } });
    expect(parseFields(revokeTokenSchema, { id: "-1" })).toEqual({ ok: true, input: { id: 0 } });
  });
});
