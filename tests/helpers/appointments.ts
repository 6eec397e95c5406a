import ICAL from "ical.js";
import { dayIn, timeIn } from "~/lib/time-zone";
import type { DB } from "~/server/db.server";
import { env } from "~/server/env.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { leadOrigin } from "~/server/customers/work-origin.server";
import type { Job } from "~/server/jobs/job-records.server";
import { insertLead } from "./estimates";

/**
 * Jobs for the appointment page and the calendar feed, made the real way
 * (scheduleJob: the job, the lead Booked, the confirmation queued), and the
 * iCalendar they produce read back with a real parser (ical.js).
 */

/** A whole minute `minutes` from now (jobs start on whole minutes). */
export const minutesFromNow = (minutes: number, now = Date.now()) => new Date(Math.ceil((now + minutes * 60_000) / 60_000) * 60_000);

/** Schedules a job for a new lead at `startsAt` (the business's wall clock of it), as the owner's form would. */
export async function scheduleAt(db: DB, startsAt: Date, options: { durationMinutes?: number; email?: string; origin?: string } = {}): Promise<Job> {
  const zone = env().BUSINESS_TIME_ZONE;
  const leadId = await insertLead(db, { email: options.email });
  return scheduleJob(db, {
    from: await leadOrigin(db, leadId),
    input: { date: dayIn(startsAt, zone), startTime: timeIn(startsAt, zone), durationMinutes: options.durationMinutes ?? 60, address: "12 Lake Dr, Grand Rapids", notes: "" },
    actor: "owner@shine.example",
    origin: options.origin,
  });
}

export interface ParsedEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  status: string;
  summary: string;
  url: string;
  location: string;
}

/** An iCalendar text parsed by ical.js: the calendar's METHOD and X-WR-TIMEZONE, and its events. */
export function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events: ParsedEvent[] = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      status: String(vevent.getFirstPropertyValue("status") ?? ""),
      summary: event.summary,
      url: String(vevent.getFirstPropertyValue("url") ?? ""),
      location: event.location,
    };
  });
  return {
    method: String(calendar.getFirstPropertyValue("method") ?? ""),
    timeZone: String(calendar.getFirstPropertyValue("x-wr-timezone") ?? ""),
    events,
  };
}
