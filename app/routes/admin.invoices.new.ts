import { redirect } from "react-router";
import { newInvoiceSchema } from "~/lib/new-invoice";
import { atEdge } from "~/server/app-error.server";
import { FIRST_FIELD, parseForm } from "~/server/form-action.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { postedForm } from "~/server/form-body.server";
import { createInvoice } from "~/server/invoices/invoices.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.invoices.new";

/*
 * POST /admin/invoices/new — `Create Invoice`: from a job (`job_id`: its
 * estimate's lines) or from a lead (`lead_id`: empty), then its editor.
 * A job that has an invoice opens that one, unless the post says
 * `another=yes` (the button `Create Another Invoice`).
 * A GET has nothing to show here: the list.
 */

export function loader() {
  return redirect("/admin/invoices");
}

export const action = atEdge(async ({ request, context }: Route.ActionArgs) => {
  const form = await postedForm(request);
  const post = parseForm(form, newInvoiceSchema, FIRST_FIELD);
  const db = context.get(databaseContext);
  const from = "jobId" in post ? post : await leadOrigin(db, post.leadId);
  const id = await createInvoice(db, from, adminUserFrom(context));
  throw redirect(`/admin/invoices/${id}`, 303);
});
