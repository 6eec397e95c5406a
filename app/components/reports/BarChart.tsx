import { axisDollars } from "~/lib/money";
import type { ReportBar } from "~/lib/reports";

// Drawn in a 360-unit-wide box, like the income chart: readable on a phone and beside a table.
const WIDTH = 360;
const ROW = 34;
const PAD = { left: 4, right: 64, top: 6 };
const BAR = "#0f766e";

/**
 * A figure group's bars, drawn with the page (an SVG, no script, no chart
 * library): each bar's label above it and its value after it, named and
 * described for screen readers; the table beside it holds the same numbers.
 */
export function BarChart({ id, title, bars, money }: { id: string; title: string; bars: ReportBar[]; money: boolean }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const height = PAD.top + bars.length * ROW + 4;
  const plot = WIDTH - PAD.left - PAD.right;
  return (
    <svg role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full max-w-xl min-w-0">
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{bars.length ? bars.map((b) => `${b.label}: ${b.text}`).join("; ") : "Nothing in this period."}</desc>
      {bars.map((b, i) => {
        const y = PAD.top + i * ROW;
        const width = (b.value / max) * plot;
        return (
          <g key={b.label}>
            <text x={PAD.left} y={y + 10} fontSize="10" fill="#334155">
              {b.label.length > 56 ? `${b.label.slice(0, 55)}…` : b.label}
            </text>
            <rect x={PAD.left} y={y + 14} width={Math.max(width, b.value > 0 ? 1 : 0)} height={12} rx={2} fill={BAR} />
            <text x={PAD.left + width + 4} y={y + 24} fontSize="10" fill="#334155">
              {money && b.value >= 100_000 ? axisDollars(Math.round(b.value / 10_000) * 10_000) : b.text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
