import { sql } from "kysely";
import { shareCsv, shareText, type ReportTable } from "~/lib/reports";
import type { DB } from "../db.server";
import type { ReportPeriod } from "./period.server";

/**
 * The appointments of the period (jobs by their start) and what became of
 * them (docs/decisions/0150): done, cancelled by the customer, cancelled
 * by the business (the owner's Cancel Job, a Weather Day), and no-shows:
 * the app has no such button, so a no-show is a job whose time is over
 * (its end, buffer included, before `now`) that was never started nor
 * cancelled. The rest are still to come or under way.
 */
export async function cancellationFigures(db: DB, period: ReportPeriod, now: Date) {
  const { rows } = await sql<{ appointments: string; done: string; by_customer: string; by_business: string; no_shows: string }>`
    SELECT count(*) AS appointments,
           count(*) FILTER (WHERE status = 'done') AS done,
           count(*) FILTER (WHERE status = 'cancelled' AND cancelled_by = 'customer') AS by_customer,
           count(*) FILTER (WHERE status = 'cancelled' AND cancelled_by IS DISTINCT FROM 'customer') AS by_business,
           count(*) FILTER (WHERE status IN ('scheduled', 'on_the_way') AND upper(busy) <= ${now}) AS no_shows
    FROM jobs
    WHERE starts_at >= ${period.start} AND starts_at < ${period.end}`.execute(db);
  const r = rows[0]!;
  return { appointments: Number(r.appointments), done: Number(r.done), byCustomer: Number(r.by_customer), byBusiness: Number(r.by_business), noShows: Number(r.no_shows) };
}

export async function cancellationsReport(db: DB, period: ReportPeriod, now: Date): Promise<ReportTable> {
  const f = await cancellationFigures(db, period, now);
  const line = (label: string, n: number) => [
    { text: label, csv: label },
    { text: n.toLocaleString("en-US"), csv: n },
    { text: shareText(n, f.appointments), csv: shareCsv(n, f.appointments) },
  ];
  return {
    name: "cancellations",
    title: "Cancellations and no-shows",
    note: "Jobs whose time was in the period. No-show: the time is over and the job was never started nor cancelled.",
    columns: [
      { label: "Appointments", numeric: false },
      { label: "Jobs", numeric: true },
      { label: "Share of appointments", numeric: true },
    ],
    rows: [
      line("All appointments", f.appointments),
      line("Done", f.done),
      line("Cancelled by the customer", f.byCustomer),
      line("Cancelled by the business", f.byBusiness),
      line("No-shows", f.noShows),
    ],
  };
}
