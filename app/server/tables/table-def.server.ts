import type { RawBuilder } from "kysely";
import type { PropertySchema, SortOrder } from "~/lib/table-schema";
import type { DB } from "../db.server";
import type { SessionUser } from "../session.server";

/**
 * What an admin table's declaration holds (./admin-tables.server.ts): its JSON
 * schema plus what only the server knows, how each column is stored and read.
 */

export interface ColumnDef extends PropertySchema {
  /** The column accepts NULL: an empty optional value is stored as NULL (otherwise "", 0 or false). */
  nullable?: boolean;
  /** Applied to a valid value before it is stored (e.g. rich-text sanitising). */
  write?: (value: unknown) => unknown;
  /**
   * What the dashboard reads (lists, sorts, exports) when it is more than the
   * stored value, as SQL over this table's stored columns (`ref("email")`).
   * Literals only: the export runs it inside a COPY, which takes no parameters.
   */
  read?: (ref: (column: string) => RawBuilder<unknown>) => RawBuilder<unknown>;
  /**
   * Columns stored beside this one, computed from its valid value on every
   * write (a phone's E.164 form and extension, docs/decisions/0108), or a
   * refusal of the value in the form's words: a check only the server can
   * make (the phone rule's library), answered like any invalid field.
   */
  companions?: (value: unknown) => Record<string, unknown> | { error: string };
}

/**
 * A write through the dashboard or the table API, for a table's own rules to
 * judge. `values`: what will be stored for the fields the request carries
 * (validated, empty ones already turned into their defaults).
 */
export type WriteCheck =
  | { action: "create"; values: Record<string, unknown>; actor: SessionUser }
  | { action: "update"; id: number; values: Record<string, unknown>; actor: SessionUser }
  | { action: "delete"; id: number; actor: SessionUser };

/** Why a write is refused, in words for the person who tried it; `field` names the property at fault. */
export interface WriteRefusal {
  error: string;
  field?: string;
}

export interface TableDef {
  name: string;
  title: string;
  description: string;
  columns: Record<string, ColumnDef>;
  required: string[];
  /** The list's order when the URL names none: a sortable column. */
  defaultSort: SortOrder;
  /** Nothing may be added, changed or deleted through the dashboard. */
  readOnly?: boolean;
  /**
   * The table can grow large: its unfiltered total is read from the row
   * counter kept by triggers (db/migrations/2026-11-21-06-admin-tables.ts).
   */
  countedRows?: boolean;
  /**
   * The column that names a row on a phone's card (its heading) and in the
   * View dialog; by default the first searchable plain-text column
   * (registry.server.ts, defaultTitleField).
   */
  titleField?: string;
  /** Two or three columns a phone's card shows under the title; by default chosen by defaultCardFields. */
  cardFields?: string[];
  /** Rules beyond each field's validity, checked after validation and before the write; a refusal answers 409. */
  checkWrite?: (db: DB, check: WriteCheck) => Promise<WriteRefusal | undefined>;
}
