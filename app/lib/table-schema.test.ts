import { describe, expect, it } from "vitest";
import { validateField, validateRow, type PropertySchema, type TableSchema } from "./table-schema";

const p = (extra: Partial<PropertySchema> & Pick<PropertySchema, "type">): PropertySchema => ({ title: "Field", ...extra });

describe("validateField: the spec's generic form messages", () => {
  it("requires a value: empty, blank or an empty list count as missing; false does not", () => {
    for (const empty of [undefined, null, "", "   ", []]) {
      expect(validateField(p({ type: "string" }), empty, true)).toBe("Field is required");
    }
    expect(validateField(p({ type: "array" }), [], true)).toBe("Field is required");
    expect(validateField(p({ type: "boolean" }), false, true)).toBeUndefined();
    expect(validateField(p({ type: "integer" }), 0, true)).toBeUndefined();
  });

  it("skips every check of an empty optional field", () => {
    const strict = p({ type: "string", format: "email", minLength: 5, pattern: "x+", enum: ["a"] });
    expect(validateField(strict, "", false)).toBeUndefined();
    expect(validateField(strict, undefined, false)).toBeUndefined();
  });

  it("checks the type", () => {
    expect(validateField(p({ type: "boolean" }), "yes", true)).toBe("Field must be a boolean");
    expect(validateField(p({ type: "number" }), "12", true)).toBe("Field must be a number");
    expect(validateField(p({ type: "number" }), Number.NaN, true)).toBe("Field must be a number");
    expect(validateField(p({ type: "integer" }), 1.5, true)).toBe("Field must be a integer");
    expect(validateField(p({ type: "integer" }), "3", true)).toBe("Field must be a integer");
    expect(validateField(p({ type: "string" }), 12, true)).toBe("Field must be a string");
    expect(validateField(p({ type: "array" }), "a", true)).toBe("Field must be a array");
  });

  it("checks minimum and maximum", () => {
    const rating = p({ type: "integer", title: "Rating", minimum: 1, maximum: 5 });
    expect(validateField(rating, 0, true)).toBe("Rating cannot be less than 1");
    expect(validateField(rating, 6, true)).toBe("Rating cannot be greater than 5");
    expect(validateField(rating, 5, true)).toBeUndefined();
  });

  it("checks e-mail addresses and dates", () => {
    const email = p({ type: "string", title: "Email", format: "email" });
    expect(validateField(email, "not-an-email", true)).toBe("Email is not a valid email");
    expect(validateField(email, "a@b.co", true)).toBeUndefined();
    const date = p({ type: "string", title: "Day", format: "date" });
    expect(validateField(date, "2026-02-31", true)).toBe("Day must be a valid date");
    expect(validateField(date, "tomorrow", true)).toBe("Day must be a valid date");
    expect(validateField(date, "2026-02-28", true)).toBeUndefined();
    const dateTime = p({ type: "string", title: "At", format: "date-time" });
    expect(validateField(dateTime, "2026-13-01T10:00:00Z", true)).toBe("At must be a valid date");
    expect(validateField(dateTime, "2026-11-21T10:00:00.000Z", true)).toBeUndefined();
  });

  it("checks lengths of plain strings only, not of e-mail or date formats", () => {
    const name = p({ type: "string", title: "Name", minLength: 2, maxLength: 5 });
    expect(validateField(name, "A", true)).toBe("Name must be at least 2 characters");
    expect(validateField(name, "Abcdef", true)).toBe("Name cannot exceed 5 characters");
    expect(validateField(name, "Abc", true)).toBeUndefined();
    const email = p({ type: "string", format: "email", maxLength: 3 });
    expect(validateField(email, "long@example.com", true)).toBeUndefined();
  });

  it("checks e-mail addresses by zod's rule: nothing that splits an address in a header (docs/decisions/0108)", () => {
    const email = p({ type: "string", title: "Email", format: "email" });
    for (const address of ["a,b@example.com", "a;b@example.com", "a<b@example.com", "a>b@example.com", "a:b@example.com"]) {
      expect(validateField(email, address, true), address).toBe("Email is not a valid email");
    }
  });

  it("checks a phone's shape (format tel) with the generic message; the server checks the rest", () => {
    const phone = p({ type: "string", title: "Phone", format: "tel", minLength: 10, maxLength: 20 });
    expect(validateField(phone, "616-555-ABCD", true)).toBe("Phone is not valid");
    expect(validateField(phone, "616 555 01234", true)).toBe("Phone is not valid");
    expect(validateField(phone, "555-0123", true)).toBe("Phone must be at least 10 characters");
    expect(validateField(phone, "+1 (616) 555-0123 x9", true)).toBeUndefined();
  });

  it("checks patterns against the whole value", () => {
    const zip = p({ type: "string", title: "ZIP", pattern: "\\d{5}" });
    expect(validateField(zip, "4950", true)).toBe("ZIP is not valid");
    expect(validateField(zip, "495031", true)).toBe("ZIP is not valid");
    expect(validateField(zip, "49503", true)).toBeUndefined();
  });

  it("refuses a NUL character in any string, which the database cannot store", () => {
    expect(validateField(p({ type: "string", title: "Name" }), "a\0b", true)).toBe("Name is not valid");
    expect(validateField(p({ type: "string", title: "Email", format: "email" }), "a\0@b.co", true)).toBe("Email is not valid");
  });

  it("checks enums, and each item of an array against its options", () => {
    const status = p({ type: "string", title: "Status", enum: ["new", "closed"] });
    expect(validateField(status, "open", true)).toBe("Status must be one of the valid options");
    expect(validateField(status, "new", true)).toBeUndefined();
    const tags = p({ type: "array", title: "Tags", enum: ["car", "boat"] });
    expect(validateField(tags, ["car", "plane"], true)).toBe("Tags contains invalid options");
    expect(validateField(tags, ["car", "boat"], true)).toBeUndefined();
  });

  it("skips read-only fields", () => {
    expect(validateField(p({ type: "string", readOnly: true }), 42, true)).toBeUndefined();
  });
});

describe("validateField: money in whole cents (format cents)", () => {
  it("takes whole cents within the range and names the range in dollars otherwise", () => {
    const price = p({ type: "integer", format: "cents", title: "Starting Price", minimum: 0, maximum: 10_000_000 });
    for (const ok of [0, 14_900, 10_000_000]) expect(validateField(price, ok, false), String(ok)).toBeUndefined();
    for (const bad of ["abc", 10_000_001, -1, 1.5]) {
      expect(validateField(price, bad, false), String(bad)).toBe("Starting Price must be an amount in dollars from $0.00 to $100,000.00, like 149.00");
    }
  });
});

describe("validateRow", () => {
  it("gives each field's first problem, keyed by property name", () => {
    const schema: TableSchema = {
      name: "t",
      title: "T",
      description: "",
      required: ["name", "rating"],
      defaultSort: { field: "name", direction: "asc" },
      properties: {
        name: { type: "string", title: "Name", minLength: 2 },
        rating: { type: "integer", title: "Rating", minimum: 1, maximum: 5 },
        note: { type: "string", title: "Note" },
      },
    };
    expect(validateRow(schema, { rating: 9 })).toEqual({ name: "Name is required", rating: "Rating cannot be greater than 5" });
    expect(validateRow(schema, { name: "Al", rating: 3 })).toEqual({});
  });
});
