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
