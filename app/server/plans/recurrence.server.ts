import { createRequire } from "node:module";
import type * as RRuleModule from "rrule";
import type { PlanCadence } from "~/lib/plans";

/**
 * A plan's visits as an RFC 5545 recurrence rule (docs/decisions/0146), made
 * and expanded by the `rrule` package. The rule is kept in *floating*
 * wall-clock time: DTSTART without a zone ("20261203T090000"), which rrule
 * reads and writes as if it were UTC. Each occurrence is therefore a wall
 * clock, a day and a time in the business's zone, never an instant: the
 * caller turns it into one with app/lib/time-zone.ts (instantIn), so a visit
 * at 9:00 stays at 9:00 across the clock changes (rrule's own time-zone
 * support shifts by the process's offset, its known pitfall).
 *
 * Month ends: "monthly on the 31st" is BYMONTHDAY=28,29,30,31;BYSETPOS=-1,
 * the last of those days the month has (its last day); the 29th and 30th
 * likewise take the month's last day when it is shorter. Day 1 to 28 is a
 * plain BYMONTHDAY, which every month has.
 */

// rrule 2.8 ships CommonJS for Node (its ESM build has no "exports" or "type"), whose named exports Node cannot see: required, typed as the module.
const { RRule, rrulestr } = createRequire(import.meta.url)("rrule") as typeof RRuleModule;

/** One occurrence of the rule: a day (YYYY-MM-DD) and a wall-clock time (HH:MM) in the business's zone. */
export interface Occurrence {
  day: string;
  time: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A wall clock as rrule's floating Date (its UTC fields are the wall clock's). */
function floating(day: string, time = "00:00"): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, d, hh, mm));
}

const occurrenceOf = (at: Date): Occurrence => ({
  day: `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`,
  time: `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`,
});

/** The RRULE part for a cadence starting on `startDay` (YYYY-MM-DD). */
export function ruleFor(cadence: PlanCadence, startDay: string): string {
  if (cadence.kind === "weekly") return `FREQ=WEEKLY;INTERVAL=${cadence.weeks}`;
  const dayOfMonth = Number(startDay.slice(8, 10));
  if (dayOfMonth <= 28) return `FREQ=MONTHLY;BYMONTHDAY=${dayOfMonth}`;
  const days = Array.from({ length: dayOfMonth - 27 }, (_, i) => 28 + i).join(",");
  return `FREQ=MONTHLY;BYMONTHDAY=${days};BYSETPOS=-1`;
}

/** The stored rule: DTSTART in floating time and the RRULE, two lines as RFC 5545 writes them. */
export function planRule(cadence: PlanCadence, startDay: string, startTime: string): string {
  const start = new RRule({ dtstart: floating(startDay, startTime) }).toString().split("\n")[0]!.replace(/Z$/, "");
  return `${start}\nRRULE:${ruleFor(cadence, startDay)}`;
}

/** The rule's occurrences from `fromDay` to `toDay` (inclusive, YYYY-MM-DD), in order. */
export function occurrences(rule: string, fromDay: string, toDay: string): Occurrence[] {
  const parsed = rrulestr(rule);
  return parsed.between(floating(fromDay), floating(toDay, "23:59"), true).map(occurrenceOf);
}
