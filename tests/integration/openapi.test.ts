import { Validator } from "@seriousme/openapi-schema-validator";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import routeConfig from "~/routes";
import { seedContent } from "../../db/seed";
import { SEED_SETTINGS } from "~/lib/business";
import { loader as apiPageLoader } from "~/routes/admin.api";
import { openApiDocument } from "~/server/api/openapi.server";
import { createApiToken } from "~/server/auth/tokens.server";
import { databaseContext } from "~/server/request-context.server";
import { saveSettings } from "~/server/settings.server";
import { tableNames, getTable } from "~/server/tables/registry.server";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// The OpenAPI document (app/server/api/openapi.server.ts): valid OpenAPI 3.1,
// one path per /api route of app/routes.ts, one schema per registered table,
// and live answers of the API that match the schemas it names.
const database = useTestDatabase();
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
type Json = Record<string, any>;
const doc = (await openApiDocument(SEED_SETTINGS.businessName)) as Json;

/** Every URL pattern in the route config, nested layouts included, as OpenAPI writes it (/api/tables/{table}). */
function apiRoutePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = entry.path !== undefined && path.startsWith("api/") ? [`/${path.replace(/:([A-Za-z_]+)/g, "{$1}")}`] : [];
    return [...own, ...apiRoutePaths(entry.children ?? [], path)];
  });
}

describe("the document", () => {
  it("is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes every api/ route of app/routes.ts, and no path that is not one", () => {
    const routes = apiRoutePaths(routeConfig);
    expect(routes.length).toBeGreaterThan(15);
    const documented = Object.keys(doc.paths);
    expect(routes.filter((p) => !documented.includes(p)), "routes missing from the document").toEqual([]);
    expect(documented.filter((p) => !routes.includes(p)), "documented paths that are no route").toEqual([]);
  });

  it("has one schema per registered table, made from the registry", () => {
    for (const name of tableNames()) {
      const schema = doc.components.schemas[name];
      expect(schema, name).toBeDefined();
      expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(getTable(name)!.columns).sort());
    }
    const quotes = doc.components.schemas.quote_requests;
    expect(quotes.properties.status.enum).toEqual(getTable("quote_requests")!.columns.status!.enum);
    expect(quotes.properties.created_at).toMatchObject({ format: "date-time", readOnly: true });
    expect(doc.components.schemas.quote_requests_create.required).toEqual(expect.arrayContaining(["name", "email", "phone", "vehicle_type"]));
    // Read-only tables take no writes, so they have no write bodies.
    expect(doc.components.schemas.auth_audit_create).toBeUndefined();
    // Every table parameter lists exactly the registered tables.
    expect(doc.paths["/api/tables/{table}"].get.parameters[0].schema.enum).toEqual(tableNames());
  });

  it("documents the bearer and cookie schemes, and the guard's refusals on every administrators' operation", () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.cookieAuth).toMatchObject({ type: "apiKey", in: "cookie", name: "session" });
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      if (!/^\/api\/(admin\/schemas|tables|upload)/.test(path)) continue;
      for (const op of Object.values(item) as Json[]) {
        expect(op.security, path).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
        for (const status of ["401", "403", "429"]) expect(op.responses[status], `${path} ${status}`).toBeDefined();
      }
    }
  });
});

