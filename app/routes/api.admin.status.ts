import { apiResponse } from "~/server/app-error.server";
import { databaseContext } from "~/server/request-context.server";
import { getSessionUser } from "~/server/session.server";
import type { Route } from "./+types/api.admin.status";

/** {isAdmin} for the signed-in user (false for everyone but administrators); 401 {isAdmin: false} without a session. */
export function loader({ request, context }: Route.LoaderArgs) {
  return apiResponse(async () => {
    const headers = { "cache-control": "no-store" };
    const user = await getSessionUser(context.get(databaseContext), request);
    if (!user) return Response.json({ error: "Not signed in", isAdmin: false }, { status: 401, headers });
    return Response.json({ isAdmin: user.isAdmin }, { headers });
  });
}
