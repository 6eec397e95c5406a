import { apiResponse } from "~/server/app-error.server";
import { tableNames } from "~/server/tables/registry.server";

/** GET /api/admin/schemas: the names of the admin tables, in sidebar order. */
export function loader() {
  return apiResponse(() => Response.json(tableNames(), { headers: { "Cache-Control": "no-store" } }));
}
