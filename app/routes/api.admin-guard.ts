import { appErrorAnswer } from "~/server/app-error.server";
import { adminUserContext } from "~/server/auth/current-user.server";
import { requireApiAdmin } from "~/server/guards.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.admin-guard";

/**
 * The one guard of the administrators' API: every route nested under this
 * layout in app/routes.ts (/api/admin/*, /api/tables/*, /api/upload/*) answers
 * 401 without a session and 403 for anyone but an administrator. An API
 * token (Authorization: Bearer) stands in for the session; a read-only one
 * gets 403 on anything but GET/HEAD (docs/decisions/0036).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    try {
      const { clientIp } = context.get(requestInfoContext);
      context.set(adminUserContext, await requireApiAdmin(context.get(databaseContext), request, clientIp));
    } catch (error) {
      // Middleware ends a request by throwing a Response: the refusal's JSON answer.
      throw appErrorAnswer(error);
    }
  },
];
