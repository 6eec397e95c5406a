import { adminUserFrom } from "~/server/auth/current-user.server";
import { db } from "~/server/db.server";
import { readJsonObject } from "~/server/json-body.server";
import { requireTable } from "~/server/tables/registry.server";
import { deleteRow, getRow, ROW_BODY_MAX_BYTES, updateRow } from "~/server/tables/rows.server";
import type { Route } from "./+types/api.tables.$table.$id";

/** GET /api/tables/{table}/{id}: one row. */
export async function loader({ params }: Route.LoaderArgs) {
  const table = requireTable(params.table);
  return Response.json(await getRow(db(), table, params.id), { headers: { "Cache-Control": "no-store" } });
}

/** PUT /api/tables/{table}/{id} with the changed fields as JSON; DELETE /api/tables/{table}/{id}. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const table = requireTable(params.table);
  const actor = adminUserFrom(context);
  if (request.method === "DELETE") {
    await deleteRow(db(), table, params.id, actor);
    return Response.json({ success: true });
  }
  if (request.method !== "PUT" && request.method !== "PATCH") {
    return Response.json({ error: "Use PUT to change a row or DELETE to remove it" }, { status: 405, headers: { Allow: "GET, PUT, DELETE" } });
  }
  const body = await readJsonObject(request, ROW_BODY_MAX_BYTES);
  if (!body.ok) return Response.json({ error: body.error }, { status: body.status });
  return Response.json(await updateRow(db(), table, params.id, body.value, actor));
}
