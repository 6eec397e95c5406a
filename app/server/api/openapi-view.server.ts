import { openApiDocument } from "./openapi.server";

/**
 * The OpenAPI document digested for the dashboard's API page
 * (app/routes/admin.api.tsx): endpoints and schemas as plain lines of text,
 * so the page renders on the server with no client library and ships only
 * what it shows.
 */

type Json = Record<string, any>;

export interface FieldView {
  name: string;
  type: string;
  /** Limits and flags: "required", "max 100 characters", "read-only"… */
  rules: string[];
  description?: string;
}

export interface EndpointView {
  id: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
  /** "Token or administrator's session", "None", … */
  auth: string;
  parameters: FieldView[];
  body?: { type: string; description?: string };
  responses: { status: string; description: string; type?: string }[];
}

export interface SchemaView {
  name: string;
  title?: string;
  description?: string;
  fields: FieldView[];
}

export interface ApiView {
  title: string;
  version: string;
  description: string;
  endpoints: EndpointView[];
  tags: { name: string; description?: string }[];
  /** The tables' row schemas, then their write bodies. */
  schemas: SchemaView[];
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** A schema in a few words: "string (email)", "integer", "quote_requests", "one of: new, contacted". */
export function typeLabel(schema: Json | undefined, doc: Json): string {
  if (!schema) return "any";
  if (schema.$ref) {
    const name = String(schema.$ref).split("/").at(-1)!;
    const target = doc.components?.responses?.[name];
    return target ? typeLabel(target.content?.["application/json"]?.schema, doc) : name;
  }
  if (schema.anyOf || schema.oneOf) {
    const parts = (schema.anyOf ?? schema.oneOf) as Json[];
    return [...new Set(parts.map((p) => typeLabel(p, doc)))].join(" | ");
  }
  if ("const" in schema) return JSON.stringify(schema.const);
  if (schema.enum) return `one of: ${(schema.enum as unknown[]).map((v) => (v === "" ? '""' : String(v))).join(", ")}`;
  if (schema.type === "array") return `array of ${typeLabel(schema.items, doc)}`;
  const format = schema.format ?? schema["x-format"];
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "object");
  return format ? `${type} (${format})` : String(type);
}

function rulesOf(schema: Json, required: boolean): string[] {
  const rules: string[] = [];
  if (required) rules.push("required");
  const limits = schema.anyOf ? (schema.anyOf as Json[])[0]! : schema;
  if (limits.minLength !== undefined) rules.push(`at least ${limits.minLength} characters`);
  if (limits.maxLength !== undefined) rules.push(`at most ${limits.maxLength} characters`);
  if (limits.minimum !== undefined && Math.abs(limits.minimum) < 1e15) rules.push(`minimum ${limits.minimum}`);
  if (limits.maximum !== undefined && Math.abs(limits.maximum) < 1e15) rules.push(`maximum ${limits.maximum}`);
  if (limits.pattern !== undefined) rules.push(`matches ${limits.pattern}`);
  if (schema.readOnly) rules.push("read-only");
  if (schema.default !== undefined) rules.push(`default ${JSON.stringify(schema.default)}`);
  return rules;
}

function fieldsOf(schema: Json, doc: Json): FieldView[] {
  const required = new Set<string>(schema.required ?? []);
  return Object.entries((schema.properties ?? {}) as Record<string, Json>).map(([name, prop]) => ({
    name,
    type: typeLabel(prop, doc),
    rules: rulesOf(prop, required.has(name)),
    description: [prop.title, prop.description].filter(Boolean).join(": ") || undefined,
  }));
}

function authOf(op: Json): string {
  const schemes = ((op.security ?? []) as Json[]).flatMap((s) => Object.keys(s));
  if (!schemes.length) return "None";
  if (schemes.includes("bearerAuth")) {
    const access = op["x-token-access"] === "read-write" ? "a read-write token" : "any token";
    return `API token (${access}) or an administrator's session cookie`;
  }
  return "Session cookie";
}

let view: Omit<ApiView, "title"> | undefined;

/** The page's view of the document, titled with `businessName` as the document is (the rest is made once). */
export async function apiView(businessName: string): Promise<ApiView> {
  const doc = (await openApiDocument(businessName)) as Json;
  view ??= digest(doc);
  return { ...view, title: doc.info.title };
}

function digest(doc: Json): Omit<ApiView, "title"> {
  const endpoints: EndpointView[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const bodyContent = op.requestBody?.content as Record<string, Json> | undefined;
      const bodyTypes = bodyContent ? Object.entries(bodyContent).map(([media, c]) => `${media}: ${typeLabel(c.schema, doc)}`) : [];
      endpoints.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? "",
        tag: op.tags?.[0] ?? "Other",
        auth: authOf(op),
        parameters: ((op.parameters ?? []) as Json[]).map((p) => ({
          name: p.in === "query" && p.schema?.type === "object" ? `{field}_contains (query)` : `${p.name} (${p.in})`,
          type: typeLabel(p.schema, doc),
          rules: rulesOf(p.schema ?? {}, Boolean(p.required)),
          description: p.description,
        })),
        body: bodyTypes.length ? { type: bodyTypes.join("; "), description: op.requestBody?.description } : undefined,
        responses: Object.entries(op.responses as Record<string, Json>).map(([status, r]) => {
          const named = r.$ref ? doc.components.responses[String(r.$ref).split("/").at(-1)!] : r;
          const content = named.content as Record<string, Json> | undefined;
          const first = content ? Object.entries(content)[0] : undefined;
          return {
            status,
            description: named.description,
            type: first ? `${first[0] === "application/json" ? "" : `${first[0]}: `}${typeLabel(first[1].schema, doc)}` : undefined,
          };
        }),
      });
    }
  }
  const schemas = Object.entries(doc.components.schemas as Record<string, Json>)
    .filter(([, s]) => s.type === "object" && s.properties && !String(s.title ?? "").startsWith("A page of"))
    .map(([name, s]) => ({ name, title: s.title, description: s.description, fields: fieldsOf(s, doc) }));
  return { version: doc.info.version, description: doc.info.description, tags: doc.tags, endpoints, schemas };
}
