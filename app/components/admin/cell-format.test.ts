import { describe, expect, it } from "vitest";
import { cellContent, htmlToText } from "./cell-format";
import { fileNameOf, mediaKind } from "./media-kind";

const ZONE = "America/Detroit";

const text = { type: "string" as const, title: "T" };

describe("cellContent", () => {
  it("shows booleans as Yes/No and blanks as empty", () => {
    expect(cellContent("b", { type: "boolean", title: "B" }, true, ZONE)).toEqual({ kind: "text", text: "Yes" });
    expect(cellContent("b", { type: "boolean", title: "B" }, false, ZONE)).toEqual({ kind: "text", text: "No" });
    expect(cellContent("x", text, null, ZONE)).toEqual({ kind: "empty" });
  });

  it("cuts long text short and keeps the whole text as a title", () => {
    const long = "a".repeat(200);
    const cell = cellContent("x", text, long, ZONE);
    expect(cell).toMatchObject({ kind: "text", title: long });
    expect(cell.kind === "text" && cell.text.length).toBe(80);
    expect(cell.kind === "text" && cell.text.endsWith("…")).toBe(true);
  });

  it("strips rich text to its words", () => {
    expect(
      cellContent(
        "body",
        { ...text, format: "rich_text" },
        "<p>Hello <strong>there</strong></p><p>Tom &amp; Jerry</p>",
        ZONE,
      ),
    ).toEqual({
      kind: "text",
      text: "Hello there Tom & Jerry",
    });
    expect(htmlToText("<h1>A&#39;s&nbsp;&#x41;</h1>")).toBe("A's A");
  });

  it("previews media as an image or a named file link", () => {
    expect(cellContent("image", { ...text, format: "media_url" }, "/uploads/media/a.PNG", ZONE)).toEqual({
      kind: "image",
      url: "/uploads/media/a.PNG",
    });
    expect(cellContent("promo_media_url", text, "/uploads/media/clip.mp4", ZONE)).toEqual({
      kind: "link",
      url: "/uploads/media/clip.mp4",
      text: "clip.mp4",
    });
  });

  it("formats dates in the business's time zone", () => {
    expect(cellContent("created_at", { ...text, format: "date-time" }, new Date("2026-03-01T17:05:00Z"), ZONE)).toEqual({
      kind: "text",
      text: "Mar 1, 2026, 12:05 PM",
    });
    // The zone is the caller's: the same instant on another business's clock.
    expect(cellContent("created_at", { ...text, format: "date-time" }, new Date("2026-03-01T17:05:00Z"), "America/Los_Angeles")).toEqual({
      kind: "text",
      text: "Mar 1, 2026, 9:05 AM",
    });
    expect(cellContent("day", { ...text, format: "date" }, "2026-07-04", ZONE)).toEqual({
      kind: "text",
      text: "Jul 4, 2026",
    });
  });

  it("shows enum values by their titles", () => {
    const prop = { ...text, enum: ["new", "done"], enumTitles: ["New", "Done"] };
    // A badge holding the title; its tone is the value's place in the enum (the inbox's colours for lead statuses).
    expect(cellContent("status", prop, "done", ZONE)).toEqual({ kind: "badge", text: "Done", tone: 1 });
    expect(cellContent("status", prop, "other", ZONE)).toEqual({ kind: "text", text: "other" });
  });

  it("links e-mail addresses, phone numbers and web addresses, and leaves anything else as text", () => {
    expect(cellContent("email", { ...text, format: "email" }, " ann@example.com ", ZONE)).toEqual({
      kind: "contact",
      url: "mailto:ann@example.com",
      text: "ann@example.com",
    });
    expect(cellContent("email", { ...text, format: "email" }, "not an address", ZONE)).toEqual({ kind: "text", text: "not an address" });
    expect(cellContent("phone", text, "(616) 555-0100", ZONE)).toEqual({ kind: "contact", url: "tel:6165550100", text: "(616) 555-0100" });
    expect(cellContent("owner_phone", text, "+1 616 555 0100", ZONE)).toMatchObject({ url: "tel:+16165550100" });
    expect(cellContent("phone", text, "call me maybe", ZONE)).toEqual({ kind: "text", text: "call me maybe" });
    expect(cellContent("site", { ...text, format: "url" }, "https://example.com/a", ZONE)).toEqual({
      kind: "link",
      url: "https://example.com/a",
      text: "https://example.com/a",
    });
    // Never a javascript: (or any other scheme's) link.
    expect(cellContent("site", { ...text, format: "url" }, "javascript:alert(1)", ZONE)).toEqual({ kind: "text", text: "javascript:alert(1)" });
  });

  it("shows the whole text when asked (the View dialog)", () => {
    const long = "word ".repeat(100).trim();
    expect(cellContent("notes", text, long, ZONE)).toMatchObject({ kind: "text", title: long });
    expect(cellContent("notes", text, long, ZONE, Infinity)).toEqual({ kind: "text", text: long });
  });
});

describe("mediaKind and fileNameOf", () => {
  it("recognises images and videos by extension", () => {
    for (const ext of ["jpg", "jpeg", "png", "gif", "webp", "svg"]) expect(mediaKind(`/a/b.${ext}?v=1`)).toBe("image");
    for (const ext of ["mp4", "webm", "ogg", "avi", "mov"]) expect(mediaKind(`https://x.test/v.${ext}`)).toBe("video");
    expect(mediaKind("/files/price-list.pdf")).toBe("file");
    expect(mediaKind("/files/noextension")).toBe("file");
  });

  it("names a file by its last path segment, or Unknown file", () => {
    expect(fileNameOf("/uploads/files/Price%20List.pdf#page=2")).toBe("Price List.pdf");
    expect(fileNameOf("")).toBe("Unknown file");
    expect(fileNameOf("/")).toBe("Unknown file");
  });
});
