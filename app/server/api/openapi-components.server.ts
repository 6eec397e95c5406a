import { API_ERRORS, json, ref, type ErrorStatus } from "~/lib/api-declaration";
import { TOKEN_RATE_LIMIT } from "../auth/token-auth.server";
import { registeredTables, tableJsonSchemas, type JsonSchema } from "./table-schemas.server";

/**
 * The OpenAPI document's shared components (docs/decisions/0079): the
 * refusals every route may answer, the security schemes, the schemas several
 * routes use, and one schema per registered table with its list page and
 * write bodies (./table-schemas.server.ts, from the registry). Schemas one
 * route alone uses are declared by that route.
 */

export const securitySchemes = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "grd_ followed by 43 characters",
    description: "A personal API token made on /admin/tokens; it acts as its maker while they are an administrator.",
  },
  cookieAuth: {
    type: "apiKey",
    in: "cookie",
    name: "session",
    description: "The session cookie set by sign-in (`__Host-session` on https). Writes must come from this site (Origin).",
  },
};

const described: Record<ErrorStatus, string> = {
  400: "The request is not valid (the message says what to fix; `fields` per field).",
  401: "Not signed in, or the API token is invalid, expired or revoked.",
  403: "Not an administrator, a read-only token on a write, or a cross-site request.",
  404: "No such table, row or resource.",
  405: "The method is not taken here (Allow lists those that are), or the table is read-only.",
  409: "The table's own rules refuse the change, or other rows still refer to this one.",
  413: "The body is larger than this endpoint takes.",
  415: "The body or file is not of a type this endpoint takes.",
  422: "The mail server refused the address.",
  429: `Too many requests (an API token may make ${TOKEN_RATE_LIMIT.max} a minute); retry after Retry-After seconds.`,
  503: "A service the request needs is unavailable; retry after Retry-After seconds.",
};

/** components/responses: each refusal, answering `{ error }`. */
export function errorResponses(): Record<string, unknown> {
  return Object.fromEntries(
    (Object.keys(API_ERRORS) as unknown as ErrorStatus[]).map((status) => {
      const retry = status === 429 || status === 503 ? { headers: { "Retry-After": { schema: { type: "integer" } } } } : {};
      return [API_ERRORS[status], json(ref("Error"), described[status], retry)];
    }),
  );
}

/** The schemas several routes answer with. */
export const sharedSchemas: Record<string, JsonSchema> = {
  Error: {
    type: "object",
    properties: {
      error: { type: "string", description: "What went wrong, in words to show." },
      fields: { type: "object", additionalProperties: { type: "string" }, description: "A message per field, when fields are at fault." },
    },
    required: ["error"],
  },
  Success: { type: "object", properties: { success: { const: true }, message: { type: "string" } }, required: ["success"] },
  User: {
    type: "object",
    properties: { id: { type: "integer" }, email: { type: "string", format: "email" }, name: { type: "string" }, role: { type: ["string", "null"], enum: ["owner", "technician", null] }, isAdmin: { type: "boolean" } },
    required: ["id", "email", "name", "role", "isAdmin"],
  },
  SignedIn: { type: "object", properties: { success: { const: true }, user: ref("User") }, required: ["success", "user"] },
};

/** One schema per registered table (its row), and its list page and write bodies. */
export function tableSchemas(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const t of registeredTables()) {
    const s = tableJsonSchemas(t);
    out[t.name] = s.row;
    out[`${t.name}_list`] = {
      type: "object",
      title: `A page of ${t.title}`,
      properties: { rows: { type: "array", items: ref(t.name) }, total: { type: "integer", minimum: 0 } },
      required: ["rows", "total"],
    };
    if (s.create) out[`${t.name}_create`] = s.create;
    if (s.update) out[`${t.name}_update`] = s.update;
  }
  return out;
}
