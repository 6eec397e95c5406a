import { db, serverPool } from "~/server/db.server";
import { requireTable } from "~/server/tables/registry.server";
import { exportCsv, parseListQuery } from "~/server/tables/rows.server";
import type { Route } from "./+types/api.tables.$table.export";

/** GET /api/tables/{table}/export?sort&{field}_contains: every matching row as a CSV download, streamed. */
export function loader({ request, params }: Route.LoaderArgs) {
  const table = requireTable(params.table);
  const query = parseListQuery(table, new URL(request.url).searchParams, { searchParam: "q" });
  return new Response(exportCsv(db(), table, query, serverPool()), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${table.name}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
