import type { PropertySchema, TableRow, TableSchema } from "~/lib/table-schema";

/**
 * The admin row form's values: what the form starts with, and how a submitted
 * HTML form (with or without JavaScript) becomes a typed row body for the
 * table API. Browser-safe; the route action uses it too.
 */

export type FormValues = Record<string, unknown>;

/** The properties the generic form shows: everything but read-only ones (spec §5). */
export function editableProperties(schema: TableSchema): [string, PropertySchema][] {
  return Object.entries(schema.properties).filter(([name, prop]) => !prop.readOnly && name !== "id");
}

/** "Empty or invalid becomes 0" (spec §5) for number inputs. */
export function toNumber(text: string): number {
  const value = Number(text);
  return text.trim() !== "" && Number.isFinite(value) ? value : 0;
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
        body[name] = toNumber(text);
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
