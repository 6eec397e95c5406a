import { declareApi, json } from "~/lib/api-declaration";
import { tableParam } from "~/lib/api-table-parameters";
import { apiResponse, methodNotAllowed } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { databaseContext } from "~/server/request-context.server";
import { importCsv, readCsvBody } from "~/server/tables/import.server";
import { requireTable } from "~/server/tables/registry.server";
import type { Route } from "./+types/api.tables.$table.import";

export const openapi = () =>
  declareApi("/api/tables/{table}/import", {
    post: {
      tag: "Tables",
      operationId: "importRows",
      summary: "Import a CSV file (header row = column names, as the export writes them): all rows or none",
      access: "admin",
      parameters: [tableParam("writable")],
      requestBody: {
        required: true,
        content: {
          "text/csv": { schema: { type: "string" } },
          "multipart/form-data": { schema: { type: "object", properties: { file: { type: "string", contentMediaType: "text/csv" } }, required: ["file"] } },
        },
      },
      responses: {
        "200": json(
          {
            type: "object",
            properties: { created: { type: "integer", minimum: 0 }, updated: { type: "integer", minimum: 0 } },
            required: ["created", "updated"],
          },
          "Imported.",
        ),
        "400": json(
          {
            type: "object",
            properties: {
              error: { type: "string" },
              problems: {
                type: "array",
                items: {
                  type: "object",
                  properties: { line: { type: "integer" }, column: { type: "string" }, message: { type: "string" } },
                  required: ["line", "message"],
                },
              },
              truncated: { type: "boolean" },
            },
            required: ["error"],
          },
          "Nothing was imported: the file's problems, by line.",
        ),
      },
      errors: [404, 405, 409, 413, 415],
    },
  });

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
