import { describe, expect, it } from "vitest";
import type { PropertySchema } from "~/lib/table-schema";
import { inputKind, placeholderFor } from "./input-kind";

const str = (extra: Partial<PropertySchema> = {}): PropertySchema => ({ type: "string", title: "Field", ...extra });

describe("inputKind", () => {
  it("gives the rich-text editor by format or by a name containing rich_text", () => {
    expect(inputKind("body", str({ format: "rich_text" }))).toBe("richText");
    expect(inputKind("intro_rich_text", str())).toBe("richText");
  });

  it("gives media and file uploads by format or name", () => {
    expect(inputKind("image", str({ format: "media_url" }))).toBe("media");
    expect(inputKind("hero_media_url", str())).toBe("media");
    expect(inputKind("attachment", str({ format: "file_url" }))).toBe("file");
    expect(inputKind("price_list_file_url", str())).toBe("file");
  });

  it("gives the money input for whole cents (format cents), a plain integer input otherwise", () => {
    expect(inputKind("price_cents", { type: "integer", title: "Starting Price", format: "cents" })).toBe("money");
    expect(inputKind("duration_minutes", { type: "integer", title: "Duration" })).toBe("integer");
  });

  it("gives the markdown editor for format markdown", () => {
    expect(inputKind("answer", str({ format: "markdown" }))).toBe("markdown");
  });

  it("gives a disabled text input for read-only plain properties", () => {
    expect(inputKind("created_at", str({ readOnly: true, format: "date-time" }))).toBe("readOnly");
    expect(inputKind("count", { type: "integer", title: "Count", readOnly: true })).toBe("readOnly");
  });

  it("refines strings: email, url (format or web_url name), textarea, date, enum, text", () => {
    expect(inputKind("email", str({ format: "email" }))).toBe("email");
    expect(inputKind("site", str({ format: "url" }))).toBe("url");
    expect(inputKind("company_web_url", str())).toBe("url");
    expect(inputKind("notes", str({ multiline: true }))).toBe("textarea");
    expect(inputKind("notes", str({ format: "textarea" }))).toBe("textarea");
    expect(inputKind("day", str({ format: "date" }))).toBe("date");
    expect(inputKind("status", str({ enum: ["new", "done"] }))).toBe("select");
    expect(inputKind("name", str())).toBe("text");
  });

  it("prefers the email format over an enum and multiline over an enum", () => {
    expect(inputKind("to", str({ format: "email", enum: ["a@b.co"] }))).toBe("email");
    expect(inputKind("x", str({ multiline: true, enum: ["a"] }))).toBe("textarea");
  });

  it("gives number inputs for numbers and integers, a checkbox for booleans", () => {
    expect(inputKind("price", { type: "number", title: "Price" })).toBe("number");
    expect(inputKind("rating", { type: "integer", title: "Rating" })).toBe("integer");
    expect(inputKind("published", { type: "boolean", title: "Published" })).toBe("checkbox");
  });

  it("gives checkboxes for an array of options and 'unsupported' for anything else", () => {
    expect(inputKind("tags", { type: "array", title: "Tags", enum: ["a", "b"] })).toBe("checkboxGroup");
    expect(inputKind("tags", { type: "array", title: "Tags" })).toBe("unsupported");
    expect(inputKind("blob", { type: "object" as never, title: "Blob" })).toBe("unsupported");
  });
});

describe("placeholderFor", () => {
  it("is the description, or Enter {title}", () => {
    expect(placeholderFor(str({ description: "Shown on the home page" }))).toBe("Shown on the home page");
    expect(placeholderFor(str({ title: "Question" }))).toBe("Enter Question");
    expect(placeholderFor(str({ title: "Question", description: "  " }))).toBe("Enter Question");
  });
});
