import { atEdge } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { exportCustomer } from "~/server/customers/customer-export.server";
import { customerId } from "~/server/customers/customers.server";
import { contentDisposition } from "~/server/uploads/file-name.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.customers.$id.export";

/**
 * /admin/customers/{id}/export — Export Data: one JSON file of everything
 * about the customer (docs/decisions/0122), streamed, saved as a file, never
 * kept by a cache. Owners only (checked again by exportCustomer).
 */
export const loader = atEdge(async ({ params, context }: Route.LoaderArgs) => {
  const file = await exportCustomer(context.get(databaseContext), customerId(params.id), adminUserFrom(context));
  return new Response(file.body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", file.fileName),
      "Cache-Control": "private, no-store",
    },
  });
});
