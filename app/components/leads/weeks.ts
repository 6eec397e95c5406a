import { LEAD_STATUSES, LEAD_STATUS_TITLES } from "~/lib/lead-status";
import type { WeekSummary } from "~/server/leads/inbox-view.server";

/** Week labels and sums for the chart and its table. A week is "YYYY-MM-DD", read as a calendar date (no time zone). */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function parts(week: string): [number, number, number] {
  const [year = 0, month = 1, day = 1] = week.split("-").map(Number);
  return [year, month, day];
}

/** "Nov 17, 2026". */
export function weekTitle(week: string): string {
  const [year, month, day] = parts(week);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** "11/17", short enough for the chart's axis. */
export function weekAxisLabel(week: string): string {
  const [, month, day] = parts(week);
  return `${month}/${day}`;
}

export function weekTotal(week: WeekSummary): number {
  return LEAD_STATUSES.reduce((sum, status) => sum + week.counts[status], 0);
}

/** "2 New, 1 Contacted" (statuses with none left out); "" for an empty week. */
export function weekBreakdown(week: WeekSummary): string {
  return LEAD_STATUSES.filter((s) => week.counts[s] > 0)
    .map((s) => `${week.counts[s]} ${LEAD_STATUS_TITLES[s]}`)
    .join(", ");
}

const requests = (n: number) => (n === 1 ? "1 request" : `${n} requests`);

/** One week in words, for a bar's tooltip. */
export function describeWeek(week: WeekSummary): string {
  const breakdown = weekBreakdown(week);
  return `Week of ${weekTitle(week.week)}: ${requests(weekTotal(week))}${breakdown ? ` (${breakdown})` : ""}`;
}

/** The chart in two sentences, for its accessible description. */
export function describeWeeks(weeks: WeekSummary[]): string {
  const current = weeks.at(-1);
  if (!current) return "No weeks to show.";
  const sum = weeks.reduce((total, week) => total + weekTotal(week), 0);
  const busiest = weeks.reduce((best, week) => (weekTotal(week) > weekTotal(best) ? week : best), current);
  const breakdown = weekBreakdown(current);
  return [
    `This week: ${requests(weekTotal(current))}${breakdown ? ` (${breakdown})` : ""}.`,
    `${requests(sum)} over the last ${weeks.length} weeks${sum ? `; the busiest was the week of ${weekTitle(busiest.week)} with ${weekTotal(busiest)}` : ""}.`,
  ].join(" ");
}
