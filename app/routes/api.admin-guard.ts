import { adminUserContext } from "~/server/auth/current-user.server";
import { requireApiAdmin } from "~/server/guards.server";
import type { Route } from "./+types/api.admin-guard";

/**
 * The one guard of the administrators' API: every route nested under this
 * layout in app/routes.ts (/api/admin/*, /api/tables/*, /api/upload/*) answers
 * 401 without a session and 403 for anyone but an administrator.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    context.set(adminUserContext, await requireApiAdmin(request));
  },
];
