import { parseListQuery } from "~/lib/list-query";
import { apiResponse, badRequest } from "~/server/app-error.server";
import { serverPoolOf } from "~/server/db.server";
import { databaseContext } from "~/server/request-context.server";
import { exportCsv } from "~/server/tables/export.server";
import { requireTable, tableSchema } from "~/server/tables/registry.server";
import type { Route } from "./+types/api.tables.$table.export";

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
