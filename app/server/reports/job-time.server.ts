import { sql } from "kysely";
import { minutesText, type ReportTable } from "~/lib/reports";
import type { DB } from "../db.server";
import { lineKey, NO_PACKAGE, packageKeys } from "./package-lines.server";
import type { ReportPeriod } from "./period.server";

/**
 * The time jobs really took against the price book's (docs/decisions/0150):
 * the jobs finished in the period that were started with Start Job (the
 * field's started and finished times), by the package and vehicle class of
 * their estimate's first package line. Booked is the job's length as
 * booked: the price book's duration of the package and add-ons (for the
 * vehicle, per foot for a boat) when the job was priced from it.
 */
export async function jobTimeFigures(db: DB, period: ReportPeriod) {
  const { rows } = await sql<{ package: string | null; vehicle_class: string | null; jobs: string; actual: string; booked: string }>`
    WITH finished AS (
      SELECT id, estimate_id, duration_minutes, extract(epoch FROM done_at - started_at) / 60 AS actual
      FROM jobs
      WHERE status = 'done' AND started_at IS NOT NULL AND done_at >= ${period.start} AND done_at < ${period.end}
    ),
    keys AS (${packageKeys()}),
    firsts AS (
      SELECT DISTINCT ON (f.id) f.id, k.package, k.vehicle_class
      FROM finished f JOIN estimate_lines l ON l.estimate_id = f.estimate_id JOIN keys k ON k.key = ${lineKey(sql.ref("l.description"))}
      ORDER BY f.id, l.position
    )
    SELECT p.package, p.vehicle_class, count(*) AS jobs, sum(f.actual) AS actual, sum(f.duration_minutes) AS booked
    FROM finished f LEFT JOIN firsts p ON p.id = f.id
    GROUP BY GROUPING SETS ((p.package, p.vehicle_class), ())
    ORDER BY GROUPING(p.package), p.package NULLS LAST, p.vehicle_class NULLS LAST`.execute(db);
  return rows.map((r, i) => ({
    // The grand total comes last (GROUPING 1 sorts after 0).
    name: i === rows.length - 1 ? "All jobs" : r.package === null ? NO_PACKAGE : `${r.package}, ${r.vehicle_class}`,
    jobs: Number(r.jobs),
    actualMinutes: Number(r.actual ?? 0),
    bookedMinutes: Number(r.booked ?? 0),
  }));
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
