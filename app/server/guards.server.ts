import { redirect } from "react-router";
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
export async function requireUser(request: Request, url: URL): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(`/login?returnUrl=${encodeURIComponent(url.pathname + url.search)}`);
  return user;
}

/** For /api routes: the signed-in user, or 401 with a JSON error. */
export async function requireApiUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw Response.json({ error: "Not signed in" }, { status: 401 });
  return user;
}

/** For /api routes: an administrator, or 401 / 403 with a JSON error. */
export async function requireApiAdmin(request: Request): Promise<SessionUser> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw Response.json({ error: "Administrator access required" }, { status: 403 });
  return user;
}
