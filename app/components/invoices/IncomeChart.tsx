import { axisDollars } from "~/lib/money";
import type { MonthIncome } from "~/server/invoices/invoice-lists.server";

// Drawn in a 360-unit-wide box, like the leads chart: readable on a phone and in a side column.
const WIDTH = 360;
const HEIGHT = 190;
const PAD = { left: 44, right: 6, top: 10, bottom: 24 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
const BAR = "#0f766e";

/** Four steps of round dollars (1, 2 or 5 × a power of ten), at least up to $100. */
function scale(months: MonthIncome[]): { max: number; ticks: number[] } {
  const top = Math.max(10_000, ...months.map((m) => m.cents)) / 4;
  const power = 10 ** Math.floor(Math.log10(top));
  const step = ([1, 2, 5, 10].map((f) => f * power).find((s) => s >= top) ?? 10 * power);
  return { max: step * 4, ticks: [0, 1, 2, 3, 4].map((i) => i * step) };
}

/**
 * Income per month (payments by their Date, deleted ones left out): an SVG
 * drawn with the page (no script), named and described for screen readers,
 * with the same numbers as a table beside it.
 */
export function IncomeChart({ months }: { months: MonthIncome[] }) {
  const { max, ticks } = scale(months);
  const band = PLOT_W / Math.max(1, months.length);
  const barWidth = band * 0.62;
  const y = (cents: number) => PAD.top + PLOT_H - (cents / max) * PLOT_H;
  const first = months[0]?.label ?? "";
  const last = months.at(-1)?.label ?? "";
  return (
    <section aria-labelledby="income-heading" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id="income-heading" className="text-base font-semibold text-slate-900">
        Income per month
      </h3>
      <div className="flex flex-col gap-4 md:flex-row md:items-start">
        <svg role="img" aria-labelledby="income-chart-title" aria-describedby="income-chart-desc" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-xl min-w-0 md:flex-1">
          <title id="income-chart-title">{`Income per month, ${first} to ${last}`}</title>
          <desc id="income-chart-desc">{months.map((m) => `${m.label}: ${m.amount}`).join("; ")}</desc>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
              <text x={PAD.left - 5} y={y(tick) + 3.5} textAnchor="end" fontSize="10" fill="#475569">
                {axisDollars(tick)}
              </text>
            </g>
          ))}
          {months.map((m, i) => {
            const x = PAD.left + i * band + (band - barWidth) / 2;
            return (
              <g key={m.month}>
                <title>{`${m.label}: ${m.amount}`}</title>
                {m.cents > 0 && <rect x={x} y={y(m.cents)} width={barWidth} height={y(0) - y(m.cents)} fill={BAR} />}
                {(months.length - 1 - i) % 2 === 0 && (
                  <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="10" fill="#475569">
                    {m.label.slice(0, 3)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
        <div role="region" aria-labelledby="income-table-caption" tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-500 md:w-56">
          <table className="w-full text-xs">
            <caption id="income-table-caption" className="px-2 py-1.5 text-left font-medium text-slate-700">
              Income per month
            </caption>
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-1.5 text-left font-semibold">Month</th>
                <th scope="col" className="px-2 py-1.5 text-right font-semibold">Income</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {months.map((m) => (
                <tr key={m.month}>
                  <th scope="row" className="px-2 py-1 text-left font-medium whitespace-nowrap text-slate-800">
                    {m.label}
                  </th>
                  <td className="px-2 py-1 text-right tabular-nums">{m.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
