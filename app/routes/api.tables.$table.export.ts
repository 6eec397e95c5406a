import { declareApi } from "~/lib/api-declaration";
import { listParams, tableParam } from "~/lib/api-table-parameters";
import { parseListQuery } from "~/lib/list-query";
import { apiResponse, badRequest } from "~/server/app-error.server";
import { serverPoolOf } from "~/server/db.server";
import { databaseContext } from "~/server/request-context.server";
import { exportCsv } from "~/server/tables/export.server";
import { requireTable, tableSchema } from "~/server/tables/registry.server";
import type { Route } from "./+types/api.tables.$table.export";

export const openapi = () =>
  declareApi("/api/tables/{table}/export", {
    get: {
      tag: "Tables",
      operationId: "exportRows",
      summary: "Every matching row as a CSV download (streamed)",
      access: "admin",
      parameters: [tableParam("all"), ...listParams.filter((p) => p.name !== "page" && p.name !== "limit")],
      responses: {
        "200": {
          description:
            "CSV (RFC 4180) after a UTF-8 byte order mark, a header line then one line per row; times in ISO 8601 with the offset of the business's time zone (BUSINESS_TIME_ZONE); cells a spreadsheet would run as a formula are neutralised.",
          headers: { "Content-Disposition": { schema: { type: "string" } } },
          content: { "text/csv": { schema: { type: "string" } } },
        },
      },
      errors: [400, 404],
    },
  });

/** GET /api/tables/{table}/export?sort&q&{field}_contains: every matching row as a CSV download, streamed. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return apiResponse(() => {
    const table = requireTable(params.table);
    const parsed = parseListQuery(tableSchema(table), new URL(request.url).searchParams, "api");
    if (!parsed.ok) throw badRequest(parsed.error);
    const db = context.get(databaseContext);
    return new Response(exportCsv(db, table, parsed.query, serverPoolOf(db)), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${table.name}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
