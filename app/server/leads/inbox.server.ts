import { sql, type RawBuilder } from "kysely";
import { isLeadStatus, LEAD_STATUSES, type LeadStatus } from "~/lib/lead-status";
import { filterValue, type ListQuery, type ListSpec } from "~/lib/list-query";
import { leadsInStatus, leadStatusCounts } from "../counters.server";
import type { DB } from "../db.server";
import { digitsLike, searchTerms } from "../search-terms.server";

/**
 * The inbox's list: newest first, filtered by status and searched over every
 * text field and the notes (quote_requests.search_text, one trigram index)
 * and the phone's digits (phone_digits, another),
 * with the count of each status for the filter links (counted by triggers,
 * ../counters.server.ts, when there is no search).
 */

export const INBOX_PAGE_SIZE = 25;
/** How much of the message the list shows. */
const EXCERPT_LENGTH = 160;

/**
 * The inbox as a list (lib/list-query): `?status=` filters, `?q=` searches
 * (every word must occur in one of the searchable fields or the notes), and
 * `?page=`; newest first, the only order. The URL's `sort` names no sortable
 * column, so the parser refuses it as it does on every list.
 */
export const LEADS_LIST: ListSpec = {
  properties: {
    name: { type: "string", searchable: true },
    email: { type: "string", searchable: true },
    phone: { type: "string", searchable: true },
    vehicle_type: { type: "string", searchable: true },
    message: { type: "string", searchable: true },
    status: { type: "string", enum: LEAD_STATUSES },
    created_at: { type: "string" },
  },
  defaultSort: { field: "created_at", direction: "desc" },
  pageSize: INBOX_PAGE_SIZE,
};

/** The status the query filters by; null for all. */
export function statusFilter(query: ListQuery): LeadStatus | null {
  const status = filterValue(query, "status");
  return isLeadStatus(status) ? status : null;
}

export interface InboxLead {
  id: number;
  name: string;
  email: string;
  phone: string;
  /** The phone's number in E.164 form ("" when it is not one) and extension (docs/decisions/0108). */
  phone_e164: string;
  phone_ext: string;
  vehicle_type: string;
  /** The start of the message (EXCERPT_LENGTH characters at most). */
  excerpt: string;
  /** The message is longer than the excerpt. */
  truncated: boolean;
  status: LeadStatus;
  created_at: Date;
}

export interface InboxPage {
  leads: InboxLead[];
  /** Leads matching the search, per status (every status present, 0 when none). */
  counts: Record<LeadStatus, number>;
  /** Leads matching the search and the status filter. */
  total: number;
}

/**
 * Every term (search-terms.server.ts) must occur in the lead's text
 * (search_text) or, for a phone number in any format, in its phone's digits
 * (phone_digits): each read from its trigram index.
 */
function searchCondition(q: string): RawBuilder<unknown> | undefined {
  const terms = searchTerms(q);
  if (!terms.length) return undefined;
  return sql.join(
    terms.map(({ likes, digits }) => {
      const text = sql.join(likes.map((like) => sql`search_text ILIKE ${like}`), sql` AND `);
      // A UNION, not an OR: with OR the planner reads every lead instead of the two indexes.
      return digits
        ? sql`id IN (SELECT id FROM quote_requests WHERE phone_digits LIKE ${digitsLike(digits)} UNION SELECT id FROM quote_requests WHERE ${text})`
        : sql`(${text})`;
    }),
    sql` AND `,
  );
}

function where(conditions: (RawBuilder<unknown> | undefined)[]): RawBuilder<unknown> {
  const present = conditions.filter((c): c is RawBuilder<unknown> => c !== undefined);
  return present.length ? sql`WHERE ${sql.join(present, sql` AND `)}` : sql``;
}

export async function listLeads(db: DB, query: ListQuery): Promise<InboxPage> {
  const search = searchCondition(query.q);
  const filter = statusFilter(query);
  const status = filter ? sql`status = ${filter}` : undefined;
  const [page, counted] = await Promise.all([
    sql<InboxLead>`SELECT id, name, email, phone, phone_e164, phone_ext, vehicle_type, status, created_at,
        left(message, ${EXCERPT_LENGTH}) AS excerpt, length(message) > ${EXCERPT_LENGTH} AS truncated
      FROM quote_requests ${where([status, search])}
      ORDER BY created_at DESC, id DESC
      LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`.execute(db),
    // Without a search, the counters the triggers keep (not a count over every lead).
    search
      ? sql<{ status: string; n: string }>`SELECT status, count(*) AS n FROM quote_requests ${where([search])} GROUP BY status`
          .execute(db)
          .then(({ rows }) => new Map(rows.map((r) => [r.status, Number(r.n)])))
      : leadStatusCounts(db),
  ]);
  const counts = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
  for (const [status, n] of counted) if (isLeadStatus(status)) counts[status] = n;
  const total = filter ? counts[filter] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { leads: page.rows, counts, total };
}

/** The number of New leads, for the dashboard's header. */
export function newLeadCount(db: DB): Promise<number> {
  return leadsInStatus(db, "new");
}
