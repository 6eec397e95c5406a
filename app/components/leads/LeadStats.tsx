import { LeadsChart } from "./LeadsChart";
import type { GlanceFigures } from "~/server/leads/inbox-view.server";

/** "Leads at a glance": who is waiting, how fast they are answered, and the weeks' requests. */
export function LeadStats({ figures }: { figures: GlanceFigures }) {
  const late = figures.waitingTooLong > 0;
  return (
    <section aria-labelledby="glance-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 id="glance-heading" className="text-base font-semibold text-slate-900">
        Leads at a glance
      </h3>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        <Figure label="New, waiting" value={String(figures.newWaiting)} />
        <Figure
          label={`Waiting over ${figures.waitingTooLongMinutes === 60 ? "an hour" : `${figures.waitingTooLongMinutes} min`}`}
          value={String(figures.waitingTooLong)}
          alert={late}
        />
        <Figure
          label="Median response"
          value={figures.medianResponse}
          note={`last 30 days, ${figures.respondedLeads === 1 ? "1 lead" : `${figures.respondedLeads} leads`}`}
        />
      </dl>
      <h4 className="mt-5 mb-2 text-sm font-semibold text-slate-900">Requests per week</h4>
      <LeadsChart weeks={figures.weeks} />
    </section>
  );
}

function Figure({ label, value, note, alert = false }: { label: string; value: string; note?: string; alert?: boolean }) {
  return (
    <div className={`flex flex-col-reverse justify-end rounded-lg px-2 py-2.5 ${alert ? "bg-red-50" : "bg-slate-50"}`}>
      <dt className="text-xs leading-tight text-slate-600">
        {label}
        {note && <span className="mt-0.5 block text-[0.7rem] text-slate-600">{note}</span>}
      </dt>
      <dd className={`text-xl font-bold tabular-nums ${alert ? "text-red-700" : "text-slate-900"}`}>{value}</dd>
    </div>
  );
}
