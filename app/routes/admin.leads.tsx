import { Link, redirect, useNavigation } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { ListSearch } from "~/components/admin/ListSearch";
import { LeadCard } from "~/components/leads/LeadCard";
import { LeadStats } from "~/components/leads/LeadStats";
import { StatusFilters } from "~/components/leads/StatusFilters";
import { Pager } from "~/components/ui/Pager";
import { LEAD_STATUS_TITLES, type LeadStatus } from "~/lib/lead-status";
import { parseListQuery, withPage } from "~/lib/list-query";
import { env } from "~/server/env.server";
import { LEADS_LIST } from "~/server/leads/inbox.server";
import { inboxHref, inboxView } from "~/server/leads/inbox-view.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.leads";

/*
 * /admin/leads?status=&q=&page= — the owner's inbox, newest first. The URL is
 * the view: filters, search and pages are links and a GET form, so all of it
 * works without JavaScript. The URL is read, and every link built, by the one
 * list query of every list (lib/list-query).
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  // A parameter that cannot be honoured is named in the banner and left out of every link.
  const parsed = parseListQuery(LEADS_LIST, new URL(request.url).searchParams);
  const query = parsed.ok ? parsed.query : parsed.fallback;
  // Relative times are worked out here, once, so the browser's hydration shows the same words.
  const view = await inboxView(context.get(databaseContext), query, new Date(), env().BUSINESS_TIME_ZONE);
  // Past the last page (an old link, or leads that moved on): show the last page.
  const last = Math.max(1, view.pager.pages);
  if (query.page > last) throw redirect(inboxHref(withPage(query, last)));
  return { ...view, error: parsed.ok ? undefined : parsed.error };
}

export default function LeadsInbox({ loaderData }: Route.ComponentProps) {
  const { status, q, error, total, leads, filters, pager, glance } = loaderData;
  // Dim the list while the next filter, search or page loads.
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/leads";
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-col gap-8 lg:flex-row lg:items-start">
        <section aria-labelledby="leads-heading" className="min-w-0 flex-1 space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id="leads-heading" className="text-xl font-semibold text-slate-900">
              Leads
            </h2>
            <p className="text-sm text-slate-600" aria-live="polite">
              {listSummary(total, status, q)}
            </p>
          </div>
          <StatusFilters filters={filters} />
          <ListSearch
            action="/admin/leads"
            id="lead-search"
            label="Search leads"
            placeholder="Name, phone, e-mail, message, notes…"
            q={q}
            keep={{ status }}
          />
          {error && <ErrorBanner>{error}</ErrorBanner>}
          <div aria-busy={loading || undefined} className={`transition-opacity ${loading ? "opacity-60" : ""}`}>
            {leads.length ? (
              <ol className="space-y-3">
                {leads.map((lead) => (
                  <li key={lead.id}>
                    <LeadCard lead={lead} />
                  </li>
                ))}
              </ol>
            ) : (
              <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
                {q || status ? "No leads match this view." : "No leads yet: quote requests from the website arrive here."}
              </p>
            )}
          </div>
          <Pager pager={pager} noun="leads" />
        </section>
        <div className="min-w-0 lg:w-96 lg:shrink-0">
          <LeadStats figures={glance} />
        </div>
      </div>
    </main>
  );
}

/** "3 New leads matching “boat”". */
function listSummary(total: number, status: LeadStatus | null, q: string): string {
  const title = status ? `${LEAD_STATUS_TITLES[status]} ` : "";
  return `${total} ${title}${total === 1 ? "lead" : "leads"}${q ? ` matching “${q}”` : ""}`;
}

/** The tab's title starts with the number of New leads, so it shows from another tab. */
export function meta({ data: loaderData }: Route.MetaArgs) {
  const waiting = loaderData?.glance.newWaiting ?? 0;
  return [{ title: `${waiting > 0 ? `(${waiting}) ` : ""}Leads | Admin Dashboard` }, { name: "robots", content: "noindex" }];
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        <h2 className="text-lg font-semibold">Something went wrong</h2>
        <p className="mt-1 text-sm">The leads could not be shown. Please try again.</p>
        <Link to="/admin/leads" className="mt-4 inline-block text-sm font-semibold text-red-900 underline">
          Try again
        </Link>
      </div>
    </main>
  );
}
