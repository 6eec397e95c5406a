import type { PropertySchema, TableSchema } from "~/lib/table-schema";
import { notFound } from "../app-error.server";
import { ADMIN_TABLES } from "./admin-tables.server";
import type { ColumnDef, TableDef } from "./table-def.server";

/** The admin tables by name (declared in ./admin-tables.server.ts), and what is derived from a declaration. */

const byName = new Map(ADMIN_TABLES.map((t) => [t.name, t]));

checkDeclarations();

export function tableNames(): string[] {
  return ADMIN_TABLES.map((t) => t.name);
}

export function getTable(name: string): TableDef | undefined {
  return byName.get(name);
}

/** The table, or a 404 AppError for a name that is not registered. */
export function requireTable(name: string | undefined): TableDef {
  const table = name === undefined ? undefined : byName.get(name);
  if (!table) throw notFound(`Unknown table: ${name}`);
  return table;
}

const schemas = new WeakMap<TableDef, TableSchema>();

/** The JSON schema the dashboard draws its grid and form from and the list query is parsed against. */
export function tableSchema(table: TableDef): TableSchema {
  let schema = schemas.get(table);
  if (!schema) {
    const properties: Record<string, PropertySchema> = {};
    for (const [name, { nullable: _n, write: _w, read: _r, ...prop }] of Object.entries(table.columns)) {
      const searched = { ...prop, searchable: isSearchable(prop) };
      properties[name] = table.readOnly ? { ...searched, readOnly: true } : searched;
    }
    schema = {
      name: table.name,
      title: table.title,
      description: table.description,
      properties,
      required: table.required,
      defaultSort: table.defaultSort,
      ...(table.readOnly ? { readOnly: true } : {}),
      titleField: table.titleField ?? defaultTitleField(table),
      cardFields: table.cardFields ?? defaultCardFields(table),
    };
    schemas.set(table, schema);
  }
  return schema;
}

/**
 * Every text column is searched (the "search covers every text
 * column"): a string that is not an enum (those have filters), an upload's
 * URL or a date. A declaration may still opt a column out with `searchable: false`.
 */
function isSearchable(column: PropertySchema): boolean {
  if (column.searchable !== undefined) return column.searchable;
  if (column.type !== "string" || column.enum) return false;
  return !["media_url", "file_url", "date", "date-time"].includes(column.format ?? "");
}

/** Formats that are long to read: a card shows none of them. */
const LONG_FORMATS = new Set(["textarea", "rich_text", "markdown", "media_url", "file_url"]);

/**
 * What names a row: the first searchable plain-text (or e-mail) column, since
 * people find rows by what they search for (a name, a title, a question). The
 * id when there is none.
 */
export function defaultTitleField(table: TableDef): string {
  const found = Object.entries(table.columns).find(
    ([, c]) => isSearchable(c) && !c.enum && !c.multiline && (!c.format || c.format === "email"),
  );
  return found?.[0] ?? "id";
}

/**
 * The card's key fields, at most three: first what tells a row's state at a
 * glance (enums and booleans: a status, Published), then short values in
 * declaration order (contact details, numbers, short text), never long text,
 * uploads or the bookkeeping timestamps, except the date the list is sorted by.
 */
export function defaultCardFields(table: TableDef): string[] {
  const title = table.titleField ?? defaultTitleField(table);
  const candidates = Object.entries(table.columns).filter(([name, c]) => {
    if (name === "id" || name === title || c.type === "array") return false;
    if (c.format && LONG_FORMATS.has(c.format)) return false;
    const contact = c.format === "email" || c.format === "url";
    if (c.multiline || (!contact && c.maxLength !== undefined && c.maxLength > 200)) return false;
    if (c.format?.startsWith("date")) return name === table.defaultSort.field;
    return name !== "sort_order";
  });
  const glance = candidates.filter(([, c]) => c.enum || c.type === "boolean");
  const rest = candidates.filter(([, c]) => !(c.enum || c.type === "boolean"));
  return [...glance, ...rest].slice(0, 3).map(([name]) => name);
}

/** Columns a write may set: everything not read-only (none for a read-only table). */
export function writableColumns(table: TableDef): [string, ColumnDef][] {
  if (table.readOnly) return [];
  return Object.entries(table.columns).filter(([, c]) => !c.readOnly);
}

// Mistakes in the declarations fail at start-up with what to fix, not at the first request.
function checkDeclarations() {
  for (const t of ADMIN_TABLES) {
    for (const f of [t.titleField ?? "id", ...(t.cardFields ?? [])]) {
      if (!t.columns[f]) throw new Error(`Admin table ${t.name}: card field ${f} is not a column`);
    }
    const sort = t.columns[t.defaultSort.field];
    if (!sort?.sortable) throw new Error(`Admin table ${t.name}: defaultSort field ${t.defaultSort.field} must be a sortable column`);
    for (const r of t.required) if (!t.columns[r]) throw new Error(`Admin table ${t.name}: required field ${r} is not a column`);
    for (const [name, c] of Object.entries(t.columns)) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Admin table ${t.name}: column name ${name} must be snake_case`);
      // Export pages through the sort column with keyset pagination, which needs non-NULL values.
      if (c.sortable && c.nullable) throw new Error(`Admin table ${t.name}: sortable column ${name} must be NOT NULL`);
      if (isSearchable(c) && c.type !== "string") throw new Error(`Admin table ${t.name}: searchable column ${name} must be a string`);
    }
  }
}
