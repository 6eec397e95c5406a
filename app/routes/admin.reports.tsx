import { data, Form } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { ReportSection } from "~/components/reports/ReportSection";
import { buttonClass } from "~/components/ui/button";
import { PERIOD_TITLES, PERIODS } from "~/lib/reports";
import { atEdge } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { reportsView } from "~/server/reports/reports-view.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.reports";

/*
 * /admin/reports?period=this-month|last-month|this-year|range&from=&to= —
 * the owner's numbers for a period (ui-contract.md "The owner's numbers",
 * docs/decisions/0150): a GET form whose state is the URL, then each figure
 * group's table with its chart and CSV link. A period that cannot be read
 * is the form again with its errors, answered 400. Works without JavaScript.
 */

export const loader = atEdge(async ({ request, context }: Route.LoaderArgs) => {
  const view = await reportsView(context.get(databaseContext), adminUserFrom(context), new URL(request.url).searchParams);
  return view.ok ? view : data(view, { status: 400 });
});

export function meta() {
  return [{ title: "Reports · Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

const INPUT =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40 aria-invalid:border-red-500";

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const view = loaderData;
  const values = view.ok ? { period: view.period.kind, from: view.period.kind === "range" ? view.period.from : "", to: view.period.kind === "range" ? view.period.to : "" } : view.typed;
  const errors: Record<string, string> = view.ok ? {} : view.errors;
  return (
    <main className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <h2 className="text-2xl font-semibold text-slate-900">Reports</h2>
      <Form method="get" action="/admin/reports" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="period-legend">
        <fieldset className="space-y-3">
          <legend id="period-legend" className="text-base font-semibold text-slate-900">
            Period
          </legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2" aria-describedby={errors.period ? "period-error" : undefined}>
            {PERIODS.map((p) => (
              <label key={p} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="period" value={p} defaultChecked={(values.period || "this-month") === p} className="size-4" />
                {PERIOD_TITLES[p]}
              </label>
            ))}
          </div>
          {errors.period && (
            <p id="period-error" className="text-sm text-red-700">
              {errors.period}
            </p>
          )}
          <div className="grid max-w-md gap-3 sm:grid-cols-2">
            <DateField name="from" label="From" value={values.from} error={errors.from} />
            <DateField name="to" label="To" value={values.to} error={errors.to} />
          </div>
          <p className="text-sm text-slate-600">From and To are read when From – To is chosen.</p>
        </fieldset>
        <button type="submit" className={buttonClass("primary")}>
          Show Reports
        </button>
      </Form>
      {!view.ok && <ErrorBanner>{Object.values(view.errors)[0]}</ErrorBanner>}
      {view.ok && (
        <>
          <p className="text-slate-700" aria-live="polite">
            Figures for <strong>{view.period.label}</strong>
          </p>
          {view.tables.map((t) => (
            <ReportSection key={t.name} table={t} query={view.period.query} />
          ))}
        </>
      )}
    </main>
  );
}

function DateField({ name, label, value, error }: { name: string; label: string; value: string; error?: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={`report-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`report-${name}`}
        name={name}
        type="date"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `report-${name}-error` : undefined}
        className={INPUT}
      />
      {error && (
        <p id={`report-${name}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
