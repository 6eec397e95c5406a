import type { JobStatus } from "~/lib/job-status";
import { sql } from "kysely";
import { dateFormat } from "~/lib/date-format";
import { clockTime, shortDayAndTime } from "~/lib/job-time";
import { addDays, dayIn, isCalendarDay, startOfDayIn } from "~/lib/time-zone";
import { JOB_SPAN_MAX_DAYS } from "~/lib/work-days";
import { formatClock, isoWeekday, WEEKDAYS, type WorkWeek } from "~/lib/work-week";
import { can, requirePermission } from "../auth/permissions.server";
import type { DB } from "../db.server";
import type { SessionUser } from "../session.server";
import { getWorkWeek } from "../settings.server";
import { isWaiting } from "./deposit-records.server";
import { jobDays, workDaysColumn } from "./job-records.server";

/**
 * The owner's week at /admin/schedule (issue 21): Monday to Sunday in the
 * business time zone, each day's jobs in order of their start, with the
 * customer's name (the lead's), the time and the town. Cancelled jobs are
 * listed too, marked, so the owner sees why a time came free. One query, by
 * jobs_starts_idx; a job belongs to the day it starts on, and a job over
 * consecutive working days (docs/decisions/0131) to each of its days, with
 * that day's hours.
 *
 * Crews (issue 37, docs/decisions/0149): when more than one person does jobs
 * (users with a role), the owner's week is also split by person: `people`
 * lists them, by name, then "Unassigned" (jobs nobody is assigned to), and
 * each job says whose it is. A technician's week is theirs alone, unsplit.
 */

export interface WeekJob {
  id: number;
  name: string;
  /** "9:00 AM – 11:00 AM" in the business's wall clock. */
  time: string;
  /** The ISO start, for <time dateTime>. */
  startsAt: string;
  town: string;
  status: JobStatus;
  /** For a job over several days: which of them this is, "Day 1 of 2"; null for a job of one day. */
  part: string | null;
  /** Held for its deposit until then ("Tue, Dec 8, 2:00 PM", docs/decisions/0132); null when it is not waiting for one. */
  depositDueBy: string | null;
  /** Who it is assigned to (users.id); null: nobody. */
  person: number | null;
}

/** A column of the week by person: a person who does jobs, or nobody ("Unassigned", id null). */
export interface WeekPerson {
  id: number | null;
  /** Their name, else their e-mail address; "Unassigned". */
  name: string;
}

export interface WeekDay {
  /** YYYY-MM-DD. */
  date: string;
  /** "Monday". */
  weekday: string;
  /** "Nov 30". */
  label: string;
  today: boolean;
  working: boolean;
  jobs: WeekJob[];
}

export interface ScheduleWeek {
  /** The Monday, YYYY-MM-DD. */
  monday: string;
  /** "Nov 30 – Dec 6, 2026". */
  title: string;
  previous: string;
  next: string;
  /** Whether today is in this week (the Today link is then the page itself). */
  current: boolean;
  /** "8:00 AM – 6:00 PM": the working hours customers are offered. */
  hours: string;
  days: WeekDay[];
  /** The columns of the week by person (more than one person does jobs, the owner's week), "Unassigned" last; null: one column. */
  people: WeekPerson[] | null;
}

/**
 * The Monday of the week `?week=` names (any of its days), or of today's week
 * when there is none; an unreadable value (not a real date from 2000 to 2099)
 * is `{ error }`, for a 400 that still shows this week.
 */
export function weekMonday(param: string | null, now: Date, timeZone: string): { monday: string } | { error: string; monday: string } {
  const mondayOf = (day: string) => addDays(day, 1 - isoWeekday(day));
  const today = mondayOf(dayIn(now, timeZone));
  if (param === null || param === "") return { monday: today };
  const year = Number(param.slice(0, 4));
  if (!isCalendarDay(param) || year < 2000 || year > 2099) {
    return { error: "The week must be a date like 2026-11-30 (any day of the week); this week is shown instead.", monday: today };
  }
  return { monday: mondayOf(param) };
}

/** The town of an address written "street, town, ST 12345": the part before a trailing state and ZIP, else the last part. */
export function townOf(address: string): string {
  const parts = address
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 2) return "";
  const last = parts.at(-1)!;
  // "MI", "MI 49423", "49423", "Michigan 49423": a state and/or ZIP, not a town.
  const stateOrZip = /^(?:[A-Za-z]{2}|(?:[A-Za-z .]+\s)?\d{5}(?:-\d{4})?)$/.test(last);
  return stateOrZip ? parts.at(-2)! : last;
}

// A calendar day, not an instant: read in UTC so no zone moves it.
const DAY_LABEL: Intl.DateTimeFormatOptions = { month: "short", day: "numeric" };
const dayLabel = (day: string) => dateFormat("UTC", DAY_LABEL).format(new Date(`${day}T12:00:00Z`));

