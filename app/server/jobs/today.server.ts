import { sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { clockTime, durationText } from "~/lib/job-time";
import { JOB_STATUS_TITLES } from "~/lib/job-status";
import { mapHref } from "~/lib/map-link";
import { phoneView, type PhoneView } from "~/lib/phone";
import { addDays, dayIn, isCalendarDay, longDate, startOfDayIn } from "~/lib/time-zone";
import { can } from "../auth/permissions.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { photosOfLeads, type LeadPhoto } from "../quote-photos/lead-photos.server";
import type { SessionUser } from "../session.server";
import { getTravelArea } from "../settings.server";
import { jobDays, jobsQuery, toJob } from "./job-records.server";
import { driveMinutes } from "./road-gaps.server";

/**
 * Today (`/admin/today`, issue 36): the signed-in person's jobs of a day in
 * the order they are done, each with what the visit needs on a phone: the
 * customer to call or text, the way there, the vehicle, what was sold (the
 * estimate's lines: the package and its add-ons), the notes and the
 * request's photos, and the drive from the job before (the first from the
 * base). The owner's day holds the jobs assigned to nobody too (the
 * business's own, before there was staff). In one query for the jobs and
 * their lines, one for the photos.
 */

export interface TodayJob {
  id: number;
  time: string;
  /** "Day 2 of 3" for a job over several working days, else null. */
  part: string | null;
  status: string;
  done: boolean;
  customer: string;
  phone: PhoneView;
  address: string;
  directions: string;
  vehicle: string;
  work: string[];
  notes: string;
  photos: LeadPhoto[];
  /** "25 minutes' drive from the job before", "15 minutes' drive from the base", or null when there is no drive to count. */
  drive: string | null;
}

export interface TodayView {
  date: string;
  label: string;
  previous: string;
  next: string;
  isToday: boolean;
  jobs: TodayJob[];
}

/** The day asked for (`?date=`), else today in the business's time zone; a day that is not one is today. */
export function todayDate(asked: string | null, now: Date, timeZone = env().BUSINESS_TIME_ZONE): string {
  return asked && isCalendarDay(asked) ? asked : dayIn(now, timeZone);
}

/** Whose jobs: one person's (and, for the owner's day, nobody's), or null for the whole business's (the owners' daily e-mail). */
export type DayOf = { userId: number; orNobody: boolean } | null;

/**
 * The jobs (not cancelled) with work on `date` in the business's time zone,
 * in the order they are done, each with its days and the index of this
 * one's, its customer's phone and its estimate's lines: Today's and the
 * daily e-mail's (../daily-email/daily-email-content.server.ts) one query.
 */
export async function visitsOn(db: DB, date: string, of: DayOf) {
  const tz = env().BUSINESS_TIME_ZONE;
  const from = startOfDayIn(date, tz);
  const to = startOfDayIn(addDays(date, 1), tz);
  const rows = await jobsQuery(db)
    .select((eb) => [
      "c.phone_e164",
      "c.phone_ext",
      jsonArrayFrom(eb.selectFrom("estimate_lines as l").select(["l.description", "l.quantity"]).whereRef("l.estimate_id", "=", "j.estimate_id").orderBy("l.position")).as("lines"),
    ])
    .where("j.status", "<>", "cancelled")
    .where(sql<boolean>`j.busy && tstzrange(${from}::timestamptz, ${to}::timestamptz, '[)')`)
    .$if(of !== null, (qb) => qb.where((eb) => (of!.orNobody ? eb.or([eb("j.assigned_to", "=", of!.userId), eb("j.assigned_to", "is", null)]) : eb("j.assigned_to", "=", of!.userId))))
    .orderBy("j.starts_at")
    .execute();
  // A job over days is on this day only where one of its periods is (the nights between are in busy, not in the work).
  return rows
    .map((row) => {
      const days = jobDays(row);
      const index = days.findIndex((d) => d.startsAt < to && d.endsAt > from);
      return { row, days, index };
    })
    .filter((v) => v.index >= 0)
    .sort((a, b) => a.days[a.index]!.startsAt.getTime() - b.days[b.index]!.startsAt.getTime());
}

/** What the visit's work is: the estimate's lines, "× n" for more than one. */
export const workOf = (lines: { description: string; quantity: number }[]) => lines.map((l) => (l.quantity > 1 ? `${l.description} × ${l.quantity}` : l.description));

export async function todayView(db: DB, user: SessionUser, date: string, now: Date): Promise<TodayView> {
  const tz = env().BUSINESS_TIME_ZONE;
  const ownerDay = can(user, "jobs.read.all");
  const [visits, { baseZip }] = await Promise.all([visitsOn(db, date, { userId: user.id, orNobody: ownerDay }), getTravelArea(db)]);
  const photos = await photosOfLeads(db, [...new Set(visits.flatMap((v) => (v.row.lead_id === null ? [] : [v.row.lead_id])))]);
  let previousZip: string | null = null;
  const jobs = visits.map(({ row, days, index }, i) => {
    const job = toJob(row);
    const day = days[index]!;
    const minutes = driveMinutes(previousZip, job.zip, baseZip);
    const drive = minutes > 0 ? `${durationText(minutes)}' drive from ${i === 0 ? "the base" : "the job before"}` : null;
    previousZip = job.zip ?? baseZip;
    return {
      id: job.id,
      time: `${clockTime(day.startsAt, tz)} – ${clockTime(day.endsAt, tz)}`,
      part: days.length > 1 ? `Day ${index + 1} of ${days.length}` : null,
      status: JOB_STATUS_TITLES[job.status],
      done: job.status === "done",
      customer: job.customer.name,
      phone: phoneView({ phone: job.customer.phone, e164: row.phone_e164, ext: row.phone_ext }),
      address: job.address,
      directions: mapHref(job.address),
      vehicle: job.vehicle?.label ?? job.customer.vehicleType,
      work: workOf(row.lines),
      notes: job.notes,
      photos: job.leadId === null ? [] : (photos.get(job.leadId) ?? []),
      drive,
    } satisfies TodayJob;
  });
  return { date, label: longDate(date), previous: addDays(date, -1), next: addDays(date, 1), isToday: date === dayIn(now, tz), jobs };
}
