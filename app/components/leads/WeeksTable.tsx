import { LEAD_STATUSES, LEAD_STATUS_TITLES } from "~/lib/lead-status";
import type { WeekSummary } from "~/server/leads/inbox-view.server";
import { weekTitle, weekTotal } from "./weeks";

/**
 * The chart's numbers as a real table, folded away by default (a native
 * <details>, so it opens without JavaScript). On a phone it scrolls inside its
 * own box, which takes keyboard focus so it can be scrolled without a pointer.
 */
export function WeeksTable({ weeks }: { weeks: WeekSummary[] }) {
  const cell = "px-2 py-1.5 text-right tabular-nums";
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700 hover:underline">Show the numbers as a table</summary>
      <div role="region" aria-labelledby="weeks-table-caption" tabIndex={0} className="mt-2 overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-500">
        <table className="w-full text-xs">
          <caption id="weeks-table-caption" className="px-2 py-1.5 text-left font-medium text-slate-700">
            Quote requests per week, by current status
          </caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-1.5 text-left font-semibold">
                Week of
              </th>
              {LEAD_STATUSES.map((status) => (
                <th key={status} scope="col" className={`${cell} font-semibold`}>
                  {LEAD_STATUS_TITLES[status]}
                </th>
              ))}
              <th scope="col" className={`${cell} font-semibold`}>
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {weeks.map((week, i) => (
              <tr key={week.week}>
                <th scope="row" className="px-2 py-1.5 text-left font-medium whitespace-nowrap text-slate-800">
                  {weekTitle(week.week)}
                  {i === weeks.length - 1 && " (this week)"}
                </th>
                {LEAD_STATUSES.map((status) => (
                  <td key={status} className={cell}>
                    {week.counts[status]}
                  </td>
                ))}
                <td className={`${cell} font-semibold`}>{weekTotal(week)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
