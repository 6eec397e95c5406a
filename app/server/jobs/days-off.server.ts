import { allForYear } from "@18f/us-federal-holidays";
import { sql } from "kysely";
import { LIVE_JOB_STATUSES } from "~/lib/job-status";
import { addDays, longDate, startOfDayIn } from "~/lib/time-zone";
import { AppError } from "../app-error.server";
import type { DB } from "../db.server";
import { env } from "../env.server";

/**
 * Days Off (issue 37, docs/decisions/0143): the dates nobody can book, the
 * owner's calendar (a row of `days_off` each, a Weather Day's among them),
 * and, when the owner turns them on, the US federal holidays (from
 * @18f/us-federal-holidays, observed on the weekday nearest a weekend one, as
 * OPM observes them). The free times offer nothing on them (./free-times.server.ts),
 * so online booking, Book This Time and a Weather Day's rebooking never do;
 * the owner's Schedule Job and a reschedule onto one are refused with the
 * reason (refuseDaysOff), the owner removing the day off first.
 */

export interface DayOff {
  /** YYYY-MM-DD in the business's time zone. */
  day: string;
  reason: string;
}

/** The US federal holidays observed from `from` to `to` (YYYY-MM-DD, inclusive), by day. */
export function usHolidays(from: string, to: string): Map<string, string> {
  const days = new Map<string, string>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    // The package writes each observed day YYYY-MM-DD whatever the process's zone.
    for (const holiday of allForYear(year)) if (holiday.dateString >= from && holiday.dateString <= to) days.set(holiday.dateString, holiday.name);
  }
  return days;
}

/** The days off from `from` to `to` (inclusive), by day with their reason: the owner's, and the holidays when turned on (the owner's reason wins). */
export function closedDays(owners: readonly DayOff[], holidaysOff: boolean, from: string, to: string): Map<string, string> {
  const closed = holidaysOff ? usHolidays(from, to) : new Map<string, string>();
  for (const { day, reason } of owners) if (day >= from && day <= to) closed.set(day, reason || closed.get(day) || "Day off");
  return closed;
}

/** The owner's days off from `from` on, ascending. */
export async function listDaysOff(db: DB, from: string): Promise<DayOff[]> {
  const rows = await db.selectFrom("days_off").select([sql<string>`day::text`.as("day"), "reason"]).where("day", ">=", sql<Date>`${from}::date`).orderBy("day").execute();
  return rows;
}

/** Whether the US holidays are days off (the owner's switch on the schedule). */
export async function holidaysAreOff(db: DB): Promise<boolean> {
  const row = await db.selectFrom("site_settings").select("us_holidays_off").where("id", "=", 1).executeTakeFirst();
  return row?.us_holidays_off ?? false;
}

/** The days off from `from` to `to`, the holidays included when on: the schedule's week and the refusal below. */
export async function daysOffBetween(db: DB, from: string, to: string): Promise<Map<string, string>> {
  const [owners, holidays] = await Promise.all([
    db.selectFrom("days_off").select([sql<string>`day::text`.as("day"), "reason"]).where(sql<boolean>`day BETWEEN ${from}::date AND ${to}::date`).execute(),
    holidaysAreOff(db),
  ]);
  return closedDays(owners, holidays, from, to);
}

/**
 * Adds a day off (again: its reason is replaced). Returns how many jobs still
 * stand that day: a day off keeps them (the owner cancels them, or declares
 * a Weather Day), it only stops new bookings.
 */
export async function addDayOff(db: DB, day: string, reason: string): Promise<number> {
  await db
    .insertInto("days_off")
    .values({ day, reason })
    .onConflict((oc) => oc.column("day").doUpdateSet({ reason }))
    .execute();
  return liveJobsOn(db, day);
}

export async function removeDayOff(db: DB, day: string): Promise<void> {
  await db.deleteFrom("days_off").where("day", "=", sql<Date>`${day}::date`).execute();
}

/** The owner's switch: the US holidays are days off, or not. The settings' row exists once the site is seeded. */
export async function setHolidaysOff(db: DB, off: boolean): Promise<void> {
  const row = await db.updateTable("site_settings").set({ us_holidays_off: off }).where("id", "=", 1).returning("id").executeTakeFirst();
  if (!row) throw new AppError(409, "Save the business settings once before turning the holidays on.");
}

/** The jobs still standing on `day` (any part of them), in the business's time zone. */
export async function liveJobsOn(db: DB, day: string): Promise<number> {
  const zone = env().BUSINESS_TIME_ZONE;
  const range = sql`tstzrange(${startOfDayIn(day, zone)}::timestamptz, ${startOfDayIn(addDays(day, 1), zone)}::timestamptz, '[)')`;
  const row = await db
    .selectFrom("jobs")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("status", "in", [...LIVE_JOB_STATUSES])
    .where(sql<boolean>`tstzrange(starts_at, upper(busy), '[)') && ${range}`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The owner's Schedule Job, or a reschedule, onto a day off: refused with
 * the day and its reason (docs/decisions/0143). `days` are the job's days,
 * YYYY-MM-DD.
 */
export async function refuseDaysOff(db: DB, days: readonly string[]): Promise<void> {
  const sorted = [...days].sort();
  const closed = await daysOffBetween(db, sorted[0]!, sorted.at(-1)!);
  const day = sorted.find((d) => closed.has(d));
  if (day === undefined) return;
  const message = `${longDate(day)} is a day off (${closed.get(day)}): nobody can be booked then. Choose another day, or remove it from Days Off on the schedule first.`;
  throw new AppError(409, message, { fields: { date: message } });
}
