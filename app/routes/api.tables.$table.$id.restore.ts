import { declareApi, json } from "~/lib/api-declaration";
import { idParam, rowOfTable, tableParam } from "~/lib/api-table-parameters";
import { apiResponse, methodNotAllowed } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { databaseContext } from "~/server/request-context.server";
import { requireTable } from "~/server/tables/registry.server";
import { restoreRow } from "~/server/tables/rows.server";
import type { Route } from "./+types/api.tables.$table.$id.restore";

export const openapi = () =>
  declareApi("/api/tables/{table}/{id}/restore", {
    post: {
      tag: "Tables",
      operationId: "restoreRow",
      summary: "Restore a deleted row",
      access: "admin",
      parameters: [tableParam("writable"), idParam],
      responses: { "200": json(rowOfTable, "The restored row.") },
      // 400: a unique value (an e-mail, a slug) another row took meanwhile; 409: the row is not deleted.
      errors: [400, 404, 405, 409],
    },
  });

/**
 * POST /api/tables/{table}/{id}/restore: brings a deleted row back from the
 * trash → 200 and the row. 404 for an id the trash does not hold, 409 for a
 * row that is not deleted.
 */
export function action({ params, request, context }: Route.ActionArgs) {
  return apiResponse(async () => {
    const table = requireTable(params.table);
    if (request.method !== "POST") throw methodNotAllowed("POST", "Use POST to restore a deleted row");
    return Response.json(await restoreRow(context.get(databaseContext), table, params.id, adminUserFrom(context)));
  });
}

/** A GET is answered too, so the address says how to use it instead of a bare 405 page. */
export function loader() {
  return apiResponse(async () => {
    throw methodNotAllowed("POST", "Use POST to restore a deleted row");
  });
}
