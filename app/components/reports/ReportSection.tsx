import { Download } from "lucide-react";
import type { ReportTable } from "~/lib/reports";
import { BarChart } from "./BarChart";

/**
 * One figure group's table on /admin/reports: its title, what it counts,
 * its CSV link (the same period), the chart when it has one, and the table,
 * which is the chart's text equivalent.
 */
export function ReportSection({ table, query }: { table: ReportTable; query: string }) {
  const id = `report-${table.name}`;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          {table.title}
        </h3>
        <a
          href={`/admin/reports/${table.name}/csv?${query}`}
          download
          aria-label={`CSV: ${table.title}`}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-brand-700 underline hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <Download aria-hidden className="size-4" />
          CSV
        </a>
      </div>
      <p className="text-sm text-slate-600">{table.note}</p>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
        {table.chart && (
          <div className="lg:w-2/5">
            <BarChart id={`${id}-chart`} title={table.chart.title} bars={table.chart.bars} money={table.chart.money} />
          </div>
        )}
        <div role="region" aria-labelledby={`${id}-caption`} tabIndex={0} className="min-w-0 flex-1 overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-500">
          <table className="w-full text-sm" data-report={table.name}>
            <caption id={`${id}-caption`} className="sr-only">
              {table.title}
            </caption>
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                {table.columns.map((c) => (
                  <th key={c.label} scope="col" className={`px-3 py-2 font-semibold ${c.numeric ? "text-right" : "text-left"}`}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {table.rows.length === 0 ? (
                <tr>
                  <td colSpan={table.columns.length} className="px-3 py-2 text-slate-600">
                    Nothing in this period.
                  </td>
                </tr>
              ) : (
                table.rows.map((row) => (
                  <tr key={row[0]!.text}>
                    {row.map((cell, i) =>
                      i === 0 ? (
                        <th key={i} scope="row" className="px-3 py-2 text-left font-medium text-slate-800">
                          {cell.text}
                        </th>
                      ) : (
                        <td key={i} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                          {cell.text}
                        </td>
                      ),
                    )}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
