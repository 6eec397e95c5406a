import { declareApi, json } from "~/lib/api-declaration";
import { apiResponse } from "~/server/app-error.server";
import { can } from "~/server/auth/permissions.server";
import { databaseContext } from "~/server/request-context.server";
import { getSessionUser } from "~/server/session.server";
import type { Route } from "./+types/api.admin.status";

export const openapi = () =>
  declareApi("/api/admin/status", {
    get: {
      tag: "Sign-in",
      operationId: "adminStatus",
      summary: "Whether the signed-in user is an administrator",
      access: "session",
      responses: {
        "200": json({ type: "object", properties: { isAdmin: { type: "boolean" } }, required: ["isAdmin"] }, "The answer."),
        "401": json({ type: "object", properties: { error: { type: "string" }, isAdmin: { const: false } }, required: ["error", "isAdmin"] }, "Not signed in."),
      },
    },
  });

/** {isAdmin} for the signed-in user (true for owners, docs/decisions/0114); 401 {isAdmin: false} without a session. */
export function loader({ request, context }: Route.LoaderArgs) {
  return apiResponse(async () => {
    const headers = { "cache-control": "no-store" };
    const user = await getSessionUser(context.get(databaseContext), request);
    if (!user) return Response.json({ error: "Not signed in", isAdmin: false }, { status: 401, headers });
    return Response.json({ isAdmin: can(user, "staff.manage") }, { headers });
  });
}
