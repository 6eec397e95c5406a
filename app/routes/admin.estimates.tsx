import { ArrowDown, ArrowUp } from "lucide-react";
import { Link, redirect, useNavigation } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { ListSearch } from "~/components/admin/ListSearch";
import { buttonClass } from "~/components/ui/button";
import { Pager } from "~/components/ui/Pager";
import { ESTIMATE_STATUS_TITLES, type EstimateStatus } from "~/lib/estimate-status";
import { workPartyHref } from "~/lib/work-links";
import { atEdge } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { ESTIMATES_LIST } from "~/server/estimates/estimates-list.server";
import { estimatesHref, estimatesView, type EstimatesView } from "~/server/estimates/estimates-list-view.server";
import { createEstimate } from "~/server/estimates/estimates.server";
import { postedForm } from "~/server/form-body.server";
import { leadId } from "~/server/leads/lead.server";
import { listPage } from "~/server/list-page.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.estimates";

/*
 * /admin/estimates?status=&q=&sort=&page= — every estimate, newest first.
 * The URL is the view: status links, a GET search form, sortable column
 * headers and the pager are all links or GET forms built from the one list
 * query (lib/list-query), so all of it works without JavaScript. A POST (the
 * lead page's `Create Estimate`) makes a new draft for the lead and opens its editor.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  return listPage(ESTIMATES_LIST, request, (query) => estimatesView(context.get(databaseContext), query), estimatesHref);
}

export const action = atEdge(async ({ request, context }: Route.ActionArgs) => {
  const raw = (await postedForm(request)).get("leadId");
  const db = context.get(databaseContext);
  const id = await createEstimate(db, await leadOrigin(db, leadId(typeof raw === "string" ? raw : undefined)), adminUserFrom(context));
  throw redirect(`/admin/estimates/${id}`, 303);
});

export function meta() {
  return [{ title: "Estimates · Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function EstimatesPage({ loaderData }: Route.ComponentProps) {
  const { rows, status, q, sort, total, filters, sorts, pager, error } = loaderData;
  // Dim the list while the next filter, search, sort or page loads.
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/estimates";
  return (
    <main className="mx-auto max-w-4xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="text-2xl font-semibold text-slate-900">Estimates</h2>
        <p className="text-sm text-slate-600" aria-live="polite">
          {listSummary(total, status, q)}
        </p>
      </div>
      <nav aria-label="Filter by status">
        <ul className="flex flex-wrap gap-2">
          {filters.map((f) => (
            <li key={f.href}>
              <Link to={f.href} aria-current={f.current ? "page" : undefined} className={buttonClass(f.current ? "primary" : "secondary")}>
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListSearch
        action="/admin/estimates"
        id="estimate-search"
        label="Search estimates"
        placeholder="Customer name, e-mail or estimate number…"
        q={q}
        keep={{ sort, status }}
      />
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <div aria-busy={loading || undefined} className={`transition-opacity ${loading ? "opacity-60" : ""}`}>
        {rows.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">
            {q || status ? "No estimates match this view." : "No estimates here yet. Open a lead and press Create Estimate."}
          </p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-sm">
              <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase">
                <tr>
                  <SortHeader sort={sorts.number} />
                  <SortHeader sort={sorts.customer} />
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                  <SortHeader sort={sorts.total_cents} right />
                  <SortHeader sort={sorts.valid_until} />
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
                      <Link to={workPartyHref(r)} className="hover:underline">
                        {r.customer}
                      </Link>
                      <span className="block text-xs break-all text-slate-600">{r.email}</span>
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
      </div>
      <Pager pager={pager} noun="estimates" />
    </main>
  );
}

/** A column header whose link sorts by it (again: the other way). */
function SortHeader({ sort, right = false }: { sort: EstimatesView["sorts"][keyof EstimatesView["sorts"]]; right?: boolean }) {
  const Arrow = sort.ariaSort === "ascending" ? ArrowUp : sort.ariaSort === "descending" ? ArrowDown : null;
  return (
    <th scope="col" aria-sort={sort.ariaSort === "none" ? undefined : sort.ariaSort} className={`px-3 py-2 ${right ? "text-right" : ""}`}>
      <Link to={sort.href} className="inline-flex min-h-8 items-center gap-1 uppercase hover:text-slate-900 hover:underline">
        {sort.label}
        {Arrow && <Arrow aria-hidden className="size-3.5" />}
      </Link>
    </th>
  );
}

/** "3 Sent estimates matching “walker”". */
function listSummary(total: number, status: EstimateStatus | null, q: string): string {
  const title = status ? `${ESTIMATE_STATUS_TITLES[status]} ` : "";
  return `${total} ${title}${total === 1 ? "estimate" : "estimates"}${q ? ` matching “${q}”` : ""}`;
}
