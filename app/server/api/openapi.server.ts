import { z } from "zod";
import { MAX_LIMIT, PAGE_SIZE } from "~/lib/list-query";
import { quoteSchema } from "~/lib/quote-schema";
import { QUOTE_FORM_ID } from "~/lib/quote-form";
import { shortName } from "~/lib/site-settings";
import { TOKEN_RATE_LIMIT } from "../auth/tokens.server";
import { registeredTables, tableJsonSchemas, type JsonSchema } from "./table-schemas.server";

/**
 * GET /api/openapi.json: the OpenAPI 3.1 description of every /api route
 * (docs/decisions/0037). Hand-written here: each path's operations, their
 * parameters, bodies, answers and errors. Made from code: the tables' schemas
 * (./table-schemas.server.ts, from the registry) and the quote form's (its
 * zod schema). tests/integration/openapi.test.ts fails when a route in
 * app/routes.ts under api/ has no path here, and validates the document.
 *
 * To describe a new route: add its path to `paths()` below, with `guarded()`
 * for routes under the administrators' guard (api.admin-guard.ts).
 */

type Operation = Record<string, unknown>;
type PathItem = Record<string, Operation | unknown[]>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown, description: string, extra: Record<string, unknown> = {}) => ({
  description,
  content: { "application/json": { schema } },
  ...extra,
});
const jsonBody = (schema: unknown, description?: string) => ({ required: true, ...(description ? { description } : {}), content: { "application/json": { schema } } });

