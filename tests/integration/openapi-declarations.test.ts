import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import type { ApiDeclaration, HttpMethod } from "~/lib/api-declaration";
import routeConfig from "~/routes";
import { apiDeclarations, openApiDocument } from "~/server/api/openapi.server";

// @ci-once: reads only files; CI's second pass, on the embedded database, skips it.

// Every route under /api declares its operations beside itself
// (app/lib/api-declaration.ts, docs/decisions/0079), and the OpenAPI document
// is built from exactly those declarations: a route added to app/routes.ts
// without `export const openapi = () => declareApi(…)` fails here, naming the file.

interface ApiRoute {
  /** As OpenAPI writes it: /api/tables/{table}. */
  path: string;
  file: string;
  /** Nested under the administrators' guard layout (routes/api.admin-guard.ts). */
  guarded: boolean;
}

const GUARD_LAYOUT = "routes/api.admin-guard.ts";

function apiRoutes(entries: RouteConfigEntry[], parent = "", guarded = false): ApiRoute[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const underGuard = guarded || entry.file === GUARD_LAYOUT;
    const own =
      entry.path !== undefined && full.startsWith("api/")
        ? [{ path: `/${full.replace(/:([A-Za-z_]+)/g, "{$1}")}`, file: entry.file, guarded: underGuard }]
        : [];
    return [...own, ...apiRoutes(entry.children ?? [], full, underGuard)];
  });
}

const routes = apiRoutes(routeConfig);
const appDirectory = path.resolve(import.meta.dirname, "../../app");
type RouteModule = { openapi?: () => ApiDeclaration; loader?: unknown; action?: unknown };
const load = (file: string) => import(path.join(appDirectory, file)) as Promise<RouteModule>;

describe("each /api route's declaration", () => {
  it("exists, in the route's module, for the route's own path", async () => {
    expect(routes.length).toBeGreaterThan(15);
    const missing: string[] = [];
    for (const route of routes) {
      const openapi = (await load(route.file)).openapi?.();
      if (!openapi) missing.push(`app/${route.file} (${route.path}) exports no \`openapi\``);
      else if (openapi.path !== route.path) missing.push(`app/${route.file} declares ${openapi.path}, but is routed at ${route.path}`);
    }
    expect(missing, "routes without a matching declaration").toEqual([]);
  });

  it("is found by the document's builder (route files under /api are named app/routes/api.*.ts)", async () => {
    const found = [...(await apiDeclarations()).keys()].sort();
    expect(found).toEqual(routes.map((r) => r.file).sort());
  });

  it("declares only methods its module handles: GET by a loader, the others by an action", async () => {
    for (const route of routes) {
      const module = await load(route.file);
      for (const method of Object.keys(module.openapi?.().operations ?? {}) as HttpMethod[]) {
        const handler = method === "get" ? module.loader : module.action;
        expect(handler, `${method.toUpperCase()} ${route.path} (app/${route.file})`).toBeTypeOf("function");
      }
    }
  });

  it("is `admin` exactly for the routes under the administrators' guard", async () => {
    for (const route of routes) {
      const openapi = (await load(route.file)).openapi?.();
      for (const [method, op] of Object.entries(openapi?.operations ?? {})) {
        expect(op.access === "admin", `${method.toUpperCase()} ${route.path}: access ${op.access}`).toBe(route.guarded);
      }
    }
  });

  it("makes the document's paths and operations, and nothing else", async () => {
    const doc = (await openApiDocument("Shine On Wheels")) as { paths: Record<string, Record<string, unknown>> };
    const declared = Object.fromEntries([...(await apiDeclarations()).values()].map((d) => [d.path, Object.keys(d.operations).sort()]));
    expect(Object.fromEntries(Object.entries(doc.paths).map(([p, item]) => [p, Object.keys(item).sort()]))).toEqual(declared);
  });
});
