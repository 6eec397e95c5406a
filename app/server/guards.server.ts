import { redirect } from "react-router";
import { AppError } from "./app-error.server";
import { requirePermission } from "./auth/permissions.server";
import { authenticateApiToken, bearerTokenOf } from "./auth/token-auth.server";
import type { DB } from "./db.server";
import { getSessionUser, type SessionUser } from "./session.server";

/**
 * For pages: the signed-in user, or a redirect to /login that comes back here.
 *
 * `url` is the page's own URL: pass the `url` React Router gives middleware
 * and loaders. With v8_passThroughRequests, `request.url` of a client-side
 * navigation is the data request (/admin/faqs.data?page=2&_routes=…), and
 * coming back to that after sign-in shows "Table not found"; React Router's
 * `url` has `.data`, `_routes` and the bare `index` marker taken off.
 */
export async function requireUser(db: DB, request: Request, url: URL): Promise<SessionUser> {
  const user = await getSessionUser(db, request);
  if (!user) throw redirect(`/login?returnUrl=${encodeURIComponent(url.pathname + url.search)}`);
  return user;
}

/** For /api routes: the signed-in user, or AppError 401 (answered as `{ error }` at the edge). */
export async function requireApiUser(db: DB, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(db, request);
  if (!user) throw new AppError(401, "Not signed in");
  return user;
}

/**
 * For /api routes: an owner, or AppError 401 / 403 (the API is the owner's:
 * tables, uploads, schemas; docs/decisions/0114). A request with
 * `Authorization: Bearer <token>` is judged by its API token alone (the
 * cookie is not consulted): the token's maker, if still an owner, or
 * 401 / 403 / 429 (./auth/tokens.server.ts). `clientIp` is for its rate
 * limit and audit lines.
 */
export async function requireApiAdmin(db: DB, request: Request, clientIp = ""): Promise<SessionUser> {
  const token = bearerTokenOf(request);
  if (token !== undefined) return authenticateApiToken(db, request, token, clientIp);
  const user = await requireApiUser(db, request);
  requirePermission(user, "tables.manage");
  return user;
}