/** Refusals: each answers `{ error }` (components/responses). */
const ERRORS = {
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
type ErrorStatus = keyof typeof ERRORS;
const errors = (...statuses: ErrorStatus[]) =>
  Object.fromEntries(statuses.map((s) => [String(s), { $ref: `#/components/responses/${ERRORS[s]}` }]));

/** An operation under the administrators' guard: a bearer token or an administrator's session cookie. */
function guarded(op: Operation & { responses: Record<string, unknown> }, write = false): Operation {
  return {
    ...op,
    security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    responses: { ...op.responses, ...errors(401, 403, 429) },
    ...(write ? { "x-token-access": "read-write" } : { "x-token-access": "read-only" }),
  };
}

const tableParam = (tables: string[]) => ({
  name: "table",
  in: "path",
  required: true,
  description: "A registered table's name (GET /api/admin/schemas lists them).",
  schema: { type: "string", enum: tables },
});
const idParam = { name: "id", in: "path", required: true, description: "The row's id.", schema: { type: "integer", minimum: 1 } };
const listParams = [
  { name: "page", in: "query", description: "1-based page number.", schema: { type: "integer", minimum: 1, default: 1 } },
  { name: "limit", in: "query", description: `Rows per page (at most ${MAX_LIMIT}; more is capped).`, schema: { type: "integer", minimum: 1, default: PAGE_SIZE } },
  { name: "sort", in: "query", description: "`field:asc` or `field:desc`, a sortable column; the table's own order when absent.", schema: { type: "string", pattern: "^[a-z_][a-z0-9_]*:(asc|desc)$" } },
  { name: "q", in: "query", description: "Search: rows whose searchable columns contain this text (case-insensitive).", schema: { type: "string", maxLength: 200 } },
  {
    name: "contains",
    in: "query",
    style: "form",
    explode: true,
    description: "`{field}_contains=term`: rows whose searchable column `field` contains the term; several must all hold.",
    schema: { type: "object", propertyNames: { pattern: "^[a-z_][a-z0-9_]*_contains$" }, additionalProperties: { type: "string", maxLength: 200 } },
  },
  {
    name: "filters",
    in: "query",
    style: "form",
    explode: true,
    description:
      "`{field}={value}`: rows whose enum column `field` equals `value` (one of its enum values), or whose boolean column is `true` or `false`; an empty value is no filter; several must all hold. Any other parameter name, a column that is neither enum nor boolean, a value outside the column's or a field given twice answers 400.",
    schema: { type: "object", additionalProperties: { type: "string" } },
  },
];

const anyOfTables = (names: string[], suffix = "") => (names.length === 1 ? ref(names[0] + suffix) : { anyOf: names.map((n) => ref(n + suffix)) });

function paths(tableNames: string[], writableTables: string[]): Record<string, PathItem> {
  const table = tableParam(tableNames);
  const rowOfTable = { ...anyOfTables(tableNames), description: "A row of the named table: components/schemas/{table}." };
  const setCookie = { headers: { "Set-Cookie": { description: "The session cookie.", schema: { type: "string" } } } };
  return {
    // ------------------------------------------------------------ the site's forms
    "/api/forms/submit": {
      post: {
        tags: ["Website"],
        operationId: "submitForm",
        summary: "Submit a website form (the quote request)",
        security: [],
        requestBody: jsonBody(ref("QuoteForm")),
        responses: {
          "200": json(ref("FormSuccess"), "Received; `message` is what the visitor reads."),
          "400": json(ref("FormFailure"), "Invalid fields (`errors` per field) or a body that is not a JSON object."),
          "404": json(ref("FormFailure"), "Unknown formId."),
          "429": json(ref("FormFailure"), "Too many requests from this address (Retry-After)."),
          ...errors(405, 413, 503),
        },
      },
    },

    // ------------------------------------------------------------ sign-in
    "/api/send-otp": {
      post: {
        tags: ["Sign-in"],
        operationId: "sendSignInCode",
        summary: "E-mail a sign-in code",
        security: [],
        requestBody: jsonBody({ type: "object", properties: { email: { type: "string", format: "email" } }, required: ["email"] }),
        responses: { "200": json(ref("Success"), "Code sent."), ...errors(400, 405, 422, 429, 503) },
      },
    },
    "/api/verify-otp": {
      post: {
        tags: ["Sign-in"],
        operationId: "verifySignInCode",
        summary: "Sign in with an e-mailed code (sets the session cookie)",
        security: [],
        requestBody: jsonBody({
          type: "object",
          properties: { email: { type: "string", format: "email" }, otp: { type: "string", pattern: "^\\d{6}$" } },
          required: ["email", "otp"],
        }),
        responses: { "200": json(ref("SignedIn"), "Signed in.", setCookie), ...errors(400, 401, 405, 429) },
      },
    },
    "/api/oauth/google/redirect_url": {
      get: {
        tags: ["Sign-in"],
        operationId: "googleRedirectUrl",
        summary: "Start a sign-in with Google (popup flow)",
        security: [],
        parameters: [{ name: "originUrl", in: "query", description: "This site's origin.", schema: { type: "string", format: "uri" } }],
        responses: {
          "200": json({ type: "object", properties: { redirectUrl: { type: "string", format: "uri" } }, required: ["redirectUrl"] }, "The provider's page to open."),
          ...errors(400, 404),
        },
      },
    },
    "/api/sessions": {
      post: {
        tags: ["Sign-in"],
        operationId: "googleSignIn",
        summary: "Finish a sign-in with Google: exchange the code (sets the session cookie)",
        security: [],
        requestBody: jsonBody({ type: "object", properties: { code: { type: "string" }, state: { type: "string" } }, required: ["code"] }),
        responses: { "200": json(ref("SignedIn"), "Signed in.", setCookie), ...errors(400, 401, 403, 404, 405, 409) },
      },
    },
    "/api/users/me": {
      get: {
        tags: ["Sign-in"],
        operationId: "currentUser",
        summary: "The signed-in user",
        security: [{ cookieAuth: [] }],
        responses: { "200": json(ref("User"), "The user."), ...errors(401) },
      },
    },
    "/api/logout": {
      get: {
        tags: ["Sign-in"],
        operationId: "logout",
        summary: "Sign out (ends the session, clears the cookie)",
        security: [{ cookieAuth: [] }],
        responses: { "200": json(ref("Success"), "Signed out."), ...errors(403) },
      },
      post: {
        tags: ["Sign-in"],
        operationId: "logoutForm",
        summary: "Sign out from a form, then go to the sign-in page",
        security: [{ cookieAuth: [] }],
        responses: { "302": { description: "To /login.", headers: { Location: { schema: { type: "string" } } } }, ...errors(403) },
      },
    },
    "/api/admin/status": {
      get: {
        tags: ["Sign-in"],
        operationId: "adminStatus",
        summary: "Whether the signed-in user is an administrator",
        security: [{ cookieAuth: [] }],
        responses: {
          "200": json({ type: "object", properties: { isAdmin: { type: "boolean" } }, required: ["isAdmin"] }, "The answer."),
          "401": json(
            { type: "object", properties: { error: { type: "string" }, isAdmin: { const: false } }, required: ["error", "isAdmin"] },
            "Not signed in.",
          ),
        },
      },
    },
    "/api/openapi.json": {
      get: {
        tags: ["Documentation"],
        operationId: "openApiDocument",
        summary: "This document",
        security: [],
        responses: { "200": json({ type: "object", description: "An OpenAPI 3.1 document." }, "The document.") },
      },
    },

    // ------------------------------------------------------------ administrators: schemas
    "/api/admin/schemas": {
      get: guarded({
        tags: ["Tables"],
        operationId: "listTables",
        summary: "The registered tables' names, in the dashboard's order",
        responses: { "200": json({ type: "array", items: { type: "string", enum: tableNames } }, "The names.") },
      }),
    },
    "/api/admin/schemas/{name}": {
      get: guarded({
        tags: ["Tables"],
        operationId: "tableSchema",
        summary: "A table's schema as the dashboard reads it (fields, titles, formats, sorting)",
        parameters: [{ ...table, name: "name" }],
        responses: { "200": json(ref("TableSchema"), "The schema."), ...errors(404) },
      }),
    },

    // ------------------------------------------------------------ administrators: rows
    "/api/tables/{table}": {
      get: guarded({
        tags: ["Tables"],
        operationId: "listRows",
        summary: "One page of a table's rows, sorted and searched",
        parameters: [table, ...listParams],
        responses: {
          "200": json(
            {
              type: "object",
              description: "`rows`: rows of the named table (components/schemas/{table}_list).",
              properties: { rows: { type: "array", items: rowOfTable }, total: { type: "integer", minimum: 0 } },
              required: ["rows", "total"],
            },
            "The page and the number of matching rows.",
          ),
          ...errors(400, 404),
        },
      }),
      post: guarded(
        {
          tags: ["Tables"],
          operationId: "createRow",
          summary: "Add a row",
          parameters: [tableParam(writableTables)],
          requestBody: jsonBody(anyOfTables(writableTables, "_create"), "The row: components/schemas/{table}_create."),
          responses: { "201": json(rowOfTable, "The stored row."), ...errors(400, 404, 405, 409, 413) },
        },
        true,
      ),
    },
    "/api/tables/{table}/export": {
      get: guarded({
        tags: ["Tables"],
        operationId: "exportRows",
        summary: "Every matching row as a CSV download (streamed)",
        parameters: [table, ...listParams.filter((p) => p.name !== "page" && p.name !== "limit")],
        responses: {
          "200": {
            description:
              "CSV (RFC 4180) after a UTF-8 byte order mark, a header line then one line per row; times in ISO 8601 with the offset of the business's time zone (BUSINESS_TIME_ZONE); cells a spreadsheet would run as a formula are neutralised.",
            headers: { "Content-Disposition": { schema: { type: "string" } } },
            content: { "text/csv": { schema: { type: "string" } } },
          },
          ...errors(400, 404),
        },
      }),
    },
    "/api/tables/{table}/import": {
      post: guarded(
        {
          tags: ["Tables"],
          operationId: "importRows",
          summary: "Import a CSV file (header row = column names, as the export writes them): all rows or none",
          parameters: [tableParam(writableTables)],
          requestBody: {
            required: true,
            content: {
              "text/csv": { schema: { type: "string" } },
              "multipart/form-data": { schema: { type: "object", properties: { file: { type: "string", contentMediaType: "text/csv" } }, required: ["file"] } },
            },
          },
          responses: {
            "200": json(
              { type: "object", properties: { created: { type: "integer", minimum: 0 }, updated: { type: "integer", minimum: 0 } }, required: ["created", "updated"] },
              "Imported.",
            ),
            "400": json(
              {
                type: "object",
                properties: {
                  error: { type: "string" },
                  problems: {
                    type: "array",
                    items: { type: "object", properties: { line: { type: "integer" }, column: { type: "string" }, message: { type: "string" } }, required: ["line", "message"] },
                  },
                  truncated: { type: "boolean" },
                },
                required: ["error"],
              },
              "Nothing was imported: the file's problems, by line.",
            ),
            ...errors(404, 405, 409, 413, 415),
          },
        },
        true,
      ),
    },
    "/api/tables/{table}/{id}": {
      get: guarded({
        tags: ["Tables"],
        operationId: "getRow",
        summary: "One row",
        parameters: [table, idParam],
        responses: { "200": json(rowOfTable, "The row."), ...errors(404) },
      }),
      put: guarded(
        {
          tags: ["Tables"],
          operationId: "updateRow",
          summary: "Change a row: the fields sent; the others keep their values",
          parameters: [tableParam(writableTables), idParam],
          requestBody: jsonBody(anyOfTables(writableTables, "_update"), "The changed fields: components/schemas/{table}_update."),
          responses: { "200": json(rowOfTable, "The stored row."), ...errors(400, 404, 405, 409, 413) },
        },
        true,
      ),
      delete: guarded(
        {
          tags: ["Tables"],
          operationId: "deleteRow",
          summary: "Delete a row: it goes to the trash for 30 days, from where POST …/{id}/restore brings it back",
          parameters: [tableParam(writableTables), idParam],
          responses: { "200": json(ref("Success"), "Deleted."), ...errors(404, 405, 409) },
        },
        true,
      ),
    },
    "/api/tables/{table}/{id}/restore": {
      post: guarded(
        {
          tags: ["Tables"],
          operationId: "restoreRow",
          summary: "Restore a deleted row",
          parameters: [tableParam(writableTables), idParam],
          // 400: a unique value (an e-mail, a slug) another row took meanwhile; 409: the row is not deleted.
          responses: { "200": json(rowOfTable, "The restored row."), ...errors(400, 404, 405, 409) },
        },
        true,
      ),
    },

    // ------------------------------------------------------------ administrators: uploads
    "/api/upload/{kind}": {
      get: guarded({
        tags: ["Uploads"],
        operationId: "uploadRules",
        summary: "What an upload of this kind may be: the size limit, and the types taken",
        parameters: [{ name: "kind", in: "path", required: true, schema: { type: "string", enum: ["media", "image", "file"] } }],
        responses: {
          "200": json(
            {
              type: "object",
              properties: { maxBytes: { type: "integer" }, maxSize: { type: "string", description: 'The limit in words, e.g. "25 MB".' }, accepts: { type: "string" } },
              required: ["maxBytes", "maxSize", "accepts"],
            },
            "The rules.",
          ),
          ...errors(404),
        },
      }),
      post: guarded(
        {
          tags: ["Uploads"],
          operationId: "upload",
          summary: "Upload a file (multipart field `file`): `media` (images and videos), `image` (raster images) or `file` (PDF and documents)",
          parameters: [{ name: "kind", in: "path", required: true, schema: { type: "string", enum: ["media", "image", "file"] } }],
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: { type: "object", properties: { file: { type: "string", contentMediaType: "application/octet-stream" } }, required: ["file"] },
              },
            },
          },
          responses: {
            "201": json({ oneOf: [ref("MediaUpload"), ref("FileUpload")] }, "Stored: `media_url` for media and image, `file_url` for file."),
            ...errors(400, 404, 405, 413, 415),
          },
        },
        true,
      ),
    },
  };
}

