import { databaseContext } from "~/server/request-context.server";
import { getSessionUser } from "~/server/session.server";
import type { Route } from "./+types/api.users.me";

/** The signed-in user {id, email, name, isAdmin}, or 401. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context.get(databaseContext), request);
  const headers = { "cache-control": "no-store" };
  if (!user) return Response.json({ error: "Not signed in" }, { status: 401, headers });
  return Response.json(user, { headers });
}
