import { declareApi, json, ref } from "~/lib/api-declaration";
import { tableParam } from "~/lib/api-table-parameters";
import { apiResponse } from "~/server/app-error.server";
import { requireTable, tableSchema } from "~/server/tables/registry.server";
import type { Route } from "./+types/api.admin.schemas.$name";

export const openapi = () =>
  declareApi(
    "/api/admin/schemas/{name}",
    {
      get: {
        tag: "Tables",
        operationId: "tableSchema",
        summary: "A table's schema as the dashboard reads it (fields, titles, formats, sorting)",
        access: "admin",
        parameters: [tableParam("all", "name")],
        responses: { "200": json(ref("TableSchema"), "The schema.") },
        errors: [404],
      },
    },
    {
      TableSchema: {
        type: "object",
        description: "A table as the dashboard draws it: each property's type, title, format, limits, and whether it sorts and searches.",
        properties: {
          name: { type: "string" },
          title: { type: "string" },
          description: { type: "string" },
          properties: {
            type: "object",
            additionalProperties: { type: "object", properties: { type: { type: "string" }, title: { type: "string" } }, required: ["type", "title"] },
          },
          required: { type: "array", items: { type: "string" } },
          defaultSort: { type: "object", properties: { field: { type: "string" }, direction: { enum: ["asc", "desc"] } }, required: ["field", "direction"] },
          readOnly: { type: "boolean" },
        },
        required: ["name", "title", "properties", "required", "defaultSort"],
      },
    },
  );

/** GET /api/admin/schemas/{name}: one table's JSON schema. */
export function loader({ params }: Route.LoaderArgs) {
  return apiResponse(() => Response.json(tableSchema(requireTable(params.name)), { headers: { "Cache-Control": "no-store" } }));
}
