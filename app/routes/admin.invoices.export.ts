import { invoicesCsv } from "~/server/invoices/invoice-export.server";
import { databaseContext } from "~/server/request-context.server";
import { dayIn } from "~/lib/time-zone";
import { env } from "~/server/env.server";
import type { Route } from "./+types/admin.invoices.export";

/** /admin/invoices/export — every invoice and payment as a CSV for the accountant (behind the dashboard's guard), streamed. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(invoicesCsv(context.get(databaseContext)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="invoices-${dayIn(new Date(), env().BUSINESS_TIME_ZONE)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
