import { sql, type RawBuilder } from "kysely";
import { addDays, dayIn, localInstant, zoneOffsetMs } from "~/lib/time-zone";
import { isoWeekday, minutesOfDay, TRAVEL_BUFFER_MAX, type WorkWeek } from "~/lib/work-week";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { getWorkWeek } from "../settings.server";

/**
 * The times a customer may book (issue 21, docs/decisions/0086): starts on a
 * 30-minute grid from Workday Start, in the business's wall clock, on working
 * days, with the job done by Workday End, none sooner than 12 hours from now
 * and none later than 14 days from now, and the new job plus its travel
 * buffer clear of every job that is not cancelled (whose stored busy range
 * already holds its own buffer). `freeStartTimes` is pure, for the unit
 * tests; `freeTimes` reads the settings and the jobs that can touch the
 * window. The database's exclusion constraint stays the judge: a time offered
 * here can still be taken by someone else before the customer books it.
 *
 * Per person (issue 34, docs/decisions/0115): a start is free when some
 * member of staff is free then (each person's jobs block only them), and the
 * booking goes to such a person (`freeWorkers`). Before anyone is staff, the
 * jobs nobody is assigned to are one person, the business.
 */

export const SLOT_MINUTES = 30;
export const NOTICE_HOURS = 12;
export const HORIZON_DAYS = 14;
/** The longest a job can block (720 minutes plus the longest buffer): how far before the window a busy range can start. */
const LONGEST_BUSY_MS = (720 + TRAVEL_BUFFER_MAX) * 60_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A job's busy range [start, end) in epoch milliseconds. */
export interface BusyRange {
  start: number;
  end: number;
}

export interface FreeTimeRules extends WorkWeek {
  timeZone: string;
}

/**
 * How much notice a start needs, and how far ahead it may be: the customer's
 * are NOTICE_HOURS and HORIZON_DAYS; the owner's Schedule Job proposes a time
 * with no notice (any start not yet begun) and looks further ahead.
 */
export interface BookingReach {
  noticeHours: number;
  horizonDays: number;
}

export const CUSTOMER_REACH: BookingReach = { noticeHours: NOTICE_HOURS, horizonDays: HORIZON_DAYS };

/** The window starts may fall in: from 12 hours after `now` to 14 days after it (the customer's reach). */
export function bookingWindow(now: Date, reach: BookingReach = CUSTOMER_REACH): { from: number; to: number } {
  return { from: now.getTime() + reach.noticeHours * HOUR, to: now.getTime() + reach.horizonDays * DAY };
}

/**
 * The starts of one day's slots as instants. Where the clocks do not change
 * in the window (`offset` given) each is plain arithmetic; on a day they may,
 * each wall time is converted on its own, so none is shifted and none appears
 * twice (the skipped hour has none, the repeated one its first).
 */
function daySlots(day: string, firstMinute: number, lastMinute: number, timeZone: string, offset: number | null): number[] {
  const slots: number[] = [];
  if (offset !== null) {
    const [y, m, d] = day.split("-").map(Number) as [number, number, number];
    const midnight = Date.UTC(y, m - 1, d) - offset;
    for (let minute = firstMinute; minute <= lastMinute; minute += SLOT_MINUTES) slots.push(midnight + minute * MINUTE);
    return slots;
  }
  for (let minute = firstMinute; minute <= lastMinute; minute += SLOT_MINUTES) {
    const at = localInstant(day, minute, timeZone);
    if (at !== null && (slots.length === 0 || at > slots.at(-1)!)) slots.push(at);
  }
  return slots;
}

/**
 * The free starts for a job of `durationMinutes`, ascending. `busy` may come
 * in any order and may include ranges outside the window.
 */
