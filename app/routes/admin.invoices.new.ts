import { redirect } from "react-router";
import { atEdge, badRequest } from "~/server/app-error.server";
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

const ID = /^\d{1,9}$/;

export const action = atEdge(async ({ request, context }: Route.ActionArgs) => {
  const form = await postedForm(request);
  const job = form.get("job_id");
  const lead = form.get("lead_id");
  const db = context.get(databaseContext);
  const from =
    typeof job === "string" && ID.test(job)
      ? { jobId: Number(job), another: form.get("another") === "yes" }
      : typeof lead === "string" && ID.test(lead)
        ? await leadOrigin(db, Number(lead))
        : null;
  if (!from) throw badRequest("job_id or lead_id must be the id of a job or a lead");
  const id = await createInvoice(db, from, adminUserFrom(context));
  throw redirect(`/admin/invoices/${id}`, 303);
});
