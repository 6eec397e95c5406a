import { declareApi, json, ref } from "~/lib/api-declaration";
import { can } from "~/server/auth/permissions.server";
import { databaseContext } from "~/server/request-context.server";
import { getSessionUser } from "~/server/session.server";
import type { Route } from "./+types/api.users.me";

export const openapi = () =>
  declareApi("/api/users/me", {
    get: {
      tag: "Sign-in",
      operationId: "currentUser",
      summary: "The signed-in user",
      access: "session",
      responses: { "200": json(ref("User"), "The user.") },
      errors: [401],
    },
  });

/** The signed-in user {id, email, name, role, isAdmin}, or 401; isAdmin (role is owner) is kept for clients from before roles. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context.get(databaseContext), request);
  const headers = { "cache-control": "no-store" };
  if (!user) return Response.json({ error: "Not signed in" }, { status: 401, headers });
  return Response.json({ ...user, isAdmin: can(user, "staff.manage") }, { headers });
}
