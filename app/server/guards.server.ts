import { redirect } from "react-router";
import { getSessionUser, type SessionUser } from "./session.server";

/** For pages: the signed-in user, or a redirect to /login that comes back here. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?returnUrl=${encodeURIComponent(url.pathname + url.search)}`);
  }
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
