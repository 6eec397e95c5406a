import { sql } from "kysely";
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

/**
 * The free starts from the database: the working week, and the busy ranges
 * of the jobs that are not cancelled and start in the window or up to the
 * longest job before it (by jobs_starts_idx), overlapping it.
 */
export async function freeTimes(db: DB, durationMinutes: number, now: Date, reach: BookingReach = CUSTOMER_REACH): Promise<Date[]> {
  const { from, to } = bookingWindow(now, reach);
  // Wide enough for the longest travel buffer, so the two reads need not wait for each other.
  const windowEnd = new Date(to + (durationMinutes + TRAVEL_BUFFER_MAX) * MINUTE);
  const [week, rows] = await Promise.all([
    getWorkWeek(db),
    db
      .selectFrom("jobs")
      .select([sql<Date>`lower(busy)`.as("start"), sql<Date>`upper(busy)`.as("end")])
      .where("status", "<>", "cancelled")
      .where("starts_at", ">=", new Date(from - LONGEST_BUSY_MS))
      .where("starts_at", "<", windowEnd)
      .where(sql<boolean>`busy && tstzrange(${new Date(from)}, ${windowEnd}, '[)')`)
      .execute(),
  ]);
  const busy = rows.map((row) => ({ start: new Date(row.start).getTime(), end: new Date(row.end).getTime() }));
  return freeStartTimes({ ...week, timeZone: env().BUSINESS_TIME_ZONE }, busy, durationMinutes, now, reach);
}

/** What Schedule Job proposes: the first free start from now (none already begun) within 60 days, or null. */
export async function nextFreeTime(db: DB, durationMinutes: number, now: Date): Promise<Date | null> {
  const [first] = await freeTimes(db, durationMinutes, now, { noticeHours: 0, horizonDays: 60 });
  return first ?? null;
}
