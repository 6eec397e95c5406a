import { getSessionUser } from "~/server/session.server";
import type { Route } from "./+types/api.admin.status";

/** {isAdmin} for the signed-in user (false for everyone but administrators); 401 without a session. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const headers = { "cache-control": "no-store" };
  if (!user) return Response.json({ error: "Not signed in", isAdmin: false }, { status: 401, headers });
  return Response.json({ isAdmin: user.isAdmin }, { headers });
}
