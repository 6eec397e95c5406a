import { sql } from "kysely";
import { isLeadStatus, LEAD_STATUSES, type LeadStatus } from "~/lib/lead-status";
import type { DB } from "../db.server";
import { env } from "../env.server";

/** Leads at a glance, for the inbox's header. */

export const CHART_WEEKS = 12;
/** A New lead older than this is "waiting too long". */
export const WAITING_TOO_LONG_MINUTES = 60;
const RESPONSE_WINDOW_DAYS = 30;

export interface WeekCounts {
  /** The Monday the week starts on, YYYY-MM-DD, in the business's time zone. */
  week: string;
  counts: Record<LeadStatus, number>;
}

export interface LeadStats {
  newWaiting: number;
  /** New for longer than WAITING_TOO_LONG_MINUTES. */
  waitingTooLong: number;
  /** The median time from arrival to the first move out of New, over leads that arrived in the last 30 days; null when none has moved. */
  medianResponseSeconds: number | null;
  /** How many leads of the last 30 days the median is taken over. */
  respondedLeads: number;
  /** Requests per week, oldest first, the last CHART_WEEKS weeks (this one included), by their current status. */
  weeks: WeekCounts[];
}

export async function leadStats(db: DB): Promise<LeadStats> {
  const timeZone = env().BUSINESS_TIME_ZONE;
  const [waiting, response, weekly] = await Promise.all([
    sql<{ new_waiting: number; too_long: number }>`SELECT count(*) AS new_waiting,
        count(*) FILTER (WHERE created_at < now() - ${`${WAITING_TOO_LONG_MINUTES} minutes`}::interval) AS too_long
      FROM quote_requests WHERE status = 'new'`.execute(db),
    sql<{ median: number | null; n: number }>`SELECT
        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_response_at - created_at)) AS median,
        count(*) AS n
      FROM quote_requests
      WHERE created_at >= now() - ${`${RESPONSE_WINDOW_DAYS} days`}::interval AND first_response_at IS NOT NULL`.execute(db),
    // Week boundaries are local midnights (a week starts on Monday in the
    // business's time zone), turned back into instants to use the created_at index.
    sql<{ week: string; status: string | null; n: number }>`WITH weeks AS (
        SELECT week FROM generate_series(
          date_trunc('week', now() AT TIME ZONE ${timeZone}) - ${`${CHART_WEEKS - 1} weeks`}::interval,
          date_trunc('week', now() AT TIME ZONE ${timeZone}),
          interval '1 week') AS week
      )
      SELECT to_char(w.week, 'YYYY-MM-DD') AS week, q.status, count(q.id) AS n
      FROM weeks w
      LEFT JOIN quote_requests q
        ON q.created_at >= (w.week AT TIME ZONE ${timeZone}) AND q.created_at < ((w.week + interval '1 week') AT TIME ZONE ${timeZone})
      GROUP BY w.week, q.status
      ORDER BY w.week`.execute(db),
  ]);

  const weeks = new Map<string, WeekCounts>();
  for (const row of weekly.rows) {
    let week = weeks.get(row.week);
    if (!week) {
      week = { week: row.week, counts: Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number> };
      weeks.set(row.week, week);
    }
    if (isLeadStatus(row.status)) week.counts[row.status] += Number(row.n);
  }
  const median = response.rows[0]?.median;
  return {
    newWaiting: Number(waiting.rows[0]!.new_waiting),
    waitingTooLong: Number(waiting.rows[0]!.too_long),
    medianResponseSeconds: median === null || median === undefined ? null : Math.round(Number(median)),
    respondedLeads: Number(response.rows[0]?.n ?? 0),
    weeks: [...weeks.values()],
  };
}
