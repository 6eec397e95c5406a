import { Link, redirect } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { Pager } from "~/components/ui/Pager";
import { ListSearch } from "~/components/admin/ListSearch";
import { ariaSort, parseListQuery, toggleSort, withPage } from "~/lib/list-query";
import { CUSTOMERS_LIST } from "~/server/customers/customer-list.server";
import { customersHref, customersView } from "~/server/customers/customer-view.server";
import { env } from "~/server/env.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.customers";

/*
 * /admin/customers?q=&sort=&page= — every customer (merged records left
 * out), searched by name, e-mail or phone digits. The URL is the view:
 * search, sort and pages are a GET form and links, so all of it works
 * without JavaScript (lib/list-query).
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseListQuery(CUSTOMERS_LIST, new URL(request.url).searchParams);
  const query = parsed.ok ? parsed.query : parsed.fallback;
  const view = await customersView(context.get(databaseContext), query, new Date(), env().BUSINESS_TIME_ZONE);
  const last = Math.max(1, view.pager.pages);
  if (query.page > last) throw redirect(customersHref(withPage(query, last)));
  const sortLink = (field: string) => ({ href: customersHref(toggleSort(query, field)), aria: ariaSort(query, field) });
  return {
    ...view,
    sorts: { name: sortLink("name"), email: sortLink("email"), requests: sortLink("requests"), created_at: sortLink("created_at") },
    error: parsed.ok ? undefined : parsed.error,
  };
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { q, total, customers, pager, sorts, error } = loaderData;
  return (
    <main className="mx-auto max-w-7xl space-y-4 px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="text-xl font-semibold text-slate-900">Customers</h2>
        <p className="text-sm text-slate-600" aria-live="polite">
          {total} {total === 1 ? "customer" : "customers"}
          {q ? ` matching “${q}”` : ""}
        </p>
      </div>
      <ListSearch action="/admin/customers" id="customer-search" label="Search customers" placeholder="Name, e-mail, phone or vehicle…" q={q} />
      {error && <ErrorBanner>{error}</ErrorBanner>}
      {customers.length ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Customers</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <SortHeader label="Name" sort={sorts.name} />
                <SortHeader label="Email" sort={sorts.email} />
                <th scope="col" className="px-3 py-2 font-semibold">
                  Phone
                </th>
                <SortHeader label="Requests" sort={sorts.requests} />
                <SortHeader label="Customer Since" sort={sorts.created_at} />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {customers.map((c) => (
                <tr key={c.id}>
                  <td className="px-3 py-2">
                    <Link to={`/admin/customers/${c.id}`} className="font-semibold break-words text-brand-700 hover:underline">
                      {c.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2 break-all text-slate-700">{c.email}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">{c.phone}</td>
                  <td className="px-3 py-2 text-slate-700">{c.requests}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                    <time dateTime={c.since.iso} title={c.since.exact}>
                      {c.since.ago}
                    </time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          {q ? "No customers match this search." : "No customers yet: each quote request adds or finds its customer."}
        </p>
      )}
      <Pager pager={pager} noun="customers" />
    </main>
  );
}

function SortHeader({ label, sort }: { label: string; sort: { href: string; aria: "ascending" | "descending" | "none" } }) {
  const arrow = sort.aria === "ascending" ? " ↑" : sort.aria === "descending" ? " ↓" : "";
  return (
    <th scope="col" aria-sort={sort.aria} className="px-3 py-2 font-semibold">
      <Link to={sort.href} className="hover:underline">
        {label}
        <span aria-hidden>{arrow}</span>
      </Link>
    </th>
  );
}

export function meta() {
  return [{ title: "Customers | Admin Dashboard" }, { name: "robots", content: "noindex" }];
}