export function freeStartTimes(rules: FreeTimeRules, busy: readonly BusyRange[], durationMinutes: number, now: Date, reach: BookingReach = CUSTOMER_REACH): Date[] {
  const { from, to } = bookingWindow(now, reach);
  const open = minutesOfDay(rules.workdayStart);
  // The job must be done by Workday End; its travel buffer may run past it.
  const lastMinute = minutesOfDay(rules.workdayEnd) - durationMinutes;
  if (durationMinutes <= 0 || lastMinute < open) return [];
  const blocked = busy.filter((range) => range.end > from && range.start < to + (durationMinutes + rules.travelBufferMinutes) * MINUTE);
  // Jobs never overlap (the exclusion constraint): sorted by start they are sorted by end too.
  blocked.sort((a, b) => a.start - b.start);
  const blocking = (durationMinutes + rules.travelBufferMinutes) * MINUTE;
  const working = new Set(rules.workingDays);
  const free: Date[] = [];
  let next = 0;
  // One offset from a day before the window to a day after it: no clock
  // change in between (no zone changes twice within weeks), so every slot is
  // arithmetic. Otherwise each day's wall times are converted one by one.
  const before = zoneOffsetMs(now.getTime() - DAY, rules.timeZone);
  const offset = before === zoneOffsetMs(to + DAY, rules.timeZone) ? before : null;
  // From the business's today to the day the window ends.
  const lastDay = dayIn(new Date(to), rules.timeZone);
  for (let day = dayIn(now, rules.timeZone); day <= lastDay; day = addDays(day, 1)) {
    if (!working.has(isoWeekday(day))) continue;
    for (const start of daySlots(day, open, lastMinute, rules.timeZone, offset)) {
      if (start < from || start > to) continue;
      const end = start + blocking;
      while (next < blocked.length && blocked[next]!.end <= start) next++;
      if (next < blocked.length && blocked[next]!.start < end) continue;
      free.push(new Date(start));
    }
  }
  return free;
}

/** The people who do jobs: everyone with a role, by id; none (the business alone, key 0) before anyone is staff. */
async function workers(db: DB): Promise<number[]> {
  const rows = await db.selectFrom("users").select("id").where("role", "is not", null).orderBy("id").execute();
  return rows.length ? rows.map((row) => row.id) : [0];
}

/** The union of sorted start lists, ascending and without repeats. */
function union(lists: Date[][]): Date[] {
  const times = new Set(lists.flat().map((t) => t.getTime()));
  return [...times].sort((a, b) => a - b).map((t) => new Date(t));
}

/**
 * The free starts from the database: the working week, and the busy ranges
 * of the jobs that are not cancelled and start in the window or up to the
 * longest job before it (by jobs_starts_idx), overlapping it; a start is free
 * when one of the people who do jobs is free then.
 */
export async function freeTimes(db: DB, durationMinutes: number, now: Date, reach: BookingReach = CUSTOMER_REACH): Promise<Date[]> {
  const { from, to } = bookingWindow(now, reach);
  // Wide enough for the longest travel buffer, so the two reads need not wait for each other.
  const windowEnd = new Date(to + (durationMinutes + TRAVEL_BUFFER_MAX) * MINUTE);
  const [week, people, rows] = await Promise.all([
    getWorkWeek(db),
    workers(db),
    db
      .selectFrom("jobs")
      .select([sql<Date>`lower(busy)`.as("start"), sql<Date>`upper(busy)`.as("end"), sql<number>`coalesce(assigned_to, 0)`.as("person")])
      .where("status", "<>", "cancelled")
      .where("starts_at", ">=", new Date(from - LONGEST_BUSY_MS))
      .where("starts_at", "<", windowEnd)
      .where(sql<boolean>`busy && tstzrange(${new Date(from)}, ${windowEnd}, '[)')`)
      .execute(),
  ]);
  const rules = { ...week, timeZone: env().BUSINESS_TIME_ZONE };
  const busyOf = (person: number) =>
    rows.filter((row) => row.person === person).map((row) => ({ start: new Date(row.start).getTime(), end: new Date(row.end).getTime() }));
  return union(people.map((person) => freeStartTimes(rules, busyOf(person), durationMinutes, now, reach)));
}

/**
 * Who may take a job in `busy` (a tstzrange SQL of the job with its buffer),
 * in the order to try them: each person who does jobs and has none
 * overlapping it, by id; if everyone is busy, the first person all the same,
 * so that the exclusion constraint refuses the job as it always has; `[null]`
 * before anyone is staff (the business's own jobs). Read outside any lock:
 * two bookings may pick one person, the database lets one of them have the
 * time, and the other tries the next person (docs/decisions/0125).
 */
export async function freeWorkers(db: DB, busy: RawBuilder<string>): Promise<(number | null)[]> {
  const rows = await db
    .selectFrom("users as u")
    .select(["u.id", sql<boolean>`EXISTS (SELECT 1 FROM jobs AS j WHERE j.assigned_to = u.id AND j.status <> 'cancelled' AND j.busy && ${busy})`.as("busy")])
    .where("u.role", "is not", null)
    .orderBy("u.id")
    .execute();
  const free = rows.filter((row) => !row.busy).map((row) => row.id);
  if (free.length) return free;
  return [rows[0]?.id ?? null];
}

/** What Schedule Job proposes: the first free start from now (none already begun) within 60 days, or null. */
export async function nextFreeTime(db: DB, durationMinutes: number, now: Date): Promise<Date | null> {
  const [first] = await freeTimes(db, durationMinutes, now, { noticeHours: 0, horizonDays: 60 });
  return first ?? null;
}
