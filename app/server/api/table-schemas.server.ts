import { z } from "zod";
import { tableNames, getTable, writableColumns } from "../tables/registry.server";
import type { ColumnDef, TableDef } from "../tables/table-def.server";

/**
 * The JSON Schemas (draft 2020-12, as OpenAPI 3.1 takes them) of each
 * registered admin table, made from its registry declaration through zod 4's
 * `z.toJSONSchema`, so the API's description changes with the declaration and
 * never drifts from it (docs/decisions/0076).
 *
 * The rules are those the API applies (app/lib/table-schema.ts validateField):
 * an optional field may be empty ("" or null, stored as its default), limits
 * apply to a non-empty value, and formats the validator does not check are
 * said in `x-format` (an annotation), not `format`.
 */

export type JsonSchema = Record<string, unknown>;

/** Formats JSON Schema knows and the API checks; the others are `x-format`. */
const CHECKED_FORMATS = new Set(["email", "date", "date-time"]);

type Mode = "row" | "input";

/**
 * One column's value: as the API returns it ("row") or as a write takes it
 * ("input"). `required`: never empty (a required field, or in a row one that
 * only the server writes, such as created_at).
 */
function columnSchema(column: ColumnDef, required: boolean, mode: Mode): z.ZodType {
  let value: z.ZodType;
  switch (column.type) {
    case "boolean":
      value = z.boolean();
      break;
    case "integer":
    case "number": {
      let n = column.type === "integer" ? z.int() : z.number();
      if (column.minimum !== undefined) n = n.min(column.minimum);
      if (column.maximum !== undefined) n = n.max(column.maximum);
      value = column.enum ? z.union(column.enum.map((v) => z.literal(v as number))) : n;
      break;
    }
    case "array":
      value = z.array(column.enum ? z.enum(column.enum.map(String) as [string, ...string[]]) : z.string());
      break;
    case "string": {
      if (column.enum) {
        value = z.enum(column.enum.map(String) as [string, ...string[]]);
        break;
      }
      let s = z.string();
      const plain = !column.format || !CHECKED_FORMATS.has(column.format);
      if (plain && column.minLength !== undefined) s = s.min(column.minLength);
      if (plain && column.maxLength !== undefined) s = s.max(column.maxLength);
      if (column.pattern !== undefined) s = s.regex(new RegExp(`^(?:${column.pattern})$`));
      value = s;
      break;
    }
  }
  const format = column.format && CHECKED_FORMATS.has(column.format) ? { format: column.format } : column.format ? { "x-format": column.format } : {};
  value = value.meta(format);
  // Empty is a value for an optional field: "" for text (stored so), and null
  // on writes (taken as empty) or in a column that stores NULL.
  if (!required && column.type === "string" && !column.enum) value = z.union([value, z.literal("")]);
  if (column.nullable || (!required && mode === "input")) value = value.nullable();
  const meta: Record<string, unknown> = { title: column.title };
  if (column.description) meta.description = column.description;
  if (column.enumTitles) meta["x-enum-titles"] = column.enumTitles;
  if (mode === "row" && column.readOnly) meta.readOnly = true;
  if (mode === "input" && column.default !== undefined) meta.default = column.default;
  return value.meta(meta);
}

function toJson(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: "draft-2020-12", io }) as JsonSchema;
  return json;
}

export interface TableSchemas {
  /** A row as every answer gives it: the id and each declared column. */
  row: JsonSchema;
  /** POST's body (absent for a read-only table): the writable columns, the required ones required. */
  create?: JsonSchema;
  /** PUT's body: any of the writable columns; the others keep their values. */
  update?: JsonSchema;
}

const cache = new WeakMap<TableDef, TableSchemas>();

export function tableJsonSchemas(table: TableDef): TableSchemas {
  const cached = cache.get(table);
  if (cached) return cached;
  const required = new Set(table.required);
  const row = z
    .strictObject(Object.fromEntries(Object.entries(table.columns).map(([name, c]) => [name, columnSchema(c, required.has(name) || Boolean(c.readOnly), "row")])))
    .meta({ title: table.title, description: table.description, ...(table.readOnly ? { readOnly: true } : {}) });
  const schemas: TableSchemas = { row: toJson(row, "output") };
  const writable = writableColumns(table);
  if (writable.length) {
    // Fields the table does not declare are ignored, not refused: loose objects.
    const create = z
      .looseObject(
        Object.fromEntries(
          writable.map(([name, c]) => {
            const field = columnSchema(c, required.has(name), "input");
            return [name, required.has(name) && c.default === undefined ? field : field.optional()];
          }),
        ),
      )
      .meta({ title: `New ${table.title} row` });
    const update = z
      .looseObject(Object.fromEntries(writable.map(([name, c]) => [name, columnSchema(c, required.has(name), "input").optional()])))
      .meta({ title: `${table.title} changes` });
    schemas.create = toJson(create, "input");
    schemas.update = toJson(update, "input");
  }
  cache.set(table, schemas);
  return schemas;
}

/** Every registered table, in sidebar order. */
export function registeredTables(): TableDef[] {
  return tableNames().map((name) => getTable(name)!);
}
