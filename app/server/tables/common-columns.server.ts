import { phoneColumns } from "../phone.server";
import { sanitizeRichText } from "../rich-text.server";
import type { ColumnDef } from "./table-def.server";

/** Columns several admin tables declare alike (./admin-tables.server.ts). */

export const id: ColumnDef = { type: "integer", title: "ID", readOnly: true, sortable: true };
export const createdAt: ColumnDef = { type: "string", title: "Created", format: "date-time", readOnly: true, sortable: true };
export const updatedAt: ColumnDef = { type: "string", title: "Updated", format: "date-time", readOnly: true };
export const sortOrder: ColumnDef = {
  type: "integer",
  title: "Sort Order",
  description: "Lower numbers are shown first",
  default: 0,
  minimum: 0,
  maximum: 100000,
  sortable: true,
};

/** A rich-text column's write: the HTML as app/server/rich-text.server.ts keeps it. */
export const sanitise = (value: unknown) => (typeof value === "string" ? sanitizeRichText(value) : value);

/**
 * A column named `phone`, kept as typed, with its number in E.164 form and its
 * extension stored beside it in phone_e164 and phone_ext (docs/decisions/0108):
 * the browser checks the shape (format "tel"), the server the whole rule.
 */
export function phoneColumn(column: Omit<ColumnDef, "type" | "format" | "companions">): ColumnDef {
  return {
    ...column,
    type: "string",
    format: "tel",
    companions: (value) => {
      const { phone, phone_e164, phone_ext } = phoneColumns(typeof value === "string" ? value : "");
      // The spec's generic wording, as the browser's check says it (lib/table-schema.ts).
      return phone && !phone_e164 ? { error: `${column.title} is not valid` } : { phone_e164, phone_ext };
    },
  };
}
