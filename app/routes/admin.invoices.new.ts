import { data, redirect } from "react-router";
import { AppError } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { readForm } from "~/server/form-body.server";
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

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readForm(request);
  if (!body.ok) throw data({ error: body.error }, { status: body.status });
  const job = body.form.get("job_id");
  const lead = body.form.get("lead_id");
  const jobId = typeof job === "string" && ID.test(job) ? Number(job) : null;
  const leadId = typeof lead === "string" && ID.test(lead) ? Number(lead) : null;
  if (jobId === null && leadId === null) throw data({ error: "job_id or lead_id must be the id of a job or a lead" }, { status: 400 });
  try {
    const db = context.get(databaseContext);
    const from = jobId !== null ? { jobId, another: body.form.get("another") === "yes" } : await leadOrigin(db, leadId!);
    const id = await createInvoice(db, from, adminUserFrom(context).email);
    throw redirect(`/admin/invoices/${id}`, 303);
  } catch (error) {
    if (error instanceof AppError) throw data({ error: error.message }, { status: error.status });
    throw error;
  }
}
