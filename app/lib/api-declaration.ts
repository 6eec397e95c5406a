import type { z } from "zod";

/**
 * How a route under /api describes itself (docs/decisions/0079). Each such
 * route module exports
 *
 *   export const openapi = () => declareApi("/api/things/{id}", { get: {…}, post: {…} });
 *
 * beside its loader and action, and app/server/api/openapi.server.ts builds
 * /api/openapi.json from every declaration. tests/integration/openapi.test.ts
 * fails when a route of app/routes.ts under api/ declares nothing, declares
 * another path, or declares a method its module does not handle.
 *
 * Browser-safe on purpose (no server imports): route modules are bundled for
 * the browser too, with only their loader, action, middleware and headers
 * removed, so a .server import used by `openapi` would fail the build. And a
 * function, not a value: a function nobody calls is dropped from the
 * browser's bundle, a top-level call is not.
 */

export type HttpMethod = "get" | "post" | "put" | "delete";
/** The document's groups, in the order the API page shows them. */
export const API_TAGS = {
  Tables: "The dashboard's tables: list, read, add, change, delete, export.",
  Uploads: "Images, videos and documents for the site.",
  Website: "The public site's forms.",
  "Sign-in": "E-mailed codes, Google, passkeys, the session.",
  Documentation: "This description.",
} as const;
export type ApiTag = keyof typeof API_TAGS;

/**
 * Who may call: `public` needs nothing; `session` the session cookie; `admin`
 * is a route under the administrators' guard (routes/api.admin-guard.ts): a
 * bearer token or an administrator's session, refused with 401/403/429, and a
 * read-only token may only GET.
 */
export type ApiAccess = "public" | "session" | "admin";

/** The shared refusals, each answering `{ error }` (components/responses). */
export const API_ERRORS = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  409: "Conflict",
  413: "PayloadTooLarge",
  415: "UnsupportedMediaType",
  422: "Unprocessable",
  429: "TooManyRequests",
  503: "ServiceUnavailable",
} as const;
export type ErrorStatus = keyof typeof API_ERRORS;

/** A JSON Schema, or a zod schema that the document turns into one (its input side). */
export type Schema = z.ZodType | { [key: string]: unknown };
type Json = { [key: string]: unknown };

export interface ApiOperation {
  operationId: string;
  summary: string;
  tag: ApiTag;
  access: ApiAccess;
  /** OpenAPI parameter objects; a `schema` may be a zod schema. */
  parameters?: Json[];
  /** An OpenAPI request body; see jsonBody(). */
  requestBody?: Json;
  /** The answers this route makes itself, by status; see json(). */
  responses: Record<string, Json>;
  /** The shared refusals it may answer (the guard's 401, 403 and 429 are added for `admin`). */
  errors?: ErrorStatus[];
}

export interface ApiDeclaration {
  /** The route's path as OpenAPI writes it: /api/tables/{table}. */
  path: string;
  operations: Partial<Record<HttpMethod, ApiOperation>>;
  /** Named schemas this route's operations refer to with ref(), added to components/schemas. */
  schemas?: Record<string, Schema>;
}

export function declareApi(path: string, operations: ApiDeclaration["operations"], schemas?: ApiDeclaration["schemas"]): ApiDeclaration {
  return { path, operations, ...(schemas ? { schemas } : {}) };
}

// ---------------------------------------------------------------- building blocks

/** A named schema: components/schemas/{name} (a registered table's name, or a declared schema). */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A JSON answer. */
export const json = (schema: Schema, description: string, extra: Json = {}) => ({
  description,
  content: { "application/json": { schema } },
  ...extra,
});

/** A required JSON body. */
export const jsonBody = (schema: Schema, description?: string) => ({
  required: true,
  ...(description ? { description } : {}),
  content: { "application/json": { schema } },
});

/** The answer's session cookie, for the sign-in endpoints. */
export const setsSessionCookie = { headers: { "Set-Cookie": { description: "The session cookie.", schema: { type: "string" } } } };

/**
 * Which registered admin tables a schema speaks of: every one, or those that
 * take writes (not read-only). The registry is server code, so a declaration
 * names the set and the document fills in the names (docs/decisions/0079).
 */
export type TableSet = "all" | "writable";

/** A row of any table in the set (`suffix` "_create" / "_update" for the write bodies): a $ref, or anyOf them. */
export const tableRow = (tables: TableSet, suffix = "") => ({ "x-tables": { tables, suffix } });

/** One of the set's table names: { type: "string", enum: [...] }. */
export const tableName = (tables: TableSet) => ({ "x-table-names": tables });
