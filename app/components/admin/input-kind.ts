import type { PropertyFormat, PropertySchema, PropertyType } from "~/lib/table-schema";

/**
 * Which input the admin form shows for a property: by its format first, then
 * by fragments of its name, then by its type. Chosen from lookup tables — react-admin
 * style — so a new kind of field is one new entry, not another branch. The components for each kind are registered in field-inputs.tsx.
 */
export type InputKind =
  | "richText"
  | "media"
  | "file"
  | "markdown"
  | "readOnly"
  | "email"
  | "tel"
  | "url"
  | "date"
  | "textarea"
  | "select"
  | "text"
  | "number"
  | "integer"
  | "money"
  | "checkbox"
  | "checkboxGroup"
  | "unsupported";

/** Editor widgets that win over the type, chosen by the property's format… */
const widgetByFormat: Partial<Record<PropertyFormat, InputKind>> = {
  rich_text: "richText",
  media_url: "media",
  file_url: "file",
  markdown: "markdown",
};

/** …or by its name (schemas written before formats existed name these columns so). */
const widgetByNameFragment: ReadonlyArray<readonly [fragment: string, kind: InputKind]> = [
  ["rich_text", "richText"],
  ["media_url", "media"],
  ["file_url", "file"],
];

/** Plain-string refinements by format, then by name. */
const stringByFormat: Partial<Record<PropertyFormat, InputKind>> = {
  email: "email",
  tel: "tel",
  url: "url",
  textarea: "textarea",
  date: "date",
};
const stringByNameFragment: ReadonlyArray<readonly [fragment: string, kind: InputKind]> = [["web_url", "url"]];

const byType: Record<PropertyType, (prop: PropertySchema, name: string) => InputKind> = {
  string: (prop, name) =>
    (prop.format && stringByFormat[prop.format]) ??
    byFragment(stringByNameFragment, name) ??
    (prop.multiline ? "textarea" : prop.enum?.length ? "select" : "text"),
  number: () => "number",
  integer: (prop) => (prop.format === "cents" ? "money" : "integer"),
  boolean: () => "checkbox",
  array: (prop) => (prop.enum?.length ? "checkboxGroup" : "unsupported"),
};

function byFragment(table: ReadonlyArray<readonly [string, InputKind]>, name: string): InputKind | undefined {
  return table.find(([fragment]) => name.includes(fragment))?.[1];
}

export function inputKind(name: string, prop: PropertySchema): InputKind {
  return (
    (prop.format && widgetByFormat[prop.format]) ??
    byFragment(widgetByNameFragment, name) ??
    (prop.readOnly ? "readOnly" : undefined) ??
    byType[prop.type]?.(prop, name) ??
    "unsupported"
  );
}

/** The placeholder of a text-like input: the description, or "Enter {title}". */
export function placeholderFor(prop: PropertySchema): string {
  return prop.description?.trim() || `Enter ${prop.title}`;
}
