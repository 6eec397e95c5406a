import type { RawBuilder } from "kysely";
import { FAQ_CATEGORIES } from "~/lib/faq-categories";
import type { PropertySchema, TableSchema } from "~/lib/table-schema";
import { checkUserWrite, effectiveAdminSql } from "../auth/users.server";
import type { DB } from "../db.server";
import { sanitizeRichText } from "../rich-text.server";
import type { SessionUser } from "../session.server";

/**
 * The admin tables, each declared once. From a declaration come the JSON
 * schema served to the dashboard, the server-side validation of every write
 * and the whitelist of columns that may be read, filtered, sorted and written:
 * no identifier reaches SQL unless it is written here.
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
  defaultSort: { field: string; direction: "asc" | "desc" };
  /** Nothing may be added, changed or deleted through the dashboard. */
  readOnly?: boolean;
  /**
   * The table can grow large: its unfiltered total is read from the row
   * counter kept by triggers (db/migrations/2026-11-21-06-admin-tables.ts).
   */
  countedRows?: boolean;
  /** Rules beyond each field's validity, checked after validation and before the write; a refusal answers 409. */
  checkWrite?: (db: DB, check: WriteCheck) => Promise<WriteRefusal | undefined>;
}

const id: ColumnDef = { type: "integer", title: "ID", readOnly: true, sortable: true };
const createdAt: ColumnDef = { type: "string", title: "Created", format: "date-time", readOnly: true, sortable: true };
const updatedAt: ColumnDef = { type: "string", title: "Updated", format: "date-time", readOnly: true };
const sortOrder: ColumnDef = {
  type: "integer",
  title: "Sort Order",
  description: "Lower numbers are shown first",
  default: 0,
  minimum: 0,
  maximum: 100000,
  sortable: true,
};
const sanitise = (value: unknown) => (typeof value === "string" ? sanitizeRichText(value) : value);

export const QUOTE_STATUSES = ["new", "contacted", "quoted", "booked", "closed"] as const;

