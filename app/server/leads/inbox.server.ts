import { sql, type RawBuilder } from "kysely";
import { isLeadStatus, LEAD_STATUSES, type LeadStatus } from "~/lib/lead-status";
import type { DB } from "../db.server";

/**
 * The inbox's list: newest first, filtered by status and searched over every
 * text field and the notes (quote_requests.search_text, one trigram index),
 * with the count of each status for the filter links (kept by triggers in
 * lead_status_counts when there is no search).
 */

export const INBOX_PAGE_SIZE = 25;
const MAX_PAGE = 1_000_000;
const MAX_SEARCH = 200;
/** How much of the message the list shows. */
const EXCERPT_LENGTH = 160;

export interface InboxQuery {
  /** null: all statuses. */
  status: LeadStatus | null;
  /** Trimmed; "" for none. Every word must occur. */
  q: string;
  page: number;
}

/** The view a URL asks for; a parameter that cannot be honoured is named in `error` and left out. */
export function parseInboxQuery(params: URLSearchParams): { query: InboxQuery; error?: string } {
  const query: InboxQuery = { status: null, q: "", page: 1 };
  const errors: string[] = [];
  const status = params.get("status");
  if (status && status !== "all") {
    if (isLeadStatus(status)) query.status = status;
    else errors.push(`Unknown status "${status.slice(0, 40)}": choose one of ${LEAD_STATUSES.join(", ")}`);
  }
  const q = (params.get("q") ?? "").replaceAll("\0", "").trim();
  if (q.length > MAX_SEARCH) errors.push(`The search can be at most ${MAX_SEARCH} characters`);
  else query.q = q;
  const page = params.get("page");
  if (page !== null && page !== "") {
    if (/^\d{1,7}$/.test(page) && Number(page) >= 1 && Number(page) <= MAX_PAGE) query.page = Number(page);
    else errors.push(`Page must be a whole number from 1 to ${MAX_PAGE}`);
  }
  return errors.length ? { query, error: errors.join("; ") } : { query };
}

/** The URL query of a view, defaults left out. */
export function inboxSearch(query: InboxQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export interface InboxLead {
  id: number;
  name: string;
  email: string;
  phone: string;
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

function searchCondition(q: string): RawBuilder<unknown> | undefined {
  const words = q.split(/\s+/).filter(Boolean);
  if (!words.length) return undefined;
  return sql.join(
    words.map((word) => sql`search_text ILIKE ${`%${word.replace(/[\\%_]/g, "\\$&")}%`}`),
    sql` AND `,
  );
}

function where(conditions: (RawBuilder<unknown> | undefined)[]): RawBuilder<unknown> {
  const present = conditions.filter((c): c is RawBuilder<unknown> => c !== undefined);
  return present.length ? sql`WHERE ${sql.join(present, sql` AND `)}` : sql``;
}

export async function listLeads(db: DB, query: InboxQuery): Promise<InboxPage> {
  const search = searchCondition(query.q);
  const status = query.status ? sql`status = ${query.status}` : undefined;
  const [page, grouped] = await Promise.all([
    sql<InboxLead>`SELECT id, name, email, phone, vehicle_type, status, created_at,
        left(message, ${EXCERPT_LENGTH}) AS excerpt, length(message) > ${EXCERPT_LENGTH} AS truncated
      FROM quote_requests ${where([status, search])}
      ORDER BY created_at DESC, id DESC
      LIMIT ${INBOX_PAGE_SIZE} OFFSET ${(query.page - 1) * INBOX_PAGE_SIZE}`.execute(db),
    // Without a search, the counters the triggers keep (not a count over every lead).
    search
      ? sql<{ status: string; n: string }>`SELECT status, count(*) AS n FROM quote_requests ${where([search])} GROUP BY status`.execute(db)
      : sql<{ status: string; n: string }>`SELECT status, n FROM lead_status_counts`.execute(db),
  ]);
  const counts = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
  for (const row of grouped.rows) if (isLeadStatus(row.status)) counts[row.status] = Number(row.n);
  const total = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { leads: page.rows, counts, total };
}

/** The number of New leads, for the dashboard's header. */
export async function newLeadCount(db: DB): Promise<number> {
  const row = await db.selectFrom("lead_status_counts").select("n").where("status", "=", "new").executeTakeFirst();
  return Number(row?.n ?? 0);
}
