import { LEAD_STATUSES, LEAD_STATUS_TITLES } from "~/lib/lead-status";
import { STATUS_FILL } from "./status-style";
import type { WeekSummary } from "~/server/leads/inbox-view.server";
import { describeWeek, describeWeeks, weekAxisLabel, weekTotal } from "./weeks";
import { WeeksTable } from "./WeeksTable";

// Drawn in a 360-unit-wide box: about its size on a phone and in the
// dashboard's side column, so the text stays readable at either.
const WIDTH = 360;
const HEIGHT = 190;
const PAD = { left: 28, right: 6, top: 10, bottom: 24 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** Four steps of whole numbers, at least up to 4. */
function scale(weeks: WeekSummary[]): { max: number; ticks: number[] } {
  const top = Math.max(0, ...weeks.map(weekTotal));
  const step = Math.max(1, Math.ceil(top / 4));
  return { max: step * 4, ticks: [0, 1, 2, 3, 4].map((i) => i * step) };
}

/**
 * Requests per week, stacked by status: an SVG rendered with the page (no
 * script), named and described for screen readers, with the legend and the
 * same numbers as a table beside it.
 */
export function LeadsChart({ weeks }: { weeks: WeekSummary[] }) {
  const { max, ticks } = scale(weeks);
  const band = PLOT_W / Math.max(1, weeks.length);
  const barWidth = band * 0.62;
  const y = (value: number) => PAD.top + PLOT_H - (value / max) * PLOT_H;

  return (
    <div className="min-w-0">
      <svg
        role="img"
        aria-labelledby="leads-chart-title"
        aria-describedby="leads-chart-desc"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-xl"
      >
        {/* One string: React renders an SVG <title> with several children empty on the server. */}
        <title id="leads-chart-title">{`Quote requests per week, last ${weeks.length} weeks, by status`}</title>
        <desc id="leads-chart-desc">{describeWeeks(weeks)}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
            <text x={PAD.left - 5} y={y(tick) + 3.5} textAnchor="end" fontSize="10" fill="#475569">
              {tick}
            </text>
          </g>
        ))}
        {weeks.map((week, i) => {
          const x = PAD.left + i * band + (band - barWidth) / 2;
          let stacked = 0;
          return (
            <g key={week.week}>
              <title>{describeWeek(week)}</title>
              {LEAD_STATUSES.filter((s) => week.counts[s] > 0).map((status) => {
                const top = y(stacked + week.counts[status]);
                const height = y(stacked) - top;
                stacked += week.counts[status];
                return (
                  <rect key={status} x={x} y={top} width={barWidth} height={height} fill={STATUS_FILL[status]} stroke="#fff" strokeWidth="0.75" />
                );
              })}
              {/* Every other week is labelled, ending with this one, so the labels never touch. */}
              {(weeks.length - 1 - i) % 2 === 0 && (
                <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="10" fill="#475569">
                  {weekAxisLabel(week.week)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <ul aria-label="Legend" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {LEAD_STATUSES.map((status) => (
          <li key={status} className="inline-flex items-center gap-1.5">
            <span aria-hidden className="size-2.5 rounded-sm" style={{ backgroundColor: STATUS_FILL[status] }} />
            {LEAD_STATUS_TITLES[status]}
          </li>
        ))}
      </ul>
      <WeeksTable weeks={weeks} />
    </div>
  );
}
