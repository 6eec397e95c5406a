import { sql } from "kysely";
import { minutesText, type ReportTable } from "~/lib/reports";
import type { DB } from "../db.server";
import { firstPackage, NO_PACKAGE, packageKeys } from "./package-lines.server";
import { inEdges, inWholeDays, periodDays } from "./period-days.server";
import type { ReportPeriod } from "./period.server";

/**
 * The time jobs really took against the price book's (docs/decisions/0150):
 * the jobs finished in the period that were started with Start Job (the
 * field's started and finished times), by the package and vehicle class of
 * their estimate's first package line. Booked is the job's length as
 * booked: the price book's duration of the package and add-ons (for the
 * vehicle, per foot for a boat) when the job was priced from it.
 */
export interface JobTimeRow {
  package: string | null;
  vehicle_class: string | null;
  jobs: string | null;
  actual: string | null;
  booked: string | null;
}

/** The query's groups, the grand total last (GROUPING 1 sorts after 0). */
export const jobTimeRows = (rows: JobTimeRow[]) =>
  rows.map((r, i) => ({
    name: i === rows.length - 1 ? "All jobs" : r.package === null ? NO_PACKAGE : `${r.package}, ${r.vehicle_class}`,
    jobs: Number(r.jobs ?? 0),
    actualMinutes: Number(r.actual ?? 0),
    bookedMinutes: Number(r.booked ?? 0),
  }));

/**
 * From the summaries (docs/decisions/0157): the period's jobs counted and
 * summed by their estimate's line words (per UTC day in report_job_time_days,
 * the hours at the period's edges from report_job_times), each set then
 * named by the current price book (./package-lines.server.ts).
 */
export async function jobTimeFigures(db: DB, period: ReportPeriod) {
  const days = periodDays(period);
  const { rows } = await sql<JobTimeRow>`
    WITH keys AS (${packageKeys()}),
    finished AS (
      SELECT line_keys, sum(jobs) AS jobs, sum(actual_minutes) AS actual, sum(booked_minutes) AS booked FROM (
        SELECT line_keys, jobs, actual_minutes, booked_minutes FROM report_job_time_days WHERE ${inWholeDays(days)}
        UNION ALL
        SELECT line_keys, 1, actual_minutes, duration_minutes FROM report_job_times WHERE ${inEdges("done_at", days)}
      ) done
      GROUP BY line_keys
      -- A day's words whose jobs all went (undone, deleted) leave a row of zeros: no job.
      HAVING sum(jobs) <> 0
    ),
    named AS (
      SELECT f.jobs, f.actual, f.booked, p.package, p.vehicle_class FROM finished f LEFT JOIN LATERAL (${firstPackage(sql.ref("f.line_keys"))}) p ON true
    )
    SELECT package, vehicle_class, sum(jobs) AS jobs, sum(actual) AS actual, sum(booked) AS booked
    FROM named
    GROUP BY GROUPING SETS ((package, vehicle_class), ())
    ORDER BY GROUPING(package), package NULLS LAST, vehicle_class NULLS LAST`.execute(db);
  return jobTimeRows(rows);
}

export async function jobTimeReport(db: DB, period: ReportPeriod): Promise<ReportTable> {
  const rows = await jobTimeFigures(db, period);
  const minutes = (total: number, jobs: number) => {
    const m = jobs > 0 ? Math.round(total / jobs) : 0;
    return { text: minutesText(m), csv: m };
  };
  return {
    name: "job-time",
    title: "Time on jobs",
    note: "Jobs finished in the period that were started with Start Job: average time from Start Job to Finish Job against the price book's time they were booked for.",
    columns: [
      { label: "Package and vehicle", numeric: false },
      { label: "Jobs", numeric: true },
      { label: "Average actual (minutes)", numeric: true },
      { label: "Average booked (minutes)", numeric: true },
      { label: "Difference (minutes)", numeric: true },
    ],
    rows: rows
      .filter((r) => r.jobs > 0)
      .map((r) => [
        { text: r.name, csv: r.name },
        { text: r.jobs.toLocaleString("en-US"), csv: r.jobs },
        minutes(r.actualMinutes, r.jobs),
        minutes(r.bookedMinutes, r.jobs),
        { text: minutesText(Math.round(r.actualMinutes / r.jobs) - Math.round(r.bookedMinutes / r.jobs)), csv: Math.round(r.actualMinutes / r.jobs) - Math.round(r.bookedMinutes / r.jobs) },
      ]),
  };
}
