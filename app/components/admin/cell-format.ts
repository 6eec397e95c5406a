import type { PropertySchema } from "~/lib/table-schema";
import { fileNameOf, mediaKind } from "./media-kind";

/**
 * What a grid cell shows for a value: booleans as Yes/No, rich text as its
 * plain text, long text cut short, dates in the business's time zone (the same
 * on the server and in the browser, so hydration matches), uploads as a small
 * preview. Pure, so the grid component stays a plain mapping.
 */

export const CELL_TEXT_LIMIT = 80;
// Grand Rapids: the business's own clock, whatever the server's TZ is.
const TIME_ZONE = "America/Detroit";

export type CellContent =
  | { kind: "text"; text: string; title?: string }
  | { kind: "empty" }
  | { kind: "image"; url: string }
  | { kind: "link"; url: string; text: string }
  /** A page of the dashboard itself (PropertySchema.href), opened in the same tab. */
  | { kind: "page"; url: string; text: string };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** Rich text (HTML) → its words, for a one-line preview. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      const key = name.toLowerCase();
      if (key in ENTITIES) return ENTITIES[key]!;
      if (key.startsWith("#x")) return String.fromCodePoint(parseInt(key.slice(2), 16));
      if (key.startsWith("#")) return String.fromCodePoint(Number(key.slice(1)));
      return entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

export function truncate(text: string, limit = CELL_TEXT_LIMIT): CellContent {
  return text.length > limit
    ? { kind: "text", text: `${text.slice(0, limit - 1).trimEnd()}…`, title: text }
    : { kind: "text", text };
}

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: TIME_ZONE });
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function formatDate(value: Date | string, withTime: boolean): string | null {
  const date = value instanceof Date ? value : new Date(withTime ? value : `${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  return (withTime ? dateTime : dateOnly).format(date);
}

function isRichText(name: string, prop: PropertySchema) {
  return prop.format === "rich_text" || name.includes("rich_text");
}

export function cellContent(name: string, prop: PropertySchema, value: unknown): CellContent {
  if (value === null || value === undefined || value === "") return { kind: "empty" };
  if (typeof value === "boolean") return { kind: "text", text: value ? "Yes" : "No" };
  if (prop.href && (typeof value === "number" || typeof value === "string")) {
    return { kind: "page", url: prop.href.replace("{value}", encodeURIComponent(String(value))), text: prop.hrefText?.replace("{value}", String(value)) ?? String(value) };
  }
  if (value instanceof Date) return { kind: "text", text: formatDate(value, prop.format !== "date") ?? "" };
  if (Array.isArray(value)) return truncate(value.map((item) => enumLabel(prop, item)).join(", "));
  if (typeof value !== "string") return { kind: "text", text: enumLabel(prop, value) };

  if (prop.format === "media_url" || name.includes("media_url")) {
    return mediaKind(value) === "image"
      ? { kind: "image", url: value }
      : { kind: "link", url: value, text: fileNameOf(value) };
  }
  if (prop.format === "file_url" || name.includes("file_url"))
    return { kind: "link", url: value, text: fileNameOf(value) };
  if (prop.format === "date" || prop.format === "date-time") {
    const text = formatDate(value, prop.format === "date-time");
    if (text) return { kind: "text", text };
  }
  if (isRichText(name, prop)) return truncate(htmlToText(value));
  return truncate(enumLabel(prop, value));
}

/** An enum value shown by its title when the schema gives one. */
function enumLabel(prop: PropertySchema, value: unknown): string {
  const index = prop.enum?.indexOf(value as string | number) ?? -1;
  return index >= 0 && prop.enumTitles?.[index] ? prop.enumTitles[index]! : String(value);
}