const errorSchema = {
  type: "object",
  properties: {
    error: { type: "string", description: "What went wrong, in words to show." },
    fields: { type: "object", additionalProperties: { type: "string" }, description: "A message per field, when fields are at fault." },
  },
  required: ["error"],
};

const errorResponses = (): Record<string, unknown> => {
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
  return Object.fromEntries(
    (Object.keys(ERRORS) as unknown as ErrorStatus[]).map((status) => {
      const retry = status === 429 || status === 503 ? { headers: { "Retry-After": { schema: { type: "integer" } } } } : {};
      return [ERRORS[status], json(ref("Error"), described[status], retry)];
    }),
  );
};

function schemas(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {
    Error: errorSchema,
    Success: { type: "object", properties: { success: { const: true }, message: { type: "string" } }, required: ["success"] },
    User: {
      type: "object",
      properties: { id: { type: "integer" }, email: { type: "string", format: "email" }, name: { type: "string" }, isAdmin: { type: "boolean" } },
      required: ["id", "email", "name", "isAdmin"],
    },
    SignedIn: { type: "object", properties: { success: { const: true }, user: ref("User") }, required: ["success", "user"] },
    QuoteForm: quoteFormSchema(),
    FormSuccess: { type: "object", properties: { success: { const: true }, message: { type: "string" } }, required: ["success", "message"] },
    FormFailure: {
      type: "object",
      properties: {
        success: { const: false },
        message: { type: "string" },
        error: { type: "string" },
        errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
      },
      required: ["success", "message", "error"],
    },
    MediaUpload: {
      type: "object",
      properties: { media_url: { type: "string" }, file_name: { type: "string", description: "The file's own name, sanitised: downloads keep it." } },
      required: ["media_url", "file_name"],
    },
    FileUpload: {
      type: "object",
      properties: { file_url: { type: "string" }, file_name: { type: "string", description: "The file's own name, sanitised: downloads keep it." } },
      required: ["file_url", "file_name"],
    },
    TableSchema: {
      type: "object",
      description: "A table as the dashboard draws it: each property's type, title, format, limits, and whether it sorts and searches.",
      properties: {
        name: { type: "string" },
        title: { type: "string" },
        description: { type: "string" },
        properties: { type: "object", additionalProperties: { type: "object", properties: { type: { type: "string" }, title: { type: "string" } }, required: ["type", "title"] } },
        required: { type: "array", items: { type: "string" } },
        defaultSort: { type: "object", properties: { field: { type: "string" }, direction: { enum: ["asc", "desc"] } }, required: ["field", "direction"] },
        readOnly: { type: "boolean" },
      },
      required: ["name", "title", "properties", "required", "defaultSort"],
    },
  };
  // One schema per registered table (its row), and its list page and write bodies.
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

/** The quote form's body: the form's own zod schema, plus the form's id. */
function quoteFormSchema(): JsonSchema {
  const body = quoteSchema.extend({ formId: z.literal(QUOTE_FORM_ID) });
  const { $schema: _dialect, ...json } = z.toJSONSchema(body, { target: "draft-2020-12", io: "input" }) as JsonSchema;
  return json;
}

let cached: JsonSchema | undefined;

/** The API's name: the business's, as the settings have it now ("Shine On Wheels API"). */
function apiTitle(businessName: string): string {
  return `${shortName(businessName)} API`;
}

/**
 * The document, titled with the business's name (`businessName`, from the
 * settings); the rest depends on code only, so it is made once per process.
 */
export function openApiDocument(businessName: string): JsonSchema {
  const doc = codeDocument();
  return { ...doc, info: { ...(doc.info as JsonSchema), title: apiTitle(businessName) } };
}

function codeDocument(): JsonSchema {
  if (cached) return cached;
  const tables = registeredTables();
  const names = tables.map((t) => t.name);
  const writable = tables.filter((t) => tableJsonSchemas(t).create).map((t) => t.name);
  cached = {
    openapi: "3.1.1",
    info: {
      // Named by openApiDocument, after the settings.
      title: "",
      version: "1.0.0",
      description:
        "The website's forms and sign-in, and the administrators' API: the dashboard's tables and uploads. " +
        "Administrators' endpoints take an API token (`Authorization: Bearer grd_…`, made on /admin/tokens; a read-only token may only GET) " +
        "or an administrator's session cookie (then state-changing requests must come from this site: Origin is checked). " +
        "Every refusal is JSON `{ error }`.",
    },
    servers: [{ url: "/" }],
    tags: [
      { name: "Tables", description: "The dashboard's tables: list, read, add, change, delete, export." },
      { name: "Uploads", description: "Images, videos and documents for the site." },
      { name: "Website", description: "The public site's forms." },
      { name: "Sign-in", description: "E-mailed codes, Google, the session." },
      { name: "Documentation", description: "This description." },
    ],
    paths: paths(names, writable),
    components: {
      securitySchemes: {
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
      },
      responses: errorResponses(),
      schemas: schemas(),
    },
  };
  return cached;
}
