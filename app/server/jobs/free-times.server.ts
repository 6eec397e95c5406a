import { sql, type RawBuilder } from "kysely";
import { jsonArrayFrom, jsonObjectFrom } from "kysely/helpers/postgres";
import { addDays, dayIn, localInstant, startOfDayIn, zoneOffsetMs } from "~/lib/time-zone";
import { JOB_SPAN_MAX_DAYS, longerThanADay, planWorkDays } from "~/lib/work-days";
import { isoWeekday, minutesOfDay, TRAVEL_BUFFER_MAX, type WorkWeek } from "~/lib/work-week";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { SCHEDULE_RULES_COLUMNS, toScheduleRules } from "../settings.server";
import { closedDays } from "./days-off.server";
import { DRIVE_MINUTES_MAX, driveMinutes } from "./road-gaps.server";

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
 *
 * The road (issue 35, docs/decisions/0130): the gap after the job before and
 * before the job after is the drive between their ZIP codes and the new
 * job's (./road-gaps.server.ts), and at least the travel buffer. A job
 * longer than a working day may be spread over consecutive working days
 * (docs/decisions/0131): it then starts at Workday Start, and every day it
 * needs, with the nights between, must be free.
 *
 * Days off (issue 37, docs/decisions/0143, 0144): nothing starts on a day
 * off, and work over days needs none of its days off; a time a Weather Day
 * holds for a customer is busy for everyone else until the hold runs out
 * (`NewJobPlace.holdFor`: the holder's own is free to them).
 *
 * Crews (issue 37, docs/decisions/0148): of the people free for a booking,
 * the least busy that day is tried first (`freeWorkersAt`, `freeWorkers`):
 * the fewest booked minutes of jobs not cancelled on the start's day in the
 * business time zone, ties by id.
 */

export const SLOT_MINUTES = 30;
export const NOTICE_HOURS = 12;
export const HORIZON_DAYS = 14;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DRIVE_MAX_MS = DRIVE_MINUTES_MAX * MINUTE;

/** A job's busy range [start, end) in epoch milliseconds (its buffer included), where it is, and when its work ends. */
export interface BusyRange {
  start: number;
  end: number;
  /** The job's ZIP code; null or absent: at the base. */
  zip?: string | null;
  /** When its work ends, before its buffer; absent: `end`. */
  workEnd?: number;
}

/** The new job, beyond its length: the drive to or from a job at a ZIP code, and whether it may take consecutive working days. */
export interface NewJobRoad {
  /** Minutes to drive between the new job and a job at `zip` (null: at the base); absent: none, the travel buffer alone. */
  drive?: (zip: string | null) => number;
  /** A job longer than a working day is spread over consecutive working days (the customer's booking), instead of not fitting. */
  overDays?: boolean;
}

export interface FreeTimeRules extends WorkWeek {
  timeZone: string;
  /** Days off (YYYY-MM-DD): no work on them. */
  closed?: ReadonlySet<string>;
  /** Only these days (YYYY-MM-DD) may have starts: a plan's occurrences (docs/decisions/0146); absent, every day of the window. */
  only?: ReadonlySet<string>;
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
export function freeStartTimes(
  rules: FreeTimeRules,
  busy: readonly BusyRange[],
  durationMinutes: number,
  now: Date,
  reach: BookingReach = CUSTOMER_REACH,
  road: NewJobRoad = {},
): Date[] {
  const { from, to } = bookingWindow(now, reach);
  const drive = road.drive ?? (() => 0);
  const buffer = rules.travelBufferMinutes * MINUTE;
  const multiDay = road.overDays === true && longerThanADay(durationMinutes, rules);
  // The candidates: where each would start and where its work would end.
  const candidates = multiDay ? multiDayStarts(rules, durationMinutes, now, to) : oneDayStarts(rules, durationMinutes, now, to);
  const reachAfter = (multiDay ? JOB_SPAN_MAX_DAYS * DAY : durationMinutes * MINUTE) + buffer + DRIVE_MAX_MS;
  const blocked = busy.filter((range) => range.end > from - DRIVE_MAX_MS && range.start < to + reachAfter);
  // Jobs never overlap (the exclusion constraint): sorted by start they are sorted by end too.
  blocked.sort((a, b) => a.start - b.start);
  const free: Date[] = [];
  let next = 0;
  for (const [start, workEnd] of candidates) {
    if (start < from || start > to) continue;
    // The first job not over by the start, and the one before it: the new job goes between them.
    while (next < blocked.length && blocked[next]!.end <= start) next++;
    const before = next > 0 ? blocked[next - 1]! : undefined;
    const after = blocked[next];
    // After the job before: its buffer (in its busy range) and the drive from it.
    if (before && start < (before.workEnd ?? before.end) + drive(before.zip ?? null) * MINUTE) continue;
    // Before the job after: the new job's buffer, or the drive to it if longer.
    if (after && after.start < workEnd + Math.max(buffer, drive(after.zip ?? null) * MINUTE)) continue;
    free.push(new Date(start));
  }
  return free;
}

/**
 * The zone's offset on `day` when the clocks do not change that day (from a
 * day before its midnight to a day after), else null: a window over months
 * (a plan's year of visits, docs/decisions/0146) has a clock change in it,
 * yet all its other days are plain arithmetic. Kept per zone and day (the
 * zone's rules do not change while the process runs).
 */
function steadyOffset(day: string, timeZone: string): number | null {
  const key = `${timeZone} ${day}`;
  const known = OFFSETS.get(key);
  if (known !== undefined) return known;
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const noon = Date.UTC(y, m - 1, d, 12);
  const before = zoneOffsetMs(noon - DAY, timeZone);
  const offset = before === zoneOffsetMs(noon + DAY, timeZone) ? before : null;
  if (OFFSETS.size > 20_000) OFFSETS.clear();
  OFFSETS.set(key, offset);
  return offset;
}
const OFFSETS = new Map<string, number | null>();

/** [start, work end] of each slot of a one-day job: starts on the grid from Workday Start, the job done by Workday End, ascending. */
function oneDayStarts(rules: FreeTimeRules, durationMinutes: number, now: Date, to: number): [number, number][] {
  const open = minutesOfDay(rules.workdayStart);
  // The job must be done by Workday End; its travel buffer may run past it.
  const lastMinute = minutesOfDay(rules.workdayEnd) - durationMinutes;
  if (durationMinutes <= 0 || lastMinute < open) return [];
  const working = new Set(rules.workingDays);
  const closed = rules.closed ?? new Set<string>();
  const starts: [number, number][] = [];
  // One offset from a day before the window to a day after it: no clock
  // change in between (no zone changes twice within weeks), so every slot is
  // arithmetic. Otherwise each day's wall times are converted one by one.
  const before = zoneOffsetMs(now.getTime() - DAY, rules.timeZone);
  const offset = before === zoneOffsetMs(to + DAY, rules.timeZone) ? before : null;
  // From the business's today to the day the window ends.
  const lastDay = dayIn(new Date(to), rules.timeZone);
  for (let day = dayIn(now, rules.timeZone); day <= lastDay; day = addDays(day, 1)) {
    if (!working.has(isoWeekday(day)) || closed.has(day) || (rules.only && !rules.only.has(day))) continue;
    for (const start of daySlots(day, open, lastMinute, rules.timeZone, offset ?? steadyOffset(day, rules.timeZone))) starts.push([start, start + durationMinutes * MINUTE]);
  }
  return starts;
}

/** [start, work end] of a job over consecutive working days, one per working day it may start on (at Workday Start), ascending. */
function multiDayStarts(rules: FreeTimeRules, durationMinutes: number, now: Date, to: number): [number, number][] {
  const starts: [number, number][] = [];
  const lastDay = dayIn(new Date(to), rules.timeZone);
  for (let day = dayIn(now, rules.timeZone); day <= lastDay; day = addDays(day, 1)) {
    const days = planWorkDays(rules, rules.timeZone, day, durationMinutes);
    // Every day of the work clear of the days off (a day off between them would hold the car over it).
    if (days && !days.some((d) => rules.closed?.has(dayIn(new Date(d.start), rules.timeZone)))) starts.push([days[0]!.start, days.at(-1)!.end]);
  }
  return starts;
}

/** The union of sorted start lists, ascending and without repeats. */
function union(lists: Date[][]): Date[] {
  const times = new Set(lists.flat().map((t) => t.getTime()));
  return [...times].sort((a, b) => a - b).map((t) => new Date(t));
}

/**
 * The minutes of work booked for person `person` (a users.id reference) on
 * the business's day [dayStart, dayEnd): each job not cancelled, its work
 * only (no buffer), and of a job over days (work_days) the part on that day.
 * By the exclusion constraint's index (busy overlapping the day).
 */
function bookedMinutesSql(person: RawBuilder<unknown>, dayStart: Date, dayEnd: Date): RawBuilder<number> {
  const day = sql`tstzrange(${dayStart}::timestamptz, ${dayEnd}::timestamptz, '[)')`;
  return sql<number>`(SELECT round(coalesce(sum(extract(epoch FROM upper(w) - lower(w))), 0) / 60)::int
    FROM jobs AS bj
    CROSS JOIN LATERAL unnest(coalesce(bj.work_days, tstzmultirange(tstzrange(bj.starts_at, bj.starts_at + make_interval(mins => bj.duration_minutes), '[)'))) * tstzmultirange(${day})) AS w
    WHERE bj.assigned_to = ${person} AND bj.status <> 'cancelled' AND bj.busy && ${day})`;
}

/** The business's day `at` falls on, as the instants it starts and ends at. */
function dayBounds(at: Date): [Date, Date] {
  const timeZone = env().BUSINESS_TIME_ZONE;
  const day = dayIn(at, timeZone);
  return [startOfDayIn(day, timeZone), startOfDayIn(addDays(day, 1), timeZone)];
}

/** Where the new job is (its ZIP code; null or absent: at the base), and whether it may take consecutive working days. */
export interface NewJobPlace {
  zip?: string | null;
  overDays?: boolean;
  /** The job a Weather Day cancelled, whose customer is choosing: the time held for them is theirs (docs/decisions/0144). */
  holdFor?: number;
  /**
   * Only these days (YYYY-MM-DD, one-day jobs) are wanted, and only the jobs
   * and holds near them are read: a plan's occurrences over months
   * (docs/decisions/0146), which would otherwise read every job of the window.
   */
  days?: readonly string[];
}

/**
 * Each person's free starts from the database: the working week and the
 * base, and the jobs that are not cancelled and whose busy range comes near
 * enough to the window to matter (the longest drive before it; the job, the
 * buffer and the longest drive after it). Read once; the drives are computed
 * in memory.
 */
export async function freeTimesByPerson(db: DB, durationMinutes: number, now: Date, reach: BookingReach, place: NewJobPlace, busyOn?: Date): Promise<Map<number, Date[]>> {
  const { from, to } = bookingWindow(now, reach);
  // The last instant a job can matter: after the latest start, the job (its longest span over days), the longest buffer and drive.
  const timeZone = env().BUSINESS_TIME_ZONE;
  // The days a start or work over days can fall on: the business's today to the last the work may reach.
  const [firstDay, lastDay] = [dayIn(now, timeZone), addDays(dayIn(new Date(to), timeZone), JOB_SPAN_MAX_DAYS)];
  const windowEnd = new Date(to + (place.overDays ? Math.max(durationMinutes * MINUTE, JOB_SPAN_MAX_DAYS * DAY) : durationMinutes * MINUTE) + TRAVEL_BUFFER_MAX * MINUTE + DRIVE_MAX_MS);
  // The chosen days' reach (a plan's occurrences): from the longest drive before each day to the longest buffer and drive after it.
  const near = place.days?.length
    ? sql`tstzmultirange(${sql.join(
        place.days.map((day) => {
          const start = startOfDayIn(day, timeZone).getTime() - DRIVE_MAX_MS;
          const end = startOfDayIn(addDays(day, 1), timeZone).getTime() + (TRAVEL_BUFFER_MAX * MINUTE + DRIVE_MAX_MS);
          return sql`tstzrange(${new Date(start)}::timestamptz, ${new Date(end)}::timestamptz, '[)')`;
        }),
      )})`
    : null;
  // One statement, so that no request waits on three: the settings' row, the people who do jobs, and the jobs.
  const read = await db
    .selectNoFrom((eb) => [
      jsonObjectFrom(eb.selectFrom("site_settings").select(SCHEDULE_RULES_COLUMNS).where("id", "=", 1)).as("rules"),
      // With `busyOn`, the least busy that day first (their booked minutes then, ties by id); else by id.
      jsonArrayFrom(
        eb
          .selectFrom("users as u")
          .select("u.id")
          .where("u.role", "is not", null)
          .$if(busyOn !== undefined, (q) => q.orderBy(bookedMinutesSql(sql.ref("u.id"), ...dayBounds(busyOn!))))
          .orderBy("u.id"),
      ).as("staff"),
      eb.selectFrom("site_settings").select("us_holidays_off").where("id", "=", 1).as("holidays_off"),
      jsonArrayFrom(
        eb
          .selectFrom("days_off")
          .select([sql<string>`day::text`.as("day"), "reason"])
          .where(sql<boolean>`day BETWEEN ${firstDay}::date AND ${lastDay}::date`),
      ).as("days_off"),
      // The times Weather Days hold for their customers, but the holder's own (docs/decisions/0144): busy like jobs, by the one person each holds.
      jsonArrayFrom(
        eb
          .selectFrom("weather_rebookings as w")
          .innerJoin("jobs as held", "held.id", "w.job_id")
          .select([sql<string>`lower(w.hold_busy)`.as("start"), sql<string>`upper(w.hold_busy)`.as("end"), "held.buffer_minutes", "held.zip", "w.hold_person as person"])
          .where("w.hold_busy", "is not", null)
          .where("w.held_until", ">", now)
          .where("w.job_id", "<>", place.holdFor ?? 0)
          .where(sql<boolean>`w.hold_busy && tstzrange(${new Date(from - DRIVE_MAX_MS)}, ${windowEnd}, '[)')`)
          .$if(near !== null, (qb) => qb.where(sql<boolean>`w.hold_busy && ${near!}`)),
      ).as("holds"),
      jsonArrayFrom(
        eb
          .selectFrom("jobs")
          .select([sql<string>`lower(busy)`.as("start"), sql<string>`upper(busy)`.as("end"), "buffer_minutes", "zip", sql<number>`coalesce(assigned_to, 0)`.as("person")])
          // By the exclusion constraint's index (jobs_no_overlap, gist on busy where not cancelled): a job over days that began weeks before is found as fast as one of today.
          .where("status", "<>", "cancelled")
          .where(sql<boolean>`busy && tstzrange(${new Date(from - DRIVE_MAX_MS)}, ${windowEnd}, '[)')`)
          .$if(near !== null, (qb) => qb.where(sql<boolean>`busy && ${near!}`)),
      ).as("jobs"),
    ])
    .executeTakeFirstOrThrow();
  const rules = toScheduleRules(read.rules);
  const closed = new Set(closedDays(read.days_off, read.holidays_off ?? false, firstDay, lastDay).keys());
  // The people who do jobs: everyone with a role, by id (or least busy on `busyOn`'s day first); none (the business alone, key 0) before anyone is staff.
  const people = read.staff.length ? read.staff.map((row) => row.id) : [0];
  const rows = [...read.jobs, ...read.holds];
  const { baseZip, ...week } = rules;
  const zip = place.zip ?? null;
  const road: NewJobRoad = { drive: (other) => driveMinutes(zip, other, baseZip), overDays: place.overDays };
  const busyOf = (person: number) =>
    rows
      .filter((row) => row.person === person)
      .map((row) => {
        const end = new Date(row.end).getTime();
        return { start: new Date(row.start).getTime(), end, workEnd: end - row.buffer_minutes * MINUTE, zip: row.zip };
      });
  const timeRules = { ...week, timeZone, closed, only: place.days ? new Set(place.days) : undefined };
  return new Map(people.map((person) => [person, freeStartTimes(timeRules, busyOf(person), durationMinutes, now, reach, road)]));
}

/**
 * The free starts from the database (freeTimesByPerson): a start is free
 * when one of the people who do jobs is free then, the road to and from
 * their jobs before and after included.
 */
export async function freeTimes(db: DB, durationMinutes: number, now: Date, reach: BookingReach = CUSTOMER_REACH, place: NewJobPlace = {}): Promise<Date[]> {
  return union([...(await freeTimesByPerson(db, durationMinutes, now, reach, place)).values()]);
}

/**
 * Who is free at `start` for the job, by the free times' rules (the road
 * included), in the order to try them: the least busy on the start's day
 * first (docs/decisions/0148), ties by id; none when the start is not one the
 * free times offer now. A customer's booking is checked with it when it
 * arrives, and goes to one of these people.
 */
export async function freeWorkersAt(db: DB, start: Date, durationMinutes: number, now: Date, reach: BookingReach = CUSTOMER_REACH, place: NewJobPlace = {}): Promise<(number | null)[]> {
  const byPerson = await freeTimesByPerson(db, durationMinutes, now, reach, place, start);
  const at = start.getTime();
  return [...byPerson].filter(([, times]) => times.some((t) => t.getTime() === at)).map(([person]) => (person === 0 ? null : person));
}

/**
 * Who may take a job in `busy` (a tstzrange SQL of the job with its buffer,
 * starting at `startsAt`), in the order to try them: each person who does
 * jobs and has none overlapping it, the least busy on the start's day first
 * (fewest booked minutes, ties by id: docs/decisions/0148); if everyone is
 * busy, the first person by id all the same,
 * so that the exclusion constraint refuses the job as it always has; `[null]`
 * before anyone is staff (the business's own jobs). Read outside any lock:
 * two bookings may pick one person, the database lets one of them have the
 * time, and the other tries the next person (docs/decisions/0125).
 */
export async function freeWorkers(db: DB, busy: RawBuilder<string>, startsAt: Date): Promise<(number | null)[]> {
  const rows = await db
    .selectFrom("users as u")
    .select([
      "u.id",
      sql<boolean>`EXISTS (SELECT 1 FROM jobs AS j WHERE j.assigned_to = u.id AND j.status <> 'cancelled' AND j.busy && ${busy})`.as("busy"),
      bookedMinutesSql(sql.ref("u.id"), ...dayBounds(startsAt)).as("booked"),
    ])
    .where("u.role", "is not", null)
    .orderBy("u.id")
    .execute();
  const free = rows
    .filter((row) => !row.busy)
    .sort((a, b) => a.booked - b.booked || a.id - b.id)
    .map((row) => row.id);
  if (free.length) return free;
  return [rows[0]?.id ?? null];
}

/** The first free start and who is free then (null: the business), or null: the time a Weather Day holds for a customer (./weather-day.server.ts). */
export async function firstFree(db: DB, durationMinutes: number, now: Date, place: NewJobPlace): Promise<{ start: Date; person: number | null } | null> {
  let first: { start: Date; person: number | null } | null = null;
  for (const [person, times] of await freeTimesByPerson(db, durationMinutes, now, CUSTOMER_REACH, place)) {
    const [start] = times;
    if (start && (!first || start < first.start)) first = { start, person: person === 0 ? null : person };
  }
  return first;
}

/** What Schedule Job proposes: the first free start from now (none already begun) within 60 days, the road from `place` included, or null. */
export async function nextFreeTime(db: DB, durationMinutes: number, now: Date, place: NewJobPlace = {}): Promise<Date | null> {
  const [first] = await freeTimes(db, durationMinutes, now, { noticeHours: 0, horizonDays: 60 }, place);
  return first ?? null;
}
