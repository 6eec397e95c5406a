import { dateFormat } from "~/lib/date-format";
import { isEmailAddress } from "~/lib/email";
import type { PropertySchema } from "~/lib/table-schema";
import { fileNameOf, mediaKind } from "./media-kind";
import { formatCents } from "~/lib/money";

/**
 * What a grid cell shows for a value: booleans as Yes/No, rich text as its
 * plain text, long text cut short, dates in the business's time zone (the same
 * on the server and in the browser, so hydration matches), uploads as a small
 * preview. Pure, so the grid component stays a plain mapping.
 */

export const CELL_TEXT_LIMIT = 80;
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };
const DATE_ONLY: Intl.DateTimeFormatOptions = { dateStyle: "medium" };

export type CellContent =
  | { kind: "text"; text: string; title?: string }
  | { kind: "empty" }
  | { kind: "image"; url: string }
  | { kind: "link"; url: string; text: string }
  /** A page of the dashboard itself (PropertySchema.href), opened in the same tab. */
  | { kind: "page"; url: string; text: string }
  /** An enum value: a coloured badge holding its title; `tone` is the value's place in the enum. */
  | { kind: "badge"; text: string; tone: number }
  /** An e-mail address or phone number, as a mailto: or tel: link (same tab: it opens the mail or phone app). */
  | { kind: "contact"; url: string; text: string };

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

/**
 * A date or an instant in words; an instant on `timeZone`'s clock: the
 * business's (BUSINESS_TIME_ZONE), which the table page's loader sends
 * (CellTimeZone), so the server and the browser show the same, whatever
 * their TZ, and the grid shows the instant the CSV export writes.
 */
export function formatDate(value: Date | string, withTime: boolean, timeZone: string): string | null {
  const date = value instanceof Date ? value : new Date(withTime ? value : `${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  // A date alone is a calendar day, not an instant: read in UTC so no zone moves it.
  return (withTime ? dateFormat(timeZone, DATE_TIME) : dateFormat("UTC", DATE_ONLY)).format(date);
}

function isRichText(name: string, prop: PropertySchema) {
  return prop.format === "rich_text" || name.includes("rich_text");
}

/** A phone column by its name ("phone", "owner_phone"): the schema has no phone format. */
export function isPhoneColumn(name: string): boolean {
  return name === "phone" || name.endsWith("_phone");
}

/**
 * `timeZone`: the clock instants are shown on (formatDate). `limit`: how much
 * text a cell shows before cutting it short with "…"; the View dialog passes
 * Infinity to show a row whole.
 */
export function cellContent(name: string, prop: PropertySchema, value: unknown, timeZone: string, limit = CELL_TEXT_LIMIT): CellContent {
  if (value === null || value === undefined || value === "") return { kind: "empty" };
  if (typeof value === "boolean") return { kind: "text", text: value ? "Yes" : "No" };
  const tone = prop.type === "array" ? -1 : (prop.enum?.indexOf(value as string | number) ?? -1);
  if (tone >= 0) return { kind: "badge", text: enumLabel(prop, value), tone };
  if (prop.href && (typeof value === "number" || typeof value === "string")) {
    return { kind: "page", url: prop.href.replace("{value}", encodeURIComponent(String(value))), text: prop.hrefText?.replace("{value}", String(value)) ?? String(value) };
  }
  if (value instanceof Date) return { kind: "text", text: formatDate(value, prop.format !== "date", timeZone) ?? "" };
  if (Array.isArray(value)) return truncate(value.map((item) => enumLabel(prop, item)).join(", "), limit);
  // Money is stored in whole cents (docs/decisions/0080) and read as dollars.
  if (typeof value === "number" && name.endsWith("_cents")) return { kind: "text", text: formatCents(value) };
  if (typeof value !== "string") return { kind: "text", text: enumLabel(prop, value) };

  if (prop.format === "media_url" || name.includes("media_url")) {
    return mediaKind(value) === "image"
      ? { kind: "image", url: value }
      : { kind: "link", url: value, text: fileNameOf(value) };
  }
  if (prop.format === "file_url" || name.includes("file_url"))
    return { kind: "link", url: value, text: fileNameOf(value) };
  if (prop.format === "email" && isEmailAddress(value.trim())) {
    return { kind: "contact", url: `mailto:${value.trim()}`, text: value.trim() };
  }
  // Digits and a leading + are all a tel: link needs; anything else stays text.
  const dial = value.replace(/[\s().-]/g, "");
  if (isPhoneColumn(name) && /^\+?\d{3,20}$/.test(dial)) return { kind: "contact", url: `tel:${dial}`, text: value };
  if ((prop.format === "url" || name.includes("web_url")) && /^https?:\/\/\S+$/i.test(value.trim())) {
    const url = value.trim();
    const shown = truncate(url, limit);
    return { kind: "link", url, text: shown.kind === "text" ? shown.text : url };
  }
  if (prop.format === "date" || prop.format === "date-time") {
    const text = formatDate(value, prop.format === "date-time", timeZone);
    if (text) return { kind: "text", text };
  }
  if (isRichText(name, prop)) return truncate(htmlToText(value), limit);
  return truncate(enumLabel(prop, value), limit);
}

/** An enum value shown by its title when the schema gives one. */
function enumLabel(prop: PropertySchema, value: unknown): string {
  const index = prop.enum?.indexOf(value as string | number) ?? -1;
  return index >= 0 && prop.enumTitles?.[index] ? prop.enumTitles[index]! : String(value);
}
