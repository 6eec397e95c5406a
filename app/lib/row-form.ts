import { parseDollars } from "./money";
import type { PropertySchema, TableRow, TableSchema } from "./table-schema";

/**
 * The admin row form, both sides of it: what the form starts with, how a
 * submitted HTML form (with or without JavaScript) becomes a typed row body,
 * and what the table page's action answers when a write fails.
 */

export type FormValues = Record<string, unknown>;

/** What the table route's action answers when a write fails (success is a redirect). */
export interface RowActionFailure {
  intent: "create" | "update" | "delete" | "restore" | "revert";
  /** The banner: 'Failed to create row: {server message}' and so on. */
  error: string;
  /** Field messages from the server's validator, keyed by property name. */
  fields?: Record<string, string>;
  /** What was submitted, so a page rendered without JavaScript keeps the typing. */
  values?: FormValues;
  id?: string;
}

export const FAILURE_TITLE: Record<RowActionFailure["intent"], string> = {
  create: "Failed to create row",
  update: "Failed to update row",
  delete: "Failed to delete row",
  restore: "Failed to restore row",
  revert: "Failed to restore version",
};

/** The properties the generic form shows: everything but read-only ones and the id. */
export function editableProperties(schema: TableSchema): [string, PropertySchema][] {
  return Object.entries(schema.properties).filter(([name, prop]) => !prop.readOnly && name !== "id");
}

/** A number input's value: empty or not a number becomes 0. */
export function toNumber(text: string): number {
  const value = Number(text);
  return text.trim() !== "" && Number.isFinite(value) ? value : 0;
}

/**
 * Dollars typed into a money field ("149", "$1,249.50") as whole cents; empty
 * is 0, as an empty number field is. Text that is no amount stays text, for
 * the validator to name (lib/table-schema.ts).
 */
export function centsFromText(text: string): number | string {
  return text.trim() === "" ? 0 : (parseDollars(text) ?? text);
}

/** A stored value as the form edits it (dates become the text a date input holds). */
function toFormValue(prop: PropertySchema, value: unknown): unknown {
  if (value === null || value === undefined) return emptyValue(prop);
  if (value instanceof Date) return prop.format === "date" ? value.toISOString().slice(0, 10) : value.toISOString();
  return value;
}

function emptyValue(prop: PropertySchema): unknown {
  if (prop.default !== undefined) return prop.default;
  switch (prop.type) {
    case "boolean":
      return false;
    case "array":
      return [];
    case "string":
      return "";
    default:
      // Numbers start blank, so a required number asks for a value.
      return undefined;
  }
}

/** Add mode: the defaults. Edit mode: the row's values. */
export function initialFormValues(schema: TableSchema, row?: TableRow | null): FormValues {
  return Object.fromEntries(
    editableProperties(schema).map(([name, prop]) => [name, row ? toFormValue(prop, row[name]) : emptyValue(prop)]),
  );
}

/**
 * A submitted form → the row body. Every editable field is rendered, so an
 * absent checkbox is an unchecked one (false) and an absent list is empty.
 */
export function rowFromFormData(schema: TableSchema, formData: FormData): FormValues {
  const body: FormValues = {};
  for (const [name, prop] of editableProperties(schema)) {
    const raw = formData.get(name);
    const text = typeof raw === "string" ? raw : "";
    switch (prop.type) {
      case "boolean":
        body[name] = raw !== null;
        break;
      case "number":
      case "integer":
        if (prop.format === "cents") body[name] = centsFromText(text);
        else body[name] = toNumber(text);
        break;
      case "array":
        body[name] = formData.getAll(name).filter((item): item is string => typeof item === "string");
        break;
      default:
        body[name] = text;
    }
  }
  return body;
}
