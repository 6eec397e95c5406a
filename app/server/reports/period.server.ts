import { addDays, dayIn, longDate, startOfDayIn } from "~/lib/time-zone";
import { reportPeriodSchema, type PeriodKind } from "~/lib/reports";
import { checkForm } from "../form-action.server";

/**
 * The chosen period as instants (docs/decisions/0150): whole days in the
 * business's time zone, `start` the first instant of `from`, `end` the first
 * of the day after `to` (so [start, end)), whatever the clocks did between.
 */
export interface ReportPeriod {
  kind: PeriodKind;
  from: string;
  to: string;
  start: Date;
  end: Date;
  /** "November 1, 2026 – November 30, 2026". */
  label: string;
  /** The period's query string, for the CSV links: "period=range&from=…&to=…". */
  query: string;
}

export type PeriodReading =
  | { ok: true; period: ReportPeriod }
  | { ok: false; errors: Record<string, string>; typed: { period: string; from: string; to: string } };

function monthStart(today: string, back: number): string {
  const [y, m] = today.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1 - back, 1)).toISOString().slice(0, 10);
}

/** The period the query asks for, on the business's calendar of `now`, or each field's error. */
export function readPeriod(query: URLSearchParams, now: Date, timeZone: string): PeriodReading {
  const checked = checkForm(query, reportPeriodSchema);
  if (!checked.ok) {
    const typed = { period: query.get("period") ?? "", from: query.get("from") ?? "", to: query.get("to") ?? "" };
    return { ok: false, errors: checked.errors, typed };
  }
  const { period: kind } = checked.value;
  const today = dayIn(now, timeZone);
  let from: string;
  let to: string;
  if (kind === "range") {
    from = checked.value.from!;
    to = checked.value.to!;
  } else if (kind === "this-year") {
    from = `${today.slice(0, 4)}-01-01`;
    to = `${today.slice(0, 4)}-12-31`;
  } else {
    from = monthStart(today, kind === "last-month" ? 1 : 0);
    to = addDays(monthStart(today, kind === "last-month" ? 0 : -1), -1);
  }
  const query_ = kind === "range" ? `period=range&from=${from}&to=${to}` : `period=${kind}`;
  return {
    ok: true,
    period: {
      kind,
      from,
      to,
      start: startOfDayIn(from, timeZone),
      end: startOfDayIn(addDays(to, 1), timeZone),
      label: `${longDate(from)} – ${longDate(to)}`,
      query: query_,
    },
  };
}
