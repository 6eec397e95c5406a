import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { quoteFieldErrors, quoteSchema } from "./quote-schema";

const valid = { name: "Jane Smith", email: "jane@example.com", phone: "(616) 555-0123", vehicle_type: "Boat", message: "" };

function errorsFor(input: unknown) {
  const result = quoteSchema.safeParse(input);
  return result.success ? {} : quoteFieldErrors(result.error);
}

describe("quote schema", () => {
  it("accepts a complete request, trimming every field", () => {
    const result = quoteSchema.parse({
      name: "  Jane Smith ",
      email: " jane@example.com ",
      phone: " 616-555-0123 ",
      vehicle_type: " car ",
      message: "  Salt stains on the carpets.  ",
      service_address: " 12 Elm Street ",
    });
    expect(result).toEqual({
      name: "Jane Smith",
      email: "jane@example.com",
      phone: "616-555-0123",
      vehicle_type: "car",
      message: "Salt stains on the carpets.",
      service_address: "12 Elm Street",
    });
    // The address is optional (docs/decisions/0085): missing, it is an empty string.
    expect(quoteSchema.parse({ ...valid }).service_address).toBe("");
  });

  it("treats the message as optional: missing, null or blank become an empty string", () => {
    for (const message of [undefined, null, "   "]) {
      expect(quoteSchema.parse({ ...valid, message }).message).toBe("");
    }
  });

  it("says which required field is missing, once per field, for missing and blank values", () => {
    expect(errorsFor({})).toEqual({
      name: ["Please enter your full name."],
      email: ["Please enter your email address."],
      phone: ["Please enter your phone number."],
      vehicle_type: ["Please enter your vehicle type."],
    });
    expect(errorsFor({ name: "   ", email: "", phone: " ", vehicle_type: "" })).toEqual(errorsFor({}));
  });

  it("keeps the name between 2 and 100 characters", () => {
    expect(errorsFor({ ...valid, name: " J " }).name).toEqual(["Name must be at least 2 characters."]);
    expect(errorsFor({ ...valid, name: "Jo" })).toEqual({});
    expect(errorsFor({ ...valid, name: "x".repeat(100) })).toEqual({});
    expect(errorsFor({ ...valid, name: "x".repeat(101) }).name).toEqual(["Name must be at most 100 characters."]);
  });

  it("keeps the phone between 10 and 20 characters", () => {
    expect(errorsFor({ ...valid, phone: "555-0123" }).phone).toEqual(["Phone must be at least 10 characters."]);
    expect(errorsFor({ ...valid, phone: "6165550123" })).toEqual({});
    expect(errorsFor({ ...valid, phone: "+1 (616) 555-0123 x9" })).toEqual({});
    expect(errorsFor({ ...valid, phone: "1".repeat(21) }).phone).toEqual(["Phone must be at most 20 characters."]);
  });

  it("refuses a phone with letters, or without the digits of a number, with the spec's words, once (docs/decisions/0108)", () => {
    for (const phone of ["616-555-ABCD", "1-800-FLOWERS", "call 616555012", "616 555 01234", "+1 (616) 555-0123 x"]) {
      expect(errorsFor({ ...valid, phone }).phone, phone).toEqual(["Phone is not valid."]);
    }
    // The browser's half of the rule: a number no country has passes here, and the server refuses it (quote-schema.server.ts).
    expect(errorsFor({ ...valid, phone: "(555) 123-4567" })).toEqual({});
  });

  it("requires a standard e-mail address", () => {
    for (const email of ["jane", "jane@example", "jane @example.com", "@example.com", "jane@.com x", "a,b@example.com", "a;b@example.com", "a<b@example.com", "a>b@example.com", "a:b@example.com"]) {
      expect(errorsFor({ ...valid, email }).email, email).toEqual([
        "Please enter a valid email address.",
      ]);
    }
    for (const email of ["j@x.io", "jane.smith+boat@mail.example.co.uk"]) expect(errorsFor({ ...valid, email })).toEqual({});
  });

  it("limits the message to 1000 characters", () => {
    expect(errorsFor({ ...valid, message: "x".repeat(1000) })).toEqual({});
    expect(errorsFor({ ...valid, message: "x".repeat(1001) }).message).toEqual([
      "Additional details must be at most 1000 characters.",
    ]);
  });

  it("refuses a NUL character, which the database cannot store", () => {
    const errors = errorsFor({ ...valid, name: "Jane\0Smith", message: "hi\0" });
    expect(errors.name).toEqual(["Please remove the invalid character."]);
    expect(errors.message).toEqual(["Please remove the invalid character."]);
  });

  it("refuses values of the wrong type instead of coercing them", () => {
    expect(Object.keys(errorsFor({ name: 42, email: ["a@b.co"], phone: {}, vehicle_type: true, message: 5 })).sort()).toEqual([
      "email",
      "message",
      "name",
      "phone",
      "vehicle_type",
    ]);
  });

  it("drops unknown keys (such as formId)", () => {
    expect(quoteSchema.parse({ ...valid, formId: "quote_form", admin: true })).not.toHaveProperty("formId");
  });

  it("gives conform the same messages from form data, keeping what was typed", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...valid, name: "J", email: "jane@example" })) form.set(k, v);
    const reply = parseWithZod(form, { schema: quoteSchema }).reply();
    expect(reply.error).toEqual({
      name: ["Name must be at least 2 characters."],
      email: ["Please enter a valid email address."],
    });
    expect(reply.initialValue).toMatchObject({ name: "J", email: "jane@example", phone: valid.phone });
  });
});
