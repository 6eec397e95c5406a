import { formatDuration } from "~/lib/duration";
import { LEAD_STATUS_TITLES, LEAD_STATUSES, type LeadStatus } from "~/lib/lead-status";
import { listHref, listPager, withFilter, type ListQuery } from "~/lib/list-query";
import { phoneView } from "~/lib/phone";
import { shownTime } from "~/lib/time-ago";
import type { DB } from "../db.server";
import { LEADS_LIST, listLeads, statusFilter } from "./inbox.server";
import { leadStats, WAITING_TOO_LONG_MINUTES } from "./stats.server";

/**
 * What /admin/leads shows, built on the server: the page of leads, the
 * status filter links, the pager and the figures at a glance, every time
 * already in words (so the browser's hydration shows the same ones) and every
 * link built from the one list query (lib/list-query). The components take
 * their props from these types (InboxView…), so a change here breaks their
 * typecheck rather than drifting from a copy.
 */

export const INBOX_PATH = "/admin/leads";

export const inboxHref = (query: ListQuery) => listHref(INBOX_PATH, LEADS_LIST, query);

export async function inboxView(db: DB, query: ListQuery, now: Date, timeZone: string) {
  const [page, stats] = await Promise.all([listLeads(db, query), leadStats(db)]);
  return {
    status: statusFilter(query),
    q: query.q,
    total: page.total,
    leads: page.leads.map(({ created_at, phone_e164, phone_ext, ...lead }) => ({
      ...lead,
      phoneView: phoneView({ phone: lead.phone, e164: phone_e164, ext: phone_ext }),
      received: shownTime(created_at, now, timeZone),
    })),
    filters: statusFilters(query, page.counts),
    pager: listPager(INBOX_PATH, LEADS_LIST, query, page.total),
    glance: {
      newWaiting: stats.newWaiting,
      waitingTooLong: stats.waitingTooLong,
      waitingTooLongMinutes: WAITING_TOO_LONG_MINUTES,
      /** Already formatted: "42 min", "3 h 5 min", "—". */
      medianResponse: formatDuration(stats.medianResponseSeconds),
      respondedLeads: stats.respondedLeads,
      weeks: stats.weeks,
    },
  };
}

/** New (3) … Lost (0), then All: counts of the current search, each link back on page 1. */
function statusFilters(query: ListQuery, counts: Record<LeadStatus, number>) {
  const current = statusFilter(query);
  const link = (status: LeadStatus | null, label: string) => ({
    label,
    href: inboxHref(withFilter(LEADS_LIST, query, "status", status ?? "")),
    current: current === status,
  });
  return [...LEAD_STATUSES.map((status) => link(status, `${LEAD_STATUS_TITLES[status]} (${counts[status]})`)), link(null, "All")];
}

export type InboxView = Awaited<ReturnType<typeof inboxView>>;
/** One lead of the list. */
export type LeadSummary = InboxView["leads"][number];
/** "New (3)", …, "All". */
export type StatusFilterLink = InboxView["filters"][number];
export type GlanceFigures = InboxView["glance"];
export type WeekSummary = GlanceFigures["weeks"][number];