describe("live answers match the document's schemas", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, "openapi.json");
  const check = (schemaName: string, value: unknown) => {
    const validate = ajv.getSchema(`openapi.json#/components/schemas/${schemaName}`)!;
    expect(validate, schemaName).toBeTypeOf("function");
    const ok = validate(value);
    expect(validate.errors ?? [], `${schemaName}: ${JSON.stringify(value).slice(0, 300)}`).toEqual([]);
    expect(ok).toBe(true);
  };
  const responseSchema = (path: string, method: string, status: string) =>
    doc.paths[path][method].responses[status].content["application/json"].schema as Json;

  let token: string;
  const call = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${token}`);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    return app.fetch(path, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
  };
  beforeAll(async () => {
    await sessionCookieFor(db(), "owner@example.com", { admin: true });
    const owner = await db().selectFrom("users").select(["id", "email", "name"]).where("email", "=", "owner@example.com").executeTakeFirstOrThrow();
    const made = await createApiToken(
      db(),
      { ...owner, role: "owner" as const },
      { name: "openapi test", readOnly: false, expiresAt: new Date(Date.now() + 3600_000) },
      "127.0.0.1",
    );
    token = made.token;
  });

  it("serves the document at GET /api/openapi.json, without signing in", async () => {
    const res = await app.fetch("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(doc);
  });

  it("a page of every table, on the site's first-start content, matches that table's schema", async () => {
    await seedContent(db());
    for (const name of tableNames()) {
      const res = await call(`/api/tables/${name}?limit=200`);
      expect(res.status, name).toBe(200);
      const page = await res.json();
      check(`${name}_list`, page);
      if (page.rows[0]) check(name, await (await call(`/api/tables/${name}/${page.rows[0].id}`)).json());
    }
  });

  it("rows, pages and writes of tables", async () => {
    const quote = { name: "Dana Scully", email: "dana@example.com", phone: "6165550123", vehicle_type: "boat", message: "Hull" };
    check("quote_requests_create", quote);
    const created = await call("/api/tables/quote_requests", { method: "POST", json: quote });
    expect(created.status).toBe(201);
    const row = await created.json();
    check("quote_requests", row);

    const list = await call("/api/tables/quote_requests?limit=5");
    expect(list.status).toBe(200);
    const page = await list.json();
    expect(page.total).toBeGreaterThan(0);
    check("quote_requests_list", page);

    const faq = { question: "Do you come to me?", answer: "Yes, **anywhere** in Kent County.", category: getTable("faqs")!.columns.category!.enum![0] };
    check("faqs_create", faq);
    const faqRow = await (await call("/api/tables/faqs", { method: "POST", json: faq })).json();
    check("faqs", faqRow);
    const changed = await call(`/api/tables/faqs/${faqRow.id}`, { method: "PUT", json: { sort_order: 3 } });
    check("faqs_update", { sort_order: 3 });
    check("faqs", await changed.json());
    check("Success", await (await call(`/api/tables/faqs/${faqRow.id}`, { method: "DELETE" })).json());

    // The generic path's answer schema takes every table's rows.
    const anyRow = ajv.compile({ $ref: "openapi.json#/paths/~1api~1tables~1%7Btable%7D~1%7Bid%7D/get/responses/200/content/application~1json/schema" });
    expect(anyRow(row)).toBe(true);
    expect(responseSchema("/api/tables/{table}/{id}", "get", "200").anyOf).toHaveLength(tableNames().length);
  });

  it("schemas, uploads and refusals", async () => {
    const names = await (await call("/api/admin/schemas")).json();
    expect(ajv.validate(responseSchema("/api/admin/schemas", "get", "200"), names)).toBe(true);
    check("TableSchema", await (await call("/api/admin/schemas/testimonials")).json());

    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"))], { type: "application/pdf" }), "care.pdf");
    const uploaded = await call("/api/upload/file", { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    check("FileUpload", await uploaded.json());

    const invalid = await call("/api/tables/quote_requests", { method: "POST", json: { name: "X" } });
    expect(invalid.status).toBe(400);
    check("Error", await invalid.json());
    const unknown = await call("/api/tables/nope");
    expect(unknown.status).toBe(404);
    check("Error", await unknown.json());
    const signedOut = await app.fetch("/api/tables/faqs");
    expect(signedOut.status).toBe(401);
    check("Error", await signedOut.json());
  });

  it("the public quote form's body is the form's own schema", async () => {
    const body = { formId: "quote_form", name: "Fox Mulder", email: "fox@example.com", phone: "6165550188", vehicle_type: "car" };
    check("QuoteForm", body);
    const res = await app.fetch("/api/forms/submit", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    check("FormSuccess", await res.json());
    const refused = await app.fetch("/api/forms/submit", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, email: "nope" }),
    });
    expect(refused.status).toBe(400);
    check("FormFailure", await refused.json());
    expect(ajv.validate({ $ref: "openapi.json#/components/schemas/QuoteForm" }, { ...body, email: 7 })).toBe(false);
  });
});

describe("the title", () => {
  const apiPage = () => {
    const context = new RouterContextProvider();
    context.set(databaseContext, db());
    return apiPageLoader({ context } as never);
  };

  it("is the business's name from the settings, in the document and on the dashboard's API page", async () => {
    expect(doc.info.title).toBe("Shine On Wheels API");
    await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: "owner@example.com", businessName: "Lakeshore Gloss Mobile Detailing" }, "owner@example.com");
    try {
      const served = (await (await app.fetch("/api/openapi.json")).json()) as Json;
      expect(served.info.title).toBe("Lakeshore Gloss API");
      expect((await apiPage()).title).toBe("Lakeshore Gloss API");
      // Only the title follows the settings.
      expect({ ...served, info: { ...served.info, title: doc.info.title } }).toEqual(doc);
    } finally {
      await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: "owner@example.com" }, "owner@example.com");
    }
  });
});
