import { declareApi, json, jsonBody, tableRow } from "~/lib/api-declaration";
import { listParams, rowOfTable, tableParam } from "~/lib/api-table-parameters";
import { parseListQuery } from "~/lib/list-query";
import { apiResponse, badRequest, methodNotAllowed } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { requireJsonObject } from "~/server/json-body.server";
import { databaseContext } from "~/server/request-context.server";
import { requireTable, tableSchema } from "~/server/tables/registry.server";
import { createRow, listRows, ROW_BODY_MAX_BYTES } from "~/server/tables/rows.server";
import type { Route } from "./+types/api.tables.$table";

export const openapi = () =>
  declareApi("/api/tables/{table}", {
    get: {
      tag: "Tables",
      operationId: "listRows",
      summary: "One page of a table's rows, sorted and searched",
      access: "admin",
      parameters: [tableParam("all"), ...listParams],
      responses: {
        "200": json(
          {
            type: "object",
            description: "`rows`: rows of the named table (components/schemas/{table}_list).",
            properties: { rows: { type: "array", items: rowOfTable }, total: { type: "integer", minimum: 0 } },
            required: ["rows", "total"],
          },
          "The page and the number of matching rows.",
        ),
      },
      errors: [400, 404],
    },
    post: {
      tag: "Tables",
      operationId: "createRow",
      summary: "Add a row",
      access: "admin",
      parameters: [tableParam("writable")],
      requestBody: jsonBody(tableRow("writable", "_create"), "The row: components/schemas/{table}_create."),
      responses: { "201": json(rowOfTable, "The stored row.") },
      errors: [400, 404, 405, 409, 413],
    },
  });

/** GET /api/tables/{table}?page&limit&sort=field:dir&q&{field}_contains=term → { rows, total } */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return apiResponse(async () => {
    const table = requireTable(params.table);
    const parsed = parseListQuery(tableSchema(table), new URL(request.url).searchParams, "api");
    if (!parsed.ok) throw badRequest(parsed.error);
    const result = await listRows(context.get(databaseContext), table, parsed.query);
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  });
}

/** POST /api/tables/{table} with the row as JSON → 201 and the stored row. */
export function action({ request, params, context }: Route.ActionArgs) {
  return apiResponse(async () => {
    const table = requireTable(params.table);
    if (request.method !== "POST") throw methodNotAllowed("GET, POST", "Use POST to add a row");
    const body = await requireJsonObject(request, ROW_BODY_MAX_BYTES);
    const row = await createRow(context.get(databaseContext), table, body, adminUserFrom(context));
    return Response.json(row, { status: 201 });
  });
}
