import type { PropertySchema, TableSchema } from "~/lib/table-schema";
import { notFound } from "../app-error.server";
import { ADMIN_TABLES } from "./admin-tables.server";
import type { ColumnDef, TableDef } from "./table-def.server";

/** The admin tables by name (declared in ./admin-tables.server.ts), and what is derived from a declaration. */

// For app/server/auth/users.server.ts, which declares the users table's rules; new code imports ./table-def.server.
export type { WriteCheck, WriteRefusal } from "./table-def.server";

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
      properties[name] = table.readOnly ? { ...prop, readOnly: true } : prop;
    }
    schema = {
      name: table.name,
      title: table.title,
      description: table.description,
      properties,
      required: table.required,
      defaultSort: table.defaultSort,
      ...(table.readOnly ? { readOnly: true } : {}),
    };
    schemas.set(table, schema);
  }
  return schema;
}

/** Columns a write may set: everything not read-only (none for a read-only table). */
export function writableColumns(table: TableDef): [string, ColumnDef][] {
  if (table.readOnly) return [];
  return Object.entries(table.columns).filter(([, c]) => !c.readOnly);
}

// Mistakes in the declarations fail at start-up with what to fix, not at the first request.
function checkDeclarations() {
  for (const t of ADMIN_TABLES) {
    const sort = t.columns[t.defaultSort.field];
    if (!sort?.sortable) throw new Error(`Admin table ${t.name}: defaultSort field ${t.defaultSort.field} must be a sortable column`);
    for (const r of t.required) if (!t.columns[r]) throw new Error(`Admin table ${t.name}: required field ${r} is not a column`);
    for (const [name, c] of Object.entries(t.columns)) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Admin table ${t.name}: column name ${name} must be snake_case`);
      // Export pages through the sort column with keyset pagination, which needs non-NULL values.
      if (c.sortable && c.nullable) throw new Error(`Admin table ${t.name}: sortable column ${name} must be NOT NULL`);
      if (c.searchable && c.type !== "string") throw new Error(`Admin table ${t.name}: searchable column ${name} must be a string`);
    }
  }
}
