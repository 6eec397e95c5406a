import { apiResponse, methodNotAllowed } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { databaseContext } from "~/server/request-context.server";
import { importCsv, readCsvBody } from "~/server/tables/import.server";
import { requireTable } from "~/server/tables/registry.server";
import type { Route } from "./+types/api.tables.$table.import";

/**
 * POST /api/tables/{table}/import with a CSV body (text/csv, or multipart/form-data
 * field "file"), header row = column names as the export writes them: 200
 * { created, updated }, or 400 { error, problems: [{ line, column?, message }] }
 * with nothing imported (docs/decisions/0045).
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return apiResponse(async () => {
    const table = requireTable(params.table);
    if (request.method !== "POST") throw methodNotAllowed("POST", "Use POST to import a CSV file");
    const text = await readCsvBody(request);
    const result = await importCsv(context.get(databaseContext), table, text, adminUserFrom(context));
    if (result.ok) return Response.json({ created: result.created, updated: result.updated });
    return Response.json(
      { error: "Nothing was imported: the file has problems", problems: result.problems, ...(result.truncated ? { truncated: true } : {}) },
      { status: 400 },
    );
  });
}

export function loader() {
  return apiResponse(() => {
    throw methodNotAllowed("POST", "Use POST to import a CSV file");
  });
}
