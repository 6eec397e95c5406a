import { appErrorText, atEdge } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { reportCsv } from "~/server/reports/reports-view.server";
import { databaseContext } from "~/server/request-context.server";
import { contentDisposition } from "~/server/uploads/file-name.server";
import type { Route } from "./+types/admin.reports.$report.csv";

/**
 * /admin/reports/{table}/csv?period=… — one table of /admin/reports for the
 * same period, as a CSV by the rules of every export (docs/decisions/0041,
 * 0150): saved as a file, never kept by a cache. A period that cannot be
 * read is a 400 saying why, an unknown table a 404.
 */
export const loader = atEdge(async ({ request, params, context }: Route.LoaderArgs) => {
  const file = await reportCsv(context.get(databaseContext), adminUserFrom(context), params.report, new URL(request.url).searchParams);
  if ("errors" in file) return new Response(Object.values(file.errors).join("\n"), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  return new Response(file.body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", file.fileName),
      "Cache-Control": "private, no-store",
    },
  });
}, appErrorText);
