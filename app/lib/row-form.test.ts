import { describe, expect, it } from "vitest";
import { editableProperties, initialFormValues, rowFromFormData, toNumber } from "./row-form";
import type { TableSchema } from "./table-schema";

const schema: TableSchema = {
  name: "things",
  title: "Things",
  description: "",
  required: ["name"],
  defaultSort: { field: "id", direction: "asc" },
  properties: {
    id: { type: "integer", title: "ID", readOnly: true },
    name: { type: "string", title: "Name" },
    rating: { type: "integer", title: "Rating" },
    price: { type: "number", title: "Price", default: 10 },
    published: { type: "boolean", title: "Published" },
    tags: { type: "array", title: "Tags", enum: ["a", "b"] },
    day: { type: "string", title: "Day", format: "date" },
    created_at: { type: "string", title: "Created", format: "date-time", readOnly: true },
  },
};

describe("editableProperties", () => {
  it("leaves out read-only properties and the id", () => {
    expect(editableProperties(schema).map(([name]) => name)).toEqual([
      "name",
      "rating",
      "price",
      "published",
      "tags",
      "day",
    ]);
  });
});

describe("initialFormValues", () => {
  it("starts a new row from defaults and blanks", () => {
    expect(initialFormValues(schema)).toEqual({
      name: "",
      rating: undefined,
      price: 10,
      published: false,
      tags: [],
      day: "",
    });
  });

  it("prefills from a row, turning dates into input text and nulls into blanks", () => {
    const row = {
      id: 3,
      name: "Wax",
      rating: 4,
      price: null,
      published: true,
      tags: ["b"],
      day: new Date("2026-05-01T00:00:00Z"),
    };
    expect(initialFormValues(schema, row)).toEqual({
      name: "Wax",
      rating: 4,
      price: 10,
      published: true,
      tags: ["b"],
      day: "2026-05-01",
    });
  });
});

describe("rowFromFormData", () => {
  it("types every field: checkbox presence, numbers (empty or invalid → 0), lists, text", () => {
    const data = new FormData();
    data.set("name", "Boat wash");
    data.set("rating", "");
    data.set("price", "12.5");
    data.append("tags", "a");
    data.append("tags", "b");
    data.set("day", "2026-06-01");
    data.set("created_at", "ignored");
    expect(rowFromFormData(schema, data)).toEqual({
      name: "Boat wash",
      rating: 0,
      price: 12.5,
      published: false,
      tags: ["a", "b"],
      day: "2026-06-01",
    });
    data.set("published", "on");
    data.set("rating", "abc");
    expect(rowFromFormData(schema, data)).toMatchObject({ published: true, rating: 0 });
  });

  it("reads a money field's dollars as whole cents, and keeps text that is no amount for the validator", () => {
    const priced: TableSchema = { ...schema, properties: { fee_cents: { type: "integer", title: "Fee", format: "cents", minimum: 0, maximum: 10_000_000 } } };
    const data = new FormData();
    for (const [typed, cents] of [["149.00", 14_900], ["$1,249.5", 124_950], ["0.99", 99], [" 12 ", 1_200], ["", 0], ["abc", "abc"], ["1.999", "1.999"], ["-5", "-5"]] as const) {
      data.set("fee_cents", typed);
      expect(rowFromFormData(priced, data).fee_cents, typed).toBe(cents);
    }
  });

  it("toNumber keeps real numbers", () => {
    expect(toNumber("-3")).toBe(-3);
    expect(toNumber(" ")).toBe(0);
    expect(toNumber("1e400")).toBe(0);
  });
});
