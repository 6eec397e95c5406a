import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, RouterContextProvider, type RouteObject } from "react-router";
import routeConfig from "~/routes";
import type { DB } from "~/server/db.server";
import { databaseContext, requestInfoContext, type RequestInfo } from "~/server/request-context.server";

/**
 * The in-process harness: the app's route modules (from the sources, as
 * app/routes.ts lists them) called in this process on the test's own
 * database. No Express, no HTTP and no rendering: for what the routes decide
 * and store. Headers the Express layer adds, the origin check, the page cache
 * and rendered HTML are the spawned server's (./app-server.ts).
 */

/** A request's router context as server/app.ts makes it: the database and the request's facts. */
export function routeContext(db: DB, info: Partial<RequestInfo> = {}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(databaseContext, db);
  context.set(requestInfoContext, { clientIp: "127.0.0.1", nonce: "", ...info });
  return context;
}

type Route = RouteObject & { file: string };

type Handler = (args: Record<string, unknown>) => unknown;
type Middleware = (args: Record<string, unknown>, next: () => Promise<Response>) => unknown;
interface RouteModule {
  middleware?: Middleware[];
  loader?: Handler;
  action?: Handler;
}

const appDirectory = path.resolve(import.meta.dirname, "../../app");
const toRoute = (entry: RouteConfigEntry): Route => ({
  id: entry.id ?? entry.file,
  file: entry.file,
  path: entry.path,
  index: entry.index,
  caseSensitive: entry.caseSensitive,
  children: entry.children?.map(toRoute),
} as Route);
// As in framework mode, every route sits under the root route.
const routes: Route[] = [{ id: "root", file: "root.tsx", children: routeConfig.map(toRoute) } as Route];

/** A route of app/routes.ts: its whole path pattern (as nested under its parents), e.g. "admin/estimates/:id/pdf", and its module. */
export interface RoutePattern {
  path: string;
  file: string;
}

/** Every route of app/routes.ts that answers an address (not a pathless layout), in the file's order. */
export function routePatterns(): RoutePattern[] {
  const walk = (entries: RouteConfigEntry[], prefix: string): RoutePattern[] =>
    entries.flatMap((entry) => {
      const path = [prefix, entry.path ?? ""].filter(Boolean).join("/");
      const own = entry.path !== undefined || entry.index ? [{ path, file: entry.file }] : [];
      return [...own, ...walk(entry.children ?? [], path)];
    });
  return walk(routeConfig, "");
}

/** The route that answers `pathname` (the deepest match), as routePatterns() lists it. */
export function routeOf(pathname: string): RoutePattern | undefined {
  const matches = matchRoutes(routes as RouteObject[], pathname) as { route: Route }[] | null;
  const file = matches?.at(-1)!.route.file;
  return routePatterns().find((r) => r.file === file);
}

/**
 * Answers `request` as React Router would on the server, minus the document:
 * each matched route's middleware, outermost first, then the deepest route's
 * loader (GET, HEAD) or action. A thrown Response is the answer (the
 * middleware's next() resolves to it, as in React Router); a `data()`
 * result (returned or thrown) and a plain object come back as JSON with their
 * status and headers. Errors other than responses are thrown to the test.
 */
export async function callRoute(request: Request, context: RouterContextProvider): Promise<Response> {
  const url = new URL(request.url);
  const matches = matchRoutes(routes as RouteObject[], url.pathname) as { route: Route; params: Record<string, string> }[] | null;
  if (!matches) return Response.json({ error: `No route matches ${url.pathname}` }, { status: 404 });
  const modules = await Promise.all(matches.map((m) => import(path.join(appDirectory, m.route.file)) as Promise<RouteModule>));
  const leaf = modules.at(-1)!;
  const args = {
    request,
    url,
    params: matches.at(-1)!.params,
    context,
    pattern: matches.map((m) => m.route.path ?? "").filter(Boolean).join("/"),
  };
  const handler = request.method === "GET" || request.method === "HEAD" ? leaf.loader : leaf.action;
  const middleware = modules.flatMap((m) => m.middleware ?? []);

  const run = async (i: number): Promise<Response> => {
    if (i === middleware.length) {
      if (!handler) return Response.json({ error: `No ${request.method === "GET" ? "loader" : "action"}` }, { status: 405 });
      try {
        return asResponse(await handler(args));
      } catch (thrown) {
        // As React Router does, a thrown answer is what next() gives the middleware above.
        if (thrown instanceof Response || isData(thrown)) return asResponse(thrown);
        throw thrown;
      }
    }
    let rest: Promise<Response> | undefined;
    const next = () => (rest ??= run(i + 1));
    const answer = await middleware[i]!(args, next);
    return answer instanceof Response ? answer : (rest ?? next());
  };
  try {
    return await run(0);
  } catch (thrown) {
    if (thrown instanceof Response || isData(thrown)) return asResponse(thrown);
    throw thrown;
  }
}

/**
 * fetch() for the in-process harness: `path` on the test's database, from
 * `clientIp`. The request carries no Origin: the origin check is Express's.
 */
export function inProcessFetch(db: () => DB, info: Partial<RequestInfo> = {}) {
  return (pathname: string, init: RequestInit = {}) =>
    callRoute(new Request(new URL(pathname, "http://localhost"), init), routeContext(db(), info));
}

interface DataWithResponseInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

function isData(value: unknown): value is DataWithResponseInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

function asResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (isData(value)) return Response.json(value.data ?? null, value.init ?? undefined);
  return Response.json(value ?? null);
}
