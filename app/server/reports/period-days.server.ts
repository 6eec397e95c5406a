import { sql, type RawBuilder } from "kysely";
import type { ReportPeriod } from "./period.server";

const DAY_MS = 86_400_000;

/**
 * A period as the summaries read it (docs/decisions/0157): its whole UTC days
 * [fromDay, toDay), summed from the per-day rollups, and the hours at its two
 * edges, [start, headEnd) and [tailStart, end), read row by row from the
 * summaries (the period's days are the business's, whose midnights are not
 * UTC's). A period that holds no whole UTC day is all edge.
 */
export interface PeriodDays {
  fromDay: string;
  toDay: string;
  start: Date;
  headEnd: Date;
  tailStart: Date;
  end: Date;
}

export function periodDays(period: ReportPeriod): PeriodDays {
  const first = Math.ceil(period.start.getTime() / DAY_MS) * DAY_MS;
  const last = Math.floor(period.end.getTime() / DAY_MS) * DAY_MS;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  if (first >= last) return { fromDay: day(first), toDay: day(first), start: period.start, headEnd: period.end, tailStart: period.end, end: period.end };
  return { fromDay: day(first), toDay: day(last), start: period.start, headEnd: new Date(first), tailStart: new Date(last), end: period.end };
}

/** A rollup's rows of the period's whole days. */
export const inWholeDays = (d: PeriodDays): RawBuilder<boolean> => sql<boolean>`day >= ${d.fromDay}::date AND day < ${d.toDay}::date`;

/** A summary's rows in the period's edges, by their `time` column. */
export const inEdges = (time: string, d: PeriodDays): RawBuilder<boolean> => {
  const t = sql.ref(time);
  return sql<boolean>`((${t} >= ${d.start} AND ${t} < ${d.headEnd}) OR (${t} >= ${d.tailStart} AND ${t} < ${d.end}))`;
};
