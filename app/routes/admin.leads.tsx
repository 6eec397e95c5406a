import { Link, redirect, useNavigation } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { InboxSearch } from "~/components/leads/InboxSearch";
import { LeadCard } from "~/components/leads/LeadCard";
import { LinkPager, type PagerLinks } from "~/components/ui/LinkPager";
import { LeadStats } from "~/components/leads/LeadStats";
import { StatusFilters } from "~/components/leads/StatusFilters";
import type { GlanceFigures, StatusFilter } from "~/components/leads/types";
import { formatDuration } from "~/lib/duration";
import { LEAD_STATUS_TITLES, LEAD_STATUSES, type LeadStatus } from "~/lib/lead-status";
import { shownTime } from "~/lib/time-ago";
import { env } from "~/server/env.server";
import { INBOX_PAGE_SIZE, inboxSearch, listLeads, parseInboxQuery, type InboxQuery } from "~/server/leads/inbox.server";
import { leadStats, WAITING_TOO_LONG_MINUTES } from "~/server/leads/stats.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.leads";

/*
 * /admin/leads?status=&q=&page= — the owner's inbox, newest first. The URL is
 * the view: filters, search and pages are links and a GET form, so all of it
 * works without JavaScript. Every link the page makes is built here, from the
 * one set of URL rules (inboxSearch).
 */

const inboxHref = (query: InboxQuery) => `/admin/leads${inboxSearch(query)}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  // A parameter that cannot be honoured is named in the banner and left out of every link.
  const { query, error } = parseInboxQuery(new URL(request.url).searchParams);
  const [page, stats] = await Promise.all([listLeads(db, query), leadStats(db)]);
  const pages = Math.max(1, Math.ceil(page.total / INBOX_PAGE_SIZE));
  // Past the last page (an old link, or leads that moved on): show the last page.
  if (query.page > pages) throw redirect(inboxHref({ ...query, page: pages }));

  // Relative times are worked out here, once, so the browser's hydration shows the same words.
  const now = new Date();
  const timeZone = env().BUSINESS_TIME_ZONE;
  const glance: GlanceFigures = {
    newWaiting: stats.newWaiting,
    waitingTooLong: stats.waitingTooLong,
    waitingTooLongMinutes: WAITING_TOO_LONG_MINUTES,
    medianResponse: formatDuration(stats.medianResponseSeconds),
    respondedLeads: stats.respondedLeads,
    weeks: stats.weeks,
  };
  return {
    query,
    error,
    total: page.total,
    leads: page.leads.map(({ created_at, ...lead }) => ({ ...lead, received: shownTime(created_at, now, timeZone) })),
    filters: statusFilters(query, page.counts),
    pager: pagerLinks(query, page.total),
    glance,
  };
}

/** New (3) … Lost (0), then All: counts of the current search, each link back on page 1. */
function statusFilters(query: InboxQuery, counts: Record<LeadStatus, number>): StatusFilter[] {
  const first = { ...query, page: 1 };
  return [
    ...LEAD_STATUSES.map((status) => ({
      label: `${LEAD_STATUS_TITLES[status]} (${counts[status]})`,
      href: inboxHref({ ...first, status }),
      current: query.status === status,
    })),
    { label: "All", href: inboxHref({ ...first, status: null }), current: query.status === null },
  ];
}

function pagerLinks(query: InboxQuery, total: number): PagerLinks {
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  return {
    page,
    pages,
    total,
    from: total ? (page - 1) * INBOX_PAGE_SIZE + 1 : 0,
    to: Math.min(page * INBOX_PAGE_SIZE, total),
    previous: page > 1 ? inboxHref({ ...query, page: page - 1 }) : null,
    next: page < pages ? inboxHref({ ...query, page: page + 1 }) : null,
  };
}

export default function LeadsInbox({ loaderData }: Route.ComponentProps) {
  const { query, error, total, leads, filters, pager, glance } = loaderData;
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
              {listSummary(total, query)}
            </p>
          </div>
          <StatusFilters filters={filters} />
          <InboxSearch q={query.q} status={query.status} />
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
                {query.q || query.status ? "No leads match this view." : "No leads yet: quote requests from the website arrive here."}
              </p>
            )}
          </div>
          <LinkPager pager={pager} noun="leads" />
        </section>
        <div className="min-w-0 lg:w-96 lg:shrink-0">
          <LeadStats figures={glance} />
        </div>
      </div>
    </main>
  );
}

/** "3 New leads matching “boat”". */
function listSummary(total: number, query: InboxQuery): string {
  const status = query.status ? `${LEAD_STATUS_TITLES[query.status]} ` : "";
  return `${total} ${status}${total === 1 ? "lead" : "leads"}${query.q ? ` matching “${query.q}”` : ""}`;
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