const tables: TableDef[] = [
  {
    name: "quote_requests",
    title: "Quote Requests",
    description: "Quote requests sent from the website's contact form",
    required: ["name", "email", "phone", "vehicle_type", "status"],
    defaultSort: { field: "created_at", direction: "desc" },
    countedRows: true,
    columns: {
      id,
      name: { type: "string", title: "Full Name", minLength: 2, maxLength: 100, sortable: true, searchable: true },
      email: { type: "string", title: "Email", format: "email", maxLength: 254, sortable: true, searchable: true },
      phone: { type: "string", title: "Phone", minLength: 10, maxLength: 20, searchable: true },
      vehicle_type: { type: "string", title: "Vehicle Type", maxLength: 100, sortable: true, searchable: true },
      message: { type: "string", title: "Additional Details", format: "textarea", maxLength: 1000 },
      status: {
        type: "string",
        title: "Status",
        enum: [...QUOTE_STATUSES],
        enumTitles: ["New", "Contacted", "Quoted", "Booked", "Closed"],
        default: "new",
        sortable: true,
      },
      notes: {
        type: "string",
        title: "Internal Notes",
        description: "Only staff see these notes",
        multiline: true,
        maxLength: 5000,
      },
      client_ip: { type: "string", title: "Client IP", readOnly: true },
      created_at: createdAt,
      updated_at: updatedAt,
    },
  },
  {
    name: "testimonials",
    title: "Testimonials",
    description: "Customer testimonials shown on the home page",
    required: ["name", "text", "rating"],
    defaultSort: { field: "sort_order", direction: "asc" },
    columns: {
      id,
      name: { type: "string", title: "Name", maxLength: 100, sortable: true, searchable: true },
      text: { type: "string", title: "Text", format: "textarea", maxLength: 2000, searchable: true },
      rating: { type: "integer", title: "Rating", description: "1 to 5 stars", minimum: 1, maximum: 5, default: 5, sortable: true },
      service: { type: "string", title: "Service", maxLength: 200, searchable: true },
      image: { type: "string", title: "Image", format: "media_url", description: "A photo of the work" },
      sort_order: sortOrder,
      created_at: createdAt,
    },
  },
  {
    name: "faqs",
    title: "FAQs",
    description: "Frequently asked questions on the home page",
    required: ["question", "answer", "category"],
    defaultSort: { field: "sort_order", direction: "asc" },
    columns: {
      id,
      question: { type: "string", title: "Question", maxLength: 300, sortable: true, searchable: true },
      answer: { type: "string", title: "Answer", format: "markdown", description: "Markdown", maxLength: 5000, searchable: true },
      category: {
        type: "string",
        title: "Category",
        enum: [...FAQ_CATEGORIES],
        enumTitles: [...FAQ_CATEGORIES],
        sortable: true,
      },
      sort_order: sortOrder,
      created_at: createdAt,
    },
  },
  {
    name: "care_guides",
    title: "Care Guides",
    description: "Aftercare guides for each service, with a downloadable PDF",
    required: ["title", "body"],
    defaultSort: { field: "sort_order", direction: "asc" },
    columns: {
      id,
      title: { type: "string", title: "Title", minLength: 3, maxLength: 150, sortable: true, searchable: true },
      summary: { type: "string", title: "Summary", multiline: true, rows: 3, maxLength: 500, searchable: true },
      body: { type: "string", title: "Body", format: "rich_text", maxLength: 100000, write: sanitise },
      pdf: { type: "string", title: "PDF Guide", format: "file_url", description: "The printable guide" },
      cover: { type: "string", title: "Cover Image", format: "media_url" },
      product_web_url: {
        type: "string",
        title: "Product Link",
        format: "url",
        description: "Where to buy the products the guide recommends",
        pattern: "https?://\\S+",
        maxLength: 500,
      },
      contact_email: { type: "string", title: "Questions To", format: "email", description: "Who answers questions about this guide" },
      reviewed_on: { type: "string", title: "Last Reviewed", format: "date", nullable: true },
      published: { type: "boolean", title: "Published", default: false, sortable: true },
      sort_order: sortOrder,
      updated_at: updatedAt,
    },
  },
  {
    name: "users",
    title: "Users",
    description: "People who can sign in; administrators manage this dashboard",
    required: ["email"],
    defaultSort: { field: "created_at", direction: "desc" },
    countedRows: true,
    // No administrator demotes or deletes themselves; ADMIN_EMAILS addresses stay administrators (ADR 0034).
    checkWrite: checkUserWrite,
    columns: {
      id,
      email: { type: "string", title: "Email", format: "email", maxLength: 254, sortable: true, searchable: true, write: (v) => (typeof v === "string" ? v.trim().toLowerCase() : v) },
      name: { type: "string", title: "Name", maxLength: 100, sortable: true, searchable: true },
      is_admin: {
        type: "boolean",
        title: "Administrator",
        description: "Addresses in the server's ADMIN_EMAILS setting are always administrators",
        default: false,
        sortable: true,
        // What sign-in grants, not only what is stored: the stored flag or ADMIN_EMAILS.
        read: (ref) => effectiveAdminSql(ref("is_admin"), ref("email")),
      },
      created_at: createdAt,
      last_login_at: { type: "string", title: "Last Sign-in", format: "date-time", readOnly: true, nullable: true },
    },
  },
  {
    name: "auth_audit",
    title: "Sign-in Audit Trail",
    description: "Every sign-in attempt, kept for security review",
    required: [],
    defaultSort: { field: "created_at", direction: "desc" },
    readOnly: true,
    countedRows: true,
    columns: {
      id,
      created_at: { ...createdAt, title: "Time" },
      event: { type: "string", title: "Event", readOnly: true, sortable: true, searchable: true },
      email: { type: "string", title: "Email", readOnly: true, sortable: true, searchable: true },
      outcome: { type: "string", title: "Outcome", readOnly: true, sortable: true },
      client_ip: { type: "string", title: "Client IP", readOnly: true, searchable: true },
      detail: { type: "string", title: "Detail", readOnly: true },
    },
  },
];

const byName = new Map(tables.map((t) => [t.name, t]));

checkDeclarations();

export function tableNames(): string[] {
  return tables.map((t) => t.name);
}

export function getTable(name: string): TableDef | undefined {
  return byName.get(name);
}

/** The table, or a thrown 404 JSON response for a name that is not registered. */
export function requireTable(name: string | undefined): TableDef {
  const table = name === undefined ? undefined : byName.get(name);
  if (!table) throw Response.json({ error: `Unknown table: ${name}` }, { status: 404 });
  return table;
}

/** The JSON schema the dashboard draws its grid and form from. */
export function tableSchema(table: TableDef): TableSchema {
  const properties: Record<string, PropertySchema> = {};
  for (const [name, { nullable: _n, write: _w, read: _r, ...prop }] of Object.entries(table.columns)) {
    properties[name] = table.readOnly ? { ...prop, readOnly: true } : prop;
  }
  return {
    name: table.name,
    title: table.title,
    description: table.description,
    properties,
    required: table.required,
    ...(table.readOnly ? { readOnly: true } : {}),
  };
}

/** Columns a write may set: everything not read-only (none for a read-only table). */
export function writableColumns(table: TableDef): [string, ColumnDef][] {
  if (table.readOnly) return [];
  return Object.entries(table.columns).filter(([, c]) => !c.readOnly);
}

// Mistakes in the declarations above fail at start-up with what to fix, not at the first request.
function checkDeclarations() {
  for (const t of tables) {
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
