import { data, Link, redirect } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ESTIMATE_STATUS_TITLES, ESTIMATE_STATUSES, isEstimateStatus } from "~/lib/estimate-status";
import { formatCents } from "~/lib/money";
import { AppError } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { ESTIMATE_LIST_LIMIT, listEstimates } from "~/server/estimates/estimate-lists.server";
import { createEstimate } from "~/server/estimates/estimates.server";
import { readForm } from "~/server/form-body.server";
import { leadId } from "~/server/leads/lead.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.estimates";

/*
 * /admin/estimates?status= — every estimate, newest first, filterable by
 * status with links (no JavaScript needed). A POST (the lead page's
 * `Create Estimate`) makes a new draft for the lead and opens its editor.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("status") ?? "";
  const status = isEstimateStatus(raw) ? raw : undefined;
  const rows = await listEstimates(context.get(databaseContext), { status });
  return {
    status: status ?? "",
    limit: rows.length === ESTIMATE_LIST_LIMIT ? ESTIMATE_LIST_LIMIT : null,
    rows: rows.map((r) => ({ ...r, total: formatCents(r.totalCents), createdAt: undefined })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readForm(request);
  if (!body.ok) throw data({ error: body.error }, { status: body.status });
  const raw = body.form.get("leadId");
  try {
    const id = await createEstimate(context.get(databaseContext), leadId(typeof raw === "string" ? raw : undefined), adminUserFrom(context).email);
    throw redirect(`/admin/estimates/${id}`, 303);
  } catch (error) {
    if (error instanceof AppError) throw data({ error: error.message }, { status: error.status });
    throw error;
  }
}

export function meta() {
  return [{ title: "Estimates · Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function EstimatesPage({ loaderData }: Route.ComponentProps) {
  const { rows, status, limit } = loaderData;
  const filters = [{ value: "", title: "All" }, ...ESTIMATE_STATUSES.map((s) => ({ value: s, title: ESTIMATE_STATUS_TITLES[s] }))];
  return (
    <main className="mx-auto max-w-4xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <h2 className="text-2xl font-semibold text-slate-900">Estimates</h2>
      <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
        {filters.map((f) => (
          <Link
            key={f.value}
            to={f.value ? `/admin/estimates?status=${f.value}` : "/admin/estimates"}
            aria-current={status === f.value ? "page" : undefined}
            className={buttonClass(status === f.value ? "primary" : "secondary")}
          >
            {f.title}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">
          No estimates here yet. Open a lead and press Create Estimate.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">Estimate</th>
                <th scope="col" className="px-3 py-2">Customer</th>
                <th scope="col" className="px-3 py-2">Status</th>
                <th scope="col" className="px-3 py-2 text-right">Total</th>
                <th scope="col" className="px-3 py-2">Valid Until</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="px-3 py-2">
                    <Link to={`/admin/estimates/${r.id}`} className="font-semibold text-brand-700 hover:underline">
                      #{r.number}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    <Link to={`/admin/leads/${r.leadId}`} className="hover:underline">
                      {r.customer}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{ESTIMATE_STATUS_TITLES[r.status]}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.total}</td>
                  <td className="px-3 py-2 tabular-nums">{r.validUntil}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {limit && <p className="text-sm text-slate-600">Showing the newest {limit}; filter by status to see others.</p>}
    </main>
  );
}
