import { declareApi, json, tableName } from "~/lib/api-declaration";
import { apiResponse } from "~/server/app-error.server";
import { tableNames } from "~/server/tables/registry.server";

export const openapi = () =>
  declareApi("/api/admin/schemas", {
    get: {
      tag: "Tables",
      operationId: "listTables",
      summary: "The registered tables' names, in the dashboard's order",
      access: "admin",
      responses: { "200": json({ type: "array", items: tableName("all") }, "The names.") },
    },
  });

/** GET /api/admin/schemas: the names of the admin tables, in sidebar order. */
export function loader() {
  return apiResponse(() => Response.json(tableNames(), { headers: { "Cache-Control": "no-store" } }));
}
