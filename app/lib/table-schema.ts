/**
 * The JSON schema of an admin table as served by GET /api/admin/schemas/{name},
 * and the one validator of its rows. Browser-safe: the admin form validates
 * with it on each change and the server validates every write with it, so a
 * person sees the same message ("{Title} is required", "{Title} cannot exceed N
 * characters"…) whichever side finds the problem.
 */

import { isEmailAddress } from "./email";
import { formatCents } from "./money";
import { isPhoneShaped } from "./phone-shape";
import { isCalendarDay } from "./time-zone";

export type PropertyType = "string" | "number" | "integer" | "boolean" | "array";

export type PropertyFormat =
  | "email"
  | "url"
  | "textarea"
  | "rich_text"
  | "media_url"
  | "file_url"
  | "markdown"
  | "date"
  | "date-time"
  /** A phone number: its shape checked here, the whole rule on the server (docs/decisions/0108). */
  | "tel"
  /** An integer of whole cents, typed and shown as dollars ("149.00"); minimum and maximum in cents. */
  | "cents";

export interface PropertySchema {
  type: PropertyType;
  title: string;
  description?: string;
  format?: PropertyFormat;
  /** Allowed values; for an array, the allowed values of its items. */
  enum?: (string | number)[];
  /** Labels shown for `enum`, in the same order. */
  enumTitles?: string[];
  multiline?: boolean;
  readOnly?: boolean;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** A regular expression (JavaScript syntax, no flags) the whole value must match. */
  pattern?: string;
  /**
   * For a media_url property, the uploads it takes (JSON Schema's keyword):
   * "image/*" for raster images only (uploaded through /api/upload/image).
   */
  contentMediaType?: "image/*";
  /** Text area height; 4 when absent. */
  rows?: number;
  /** The list can be sorted by this column (it is indexed). */
  sortable?: boolean;
  /**
   * The search box looks in this column. The registry sets it on every text
   * column (not enums, uploads or dates) unless a declaration says false.
   */
  searchable?: boolean;
  /** The value links to this dashboard page; `{value}` stands for the value (e.g. "/admin/leads/{value}"). */
  href?: string;
  /** The link's text, `{value}` standing for the value (e.g. "Lead #{value}"); the value itself when absent. */
  hrefText?: string;
}

/** An order of the list: a sortable column, ascending or descending. */
export interface SortOrder {
  field: string;
  direction: "asc" | "desc";
}

export interface TableSchema {
  name: string;
  title: string;
  description: string;
  properties: Record<string, PropertySchema>;
  required: string[];
  /** The list's order when the URL names none. */
  defaultSort: SortOrder;
  /** The whole table is read-only: no add, edit or delete. */
  readOnly?: boolean;
  /** The column whose value heads a row's card on a phone; the id when absent. */
  titleField?: string;
  /** The two or three columns a row's card shows under its title. */
  cardFields?: string[];
}

/** A row as the API returns it: the id plus the schema's properties. */
export type TableRow = { id: number } & Record<string, unknown>;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** Empty: nothing, blank text or an empty list (false is a value, 0 too). */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function isValidDate(value: string, format: "date" | "date-time"): boolean {
  const text = value.trim();
  if (format === "date") return isCalendarDay(text);
  // Date.parse takes 2026-02-31T10:00 as 3 March: the day is read by the one rule, the rest by Date.parse.
  return DATE_TIME.test(text) && isCalendarDay(text.slice(0, 10)) && !Number.isNaN(Date.parse(text.replace(" ", "T")));
}

/** The first problem with one value, in the words a person reads, or undefined when it is fine. */
export function validateField(prop: PropertySchema, value: unknown, required: boolean): string | undefined {
  const { title } = prop;
  if (prop.readOnly) return undefined;
  if (isEmptyValue(value)) return required ? `${title} is required` : undefined;

  switch (prop.type) {
    case "boolean":
      return typeof value === "boolean" ? undefined : `${title} must be a boolean`;
    case "number":
    case "integer": {
      // Typed in dollars (row-form.ts reads them into cents): one message for a bad amount and one out of range.
      if (prop.format === "cents") {
        const [min, max] = [prop.minimum ?? 0, prop.maximum ?? Number.MAX_SAFE_INTEGER];
        const ok = typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
        return ok ? undefined : `${title} must be an amount in dollars from ${formatCents(min)} to ${formatCents(max)}, like 149.00`;
      }
      // The wording is "must be a {type}" for every type, "a integer" included (the texts the dashboard has always shown).
      if (typeof value !== "number" || !Number.isFinite(value)) return `${title} must be a ${prop.type}`;
      if (prop.type === "integer" && !Number.isInteger(value)) return `${title} must be a integer`;
      if (prop.minimum !== undefined && value < prop.minimum) return `${title} cannot be less than ${prop.minimum}`;
      if (prop.maximum !== undefined && value > prop.maximum) return `${title} cannot be greater than ${prop.maximum}`;
      if (prop.enum && !prop.enum.includes(value)) return `${title} must be one of the valid options`;
      return undefined;
    }
    case "array": {
      if (!Array.isArray(value)) return `${title} must be a array`;
      if (prop.enum && value.some((item) => !prop.enum!.includes(item as string | number))) {
        return `${title} contains invalid options`;
      }
      return undefined;
    }
    case "string": {
      if (typeof value !== "string") return `${title} must be a string`;
      // PostgreSQL text cannot hold NUL: no valid value contains one.
      if (value.includes("\0")) return `${title} is not valid`;
      if (prop.format === "email" && !isEmailAddress(value.trim())) return `${title} is not a valid email`;
      if ((prop.format === "date" || prop.format === "date-time") && !isValidDate(value, prop.format)) {
        return `${title} must be a valid date`;
      }
      const plain = prop.format !== "email" && prop.format !== "date" && prop.format !== "date-time";
      if (plain && prop.minLength !== undefined && value.length < prop.minLength) {
        return `${title} must be at least ${prop.minLength} characters`;
      }
      if (plain && prop.maxLength !== undefined && value.length > prop.maxLength) {
        return `${title} cannot exceed ${prop.maxLength} characters`;
      }
      // The spec's "{title} is not valid", the words the server's whole phone rule uses too.
      if (prop.format === "tel" && !isPhoneShaped(value)) return `${title} is not valid`;
      if (prop.pattern !== undefined && !new RegExp(`^(?:${prop.pattern})$`).test(value)) return `${title} is not valid`;
      if (prop.enum && !prop.enum.includes(value)) return `${title} must be one of the valid options`;
      return undefined;
    }
    default:
      return `unsupported field type: ${String((prop as { type: unknown }).type)}`;
  }
}

/** Every field's first problem, keyed by property name; empty when the row is valid. */
export function validateRow(schema: TableSchema, values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, prop] of Object.entries(schema.properties)) {
    const message = validateField(prop, values[name], schema.required.includes(name));
    if (message) errors[name] = message;
  }
  return errors;
}
