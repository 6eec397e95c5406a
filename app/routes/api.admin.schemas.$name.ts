import { apiResponse } from "~/server/app-error.server";
import { requireTable, tableSchema } from "~/server/tables/registry.server";
import type { Route } from "./+types/api.admin.schemas.$name";

/** GET /api/admin/schemas/{name}: one table's JSON schema. */
export function loader({ params }: Route.LoaderArgs) {
  return apiResponse(() => Response.json(tableSchema(requireTable(params.name)), { headers: { "Cache-Control": "no-store" } }));
}
