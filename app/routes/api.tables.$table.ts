import { adminUserFrom } from "~/server/auth/current-user.server";
import { db } from "~/server/db.server";
import { readJsonObject } from "~/server/json-body.server";
import { requireTable } from "~/server/tables/registry.server";
import { createRow, listRows, parseListQuery, ROW_BODY_MAX_BYTES } from "~/server/tables/rows.server";
import type { Route } from "./+types/api.tables.$table";

/** GET /api/tables/{table}?page&limit&sort=field:dir&{field}_contains=term → { rows, total } */
export async function loader({ request, params }: Route.LoaderArgs) {
  const table = requireTable(params.table);
  const query = parseListQuery(table, new URL(request.url).searchParams, { searchParam: "q" });
  return Response.json(await listRows(db(), table, query), { headers: { "Cache-Control": "no-store" } });
}

/** POST /api/tables/{table} with the row as JSON → 201 and the stored row. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const table = requireTable(params.table);
  if (request.method !== "POST") return Response.json({ error: "Use POST to add a row" }, { status: 405, headers: { Allow: "GET, POST" } });
  const body = await readJsonObject(request, ROW_BODY_MAX_BYTES);
  if (!body.ok) return Response.json({ error: body.error }, { status: body.status });
  return Response.json(await createRow(db(), table, body.value, adminUserFrom(context)), { status: 201 });
}