export async function scheduleWeek(db: DB, monday: string, now: Date, timeZone: string, workWeek?: WorkWeek, user?: SessionUser): Promise<ScheduleWeek> {
  // A technician's week holds their own jobs only (docs/decisions/0114); the owner's, everyone's.
  if (user) requirePermission(user, "schedule.read");
  const onlyOf = user && !can(user, "jobs.read.all") ? user.id : undefined;
  const sunday = addDays(monday, 6);
  const from = startOfDayIn(monday, timeZone);
  const to = startOfDayIn(addDays(monday, 7), timeZone);
  const [week, rows, staff] = await Promise.all([
    workWeek ?? getWorkWeek(db),
    db
      .selectFrom("jobs")
      .innerJoin("customers", "customers.id", "jobs.customer_id")
      .leftJoin("quote_requests", "quote_requests.id", "jobs.lead_id")
      // Only a deposit still waiting: received or released ones say nothing here.
      .leftJoin("job_deposits", (join) => join.onRef("job_deposits.job_id", "=", "jobs.id").on("job_deposits.received_at", "is", null).on("job_deposits.released_at", "is", null))
      .select(["jobs.id", "jobs.starts_at", "jobs.duration_minutes", "jobs.status", "jobs.address", "jobs.assigned_to", "customers.name", "quote_requests.service_address", "job_deposits.held_until"])
      .select(workDaysColumn("jobs.work_days").as("work_days"))
      // A job over days may have started up to its longest span before the week.
      .where("jobs.starts_at", ">=", new Date(from.getTime() - JOB_SPAN_MAX_DAYS * 86_400_000))
      .where("jobs.starts_at", "<", to)
      .where((eb) => eb.or([eb("jobs.starts_at", ">=", from), eb(sql<Date>`upper(jobs.work_days)`, ">", from)]))
      .$if(onlyOf !== undefined, (q) => q.where("jobs.assigned_to", "=", onlyOf!))
      .orderBy("jobs.starts_at")
      .orderBy("jobs.id")
      .execute(),
    // The people who do jobs (as the free times count them: a stored role), for the owner's week by person.
    onlyOf === undefined
      ? db.selectFrom("users").select(["id", "name", "email"]).where("role", "is not", null).orderBy(sql`lower(coalesce(nullif(name, ''), email))`).orderBy("id").execute()
      : [],
  ]);
  const today = dayIn(now, timeZone);
  const days: WeekDay[] = WEEKDAYS.map(({ iso, label }, i) => {
    const date = addDays(monday, i);
    return { date, weekday: label, label: dayLabel(date), today: date === today, working: week.workingDays.includes(iso), jobs: [] };
  });
  for (const row of rows) {
    const periods = jobDays(row);
    const depositDueBy = row.held_until && isWaiting({ state: "due", heldUntil: row.held_until }, row, now) ? shortDayAndTime(row.held_until, timeZone) : null;
    periods.forEach(({ startsAt: start, endsAt: end }, i) => {
      const day = days.find((d) => d.date === dayIn(start, timeZone));
      day?.jobs.push({
        id: row.id,
        name: row.name,
        time: `${clockTime(start, timeZone)} – ${clockTime(end, timeZone)}`,
        startsAt: start.toISOString(),
        town: townOf(row.address) || townOf(row.service_address ?? ""),
        status: row.status,
        part: periods.length > 1 ? `Day ${i + 1} of ${periods.length}` : null,
        depositDueBy,
        person: row.assigned_to,
      });
    });
  }
  // A job over days that began before this week comes first in its query, not in its day.
  for (const day of days) day.jobs.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
  const year = sunday.slice(0, 4);
  return {
    monday,
    title: `${dayLabel(monday)}${monday.slice(0, 4) === year ? "" : `, ${monday.slice(0, 4)}`} – ${dayLabel(sunday)}, ${year}`,
    previous: addDays(monday, -7),
    next: addDays(monday, 7),
    current: days.some((d) => d.today),
    hours: `${formatClock(week.workdayStart)} – ${formatClock(week.workdayEnd)}`,
    days,
    people: staff.length > 1 ? await weekPeople(db, staff, rows) : null,
  };
}

/**
 * The columns by person: everyone who does jobs, by name; anyone else this
 * week's jobs are assigned to (a person whose role was taken away keeps
 * theirs until the owner moves them); then Unassigned.
 */
async function weekPeople(db: DB, staff: { id: number; name: string; email: string }[], rows: { assigned_to: number | null }[]): Promise<WeekPerson[]> {
  const known = new Set(staff.map((p) => p.id));
  const others = [...new Set(rows.map((r) => r.assigned_to).filter((id): id is number => id !== null && !known.has(id)))];
  const extra = others.length ? await db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", others).orderBy("id").execute() : [];
  const people: WeekPerson[] = [...staff, ...extra].map((p) => ({ id: p.id, name: p.name.trim() || p.email }));
  return [...people, { id: null, name: "Unassigned" }];
}
