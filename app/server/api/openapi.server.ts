import { z } from "zod";
import {
  API_ERRORS,
  API_TAGS,
  type ApiAccess,
  type ApiDeclaration,
  type ApiOperation,
  type ErrorStatus,
  type HttpMethod,
  type TableSet,
} from "~/lib/api-declaration";
import { openApiSelf } from "~/lib/openapi-self";
import { shortName } from "~/lib/site-settings";
import { errorResponses, securitySchemes, sharedSchemas, tableSchemas } from "./openapi-components.server";
import { registeredTables, tableJsonSchemas, type JsonSchema } from "./table-schemas.server";

/**
 * GET /api/openapi.json: the OpenAPI 3.1 description of every /api route,
 * built from the routes' own declarations (docs/decisions/0079). Each module
 * app/routes/api.*.ts exports `openapi` (app/lib/api-declaration.ts): its
 * path, and per method the parameters, body, answers and refusals. This file
 * adds what follows from those: the security of each access level, the
 * guard's refusals, the registered tables' names and schemas, the shared
 * components (./openapi-components.server.ts), and zod schemas turned into
 * JSON Schema (draft 2020-12, OpenAPI 3.1's dialect).
 *
 * The route modules come through Vite's glob, eagerly (the server bundles
 * them anyway); the document's own route, which imports this file, is left
 * out of it, so there is no import cycle.
 */

const routeModules = import.meta.glob<{ openapi?: () => ApiDeclaration }>(["../../routes/api.*.ts", "!../../routes/api.openapi[.]json.ts"], {
  eager: true,
});

/** Every declaration of a route module under app/routes/api.*, by module file. */
export async function apiDeclarations(): Promise<Map<string, ApiDeclaration>> {
  const found = new Map<string, ApiDeclaration>([["routes/api.openapi[.]json.ts", openApiSelf()]]);
  for (const [file, { openapi }] of Object.entries(routeModules)) {
    if (openapi) found.set(file.replace(/^.*\/routes\//, "routes/"), openapi());
  }
  return found;
}

const SECURITY: Record<ApiAccess, unknown[]> = {
  public: [],
  session: [{ cookieAuth: [] }],
  admin: [{ bearerAuth: [] }, { cookieAuth: [] }],
};
// The guard's own refusals (routes/api.admin-guard.ts), on every operation under it.
const GUARD_ERRORS: ErrorStatus[] = [401, 403, 429];

function operationObject(method: HttpMethod, op: ApiOperation): JsonSchema {
  const { tag, access, errors = [], responses, ...rest } = op;
  const admin = access === "admin";
  const refusals = admin ? [...errors, ...GUARD_ERRORS] : errors;
  return {
    tags: [tag],
    ...rest,
    security: SECURITY[access],
    responses: { ...responses, ...Object.fromEntries(refusals.map((s) => [String(s), { $ref: `#/components/responses/${API_ERRORS[s]}` }])) },
    ...(admin ? { "x-token-access": method === "get" ? "read-only" : "read-write" } : {}),
  };
}

/** The declarations' placeholders and zod schemas, made concrete: the tables' names and refs, JSON Schemas. */
function resolver(tableNames: Record<TableSet, string[]>) {
  const refs = (names: string[], suffix: string) =>
    names.length === 1 ? { $ref: `#/components/schemas/${names[0]}${suffix}` } : { anyOf: names.map((n) => ({ $ref: `#/components/schemas/${n}${suffix}` })) };
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (value instanceof z.ZodType) return toJsonSchema(value);
    if (!value || typeof value !== "object") return value;
    const {
      "x-tables": tables,
      "x-table-names": names,
      ...rest
    } = value as Record<string, unknown> & {
      "x-tables"?: { tables: TableSet; suffix: string };
      "x-table-names"?: TableSet;
    };
    const resolved = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, resolve(v)]));
    if (tables) return { ...refs(tableNames[tables.tables], tables.suffix), ...resolved };
    if (names) return { type: "string", enum: tableNames[names], ...resolved };
    return resolved;
  };
  return resolve;
}

function toJsonSchema(schema: z.ZodType): JsonSchema {
  // The input side: what a client sends or may rely on; no $schema, the document names the dialect.
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input" }) as JsonSchema;
  return json;
}

/** The document's parts that depend on code only: made once per process. */
let cached: Promise<JsonSchema> | undefined;

async function codeDocument(): Promise<JsonSchema> {
  const declarations = [...(await apiDeclarations()).values()].sort((a, b) => (a.path < b.path ? -1 : 1));
  const tables = registeredTables();
  const resolve = resolver({
    all: tables.map((t) => t.name),
    writable: tables.filter((t) => tableJsonSchemas(t).create).map((t) => t.name),
  });
  const paths: Record<string, JsonSchema> = {};
  const declaredSchemas: Record<string, unknown> = {};
  for (const declaration of declarations) {
    if (paths[declaration.path]) throw new Error(`Two routes declare ${declaration.path}`);
    const operations = Object.entries(declaration.operations) as [HttpMethod, ApiOperation][];
    paths[declaration.path] = Object.fromEntries(operations.map(([method, op]) => [method, resolve(operationObject(method, op))]));
    for (const [name, schema] of Object.entries(declaration.schemas ?? {})) {
      if (name in declaredSchemas || name in sharedSchemas) throw new Error(`Two declarations of the schema ${name}`);
      declaredSchemas[name] = resolve(schema);
    }
  }
  return {
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
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes,
      responses: errorResponses(),
      schemas: { ...sharedSchemas, ...declaredSchemas, ...tableSchemas() },
    },
  };
}

/** The API's name: the business's, as the settings have it now ("Shine On Wheels API"). */
function apiTitle(businessName: string): string {
  return `${shortName(businessName)} API`;
}

/**
 * The document, titled with the business's name (`businessName`, from the
 * settings); the rest depends on code only, so it is made once per process.
 */
export async function openApiDocument(businessName: string): Promise<JsonSchema> {
  cached ??= codeDocument();
  const doc = await cached.catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return { ...doc, info: { ...(doc.info as JsonSchema), title: apiTitle(businessName) } };
}
