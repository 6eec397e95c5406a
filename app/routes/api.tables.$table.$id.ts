import { declareApi, json, jsonBody, ref, tableRow } from "~/lib/api-declaration";
import { idParam, rowOfTable, tableParam } from "~/lib/api-table-parameters";
import { apiResponse, methodNotAllowed } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { requireJsonObject } from "~/server/json-body.server";
import { databaseContext } from "~/server/request-context.server";
import { requireTable } from "~/server/tables/registry.server";
import { deleteRow, getRow, ROW_BODY_MAX_BYTES, updateRow } from "~/server/tables/rows.server";
import type { Route } from "./+types/api.tables.$table.$id";

export const openapi = () =>
  declareApi("/api/tables/{table}/{id}", {
    get: {
      tag: "Tables",
      operationId: "getRow",
      summary: "One row",
      access: "admin",
      parameters: [tableParam("all"), idParam],
      responses: { "200": json(rowOfTable, "The row.") },
      errors: [404],
    },
    put: {
      tag: "Tables",
      operationId: "updateRow",
      summary: "Change a row: the fields sent; the others keep their values",
      access: "admin",
      parameters: [tableParam("writable"), idParam],
      requestBody: jsonBody(tableRow("writable", "_update"), "The changed fields: components/schemas/{table}_update."),
      responses: { "200": json(rowOfTable, "The stored row.") },
      errors: [400, 404, 405, 409, 413],
    },
    delete: {
      tag: "Tables",
      operationId: "deleteRow",
      summary: "Delete a row: it goes to the trash for 30 days, from where POST …/{id}/restore brings it back",
      access: "admin",
      parameters: [tableParam("writable"), idParam],
      responses: { "200": json(ref("Success"), "Deleted.") },
      errors: [404, 405, 409],
    },
  });

/** GET /api/tables/{table}/{id}: one row. */
export function loader({ params, context }: Route.LoaderArgs) {
  return apiResponse(async () => {
    const row = await getRow(context.get(databaseContext), requireTable(params.table), params.id);
    return Response.json(row, { headers: { "Cache-Control": "no-store" } });
  });
}

/** PUT /api/tables/{table}/{id} with the changed fields as JSON; DELETE /api/tables/{table}/{id}. */
export function action({ request, params, context }: Route.ActionArgs) {
  return apiResponse(async () => {
    const table = requireTable(params.table);
    const db = context.get(databaseContext);
    const actor = adminUserFrom(context);
    if (request.method === "DELETE") {
      await deleteRow(db, table, params.id, actor);
      return Response.json({ success: true });
    }
    if (request.method !== "PUT" && request.method !== "PATCH") {
      throw methodNotAllowed("GET, PUT, DELETE", "Use PUT to change a row or DELETE to remove it");
    }
    const body = await requireJsonObject(request, ROW_BODY_MAX_BYTES);
    return Response.json(await updateRow(db, table, params.id, body, actor));
  });
}
