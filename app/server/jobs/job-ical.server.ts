import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { BusinessSettings } from "~/lib/site-settings";
import type { EmailAttachment } from "../mail.server";
import { env } from "../env.server";
import { messageIdDomain } from "../outbox.server";
import type { Job } from "./job-records.server";

/**
 * Jobs as iCalendar (RFC 5545, docs/decisions/0084), made by ical-generator:
 * the invite each of the customer's e-mails carries, and the owner's feed.
 * One UID per job, for its whole life, so a calendar replaces the event on a
 * change (a higher SEQUENCE) and removes it on METHOD:CANCEL. Times are
 * written in UTC, which every calendar shows in its own zone; the business's
 * zone is named for the calendar (X-WR-TIMEZONE). Not TZID-local times:
 * ical-generator 10 writes a native Date's TZID-local time in the process's
 * own zone, not the one named.
 *
 * A job over consecutive working days (docs/decisions/0131) stays one event
 * with one UID, as an invitation must (RFC 5546): its first day is the
 * event, each day an RDATE instance, each further day overridden
 * (RECURRENCE-ID) with its own start and end, so each day shows its hours.
 */

type Settings = Pick<BusinessSettings, "businessName" | "phone" | "publicEmail">;

/** The job's UID: stable, and unique to this site (its e-mail domain). */
export const jobUid = (job: Pick<Job, "id">) => `job-${job.id}@${messageIdDomain()}`;

export type InviteMethod = "REQUEST" | "CANCEL";

function calendar(settings: Settings, name: string, method?: InviteMethod) {
  const cal = ical({
    name,
    prodId: { company: settings.businessName, product: "Schedule", language: "EN" },
    ...(method ? { method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST } : {}),
  });
  cal.x([["X-WR-TIMEZONE", env().BUSINESS_TIME_ZONE]]);
  return cal;
}

interface EventText {
  summary: string;
  description: string;
  url: string;
}

/**
 * ical-generator writes no RDATE: each further day's start goes out under
 * this name, which `written` renames. An X- name, so nothing else is ever
 * written with it.
 */
const RDATE_STANDIN = "X-JOB-RDATE";

/** 20261208T130000Z: an instant in UTC as iCalendar writes it. */
const utcStamp = (at: Date) => at.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

function addEvent(cal: ReturnType<typeof calendar>, job: Job, settings: Settings, text: EventText) {
  const [first, ...later] = job.days;
  const event = {
    id: jobUid(job),
    sequence: job.sequence,
    stamp: job.updatedAt,
    summary: text.summary,
    location: job.address,
    description: text.description,
    url: text.url,
    organizer: { name: settings.businessName, email: settings.publicEmail },
    status: job.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  };
  // Every day's start, the first's too: RFC 5545 counts DTSTART in the set and a duplicate once, and readers such as ical.js expand RDATEs alone.
  const rdates = later.length ? job.days.map((day) => [RDATE_STANDIN, utcStamp(day.startsAt)] as [string, string]) : [];
  cal.createEvent({ ...event, start: first!.startsAt, end: first!.endsAt, x: rdates });
  for (const day of later) cal.createEvent({ ...event, recurrenceId: day.startsAt, start: day.startsAt, end: day.endsAt });
}

/** The calendar's text, with each further day's start as the RDATE it is. */
const written = (cal: ReturnType<typeof calendar>) => cal.toString().replace(new RegExp(`^${RDATE_STANDIN}:`, "gm"), "RDATE:");

/** What the customer's calendar shows: the business, the link to their appointment page, the phone. */
const customerText = (settings: Settings, link: string): EventText => ({
  summary: `${settings.businessName}: detailing appointment`,
  description: `Your appointment: ${link}\n\nQuestions or a change? Call ${settings.phone}.`,
  url: link,
});

/** The customer's invite: METHOD:REQUEST while the job stands, METHOD:CANCEL once it is cancelled. */
export function jobInvite(job: Job, settings: Settings, link: string): EmailAttachment {
  const method: InviteMethod = job.status === "cancelled" ? "CANCEL" : "REQUEST";
  const cal = calendar(settings, settings.businessName, method);
  addEvent(cal, job, settings, customerText(settings, link));
  return {
    filename: method === "CANCEL" ? "cancel.ics" : "invite.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: Buffer.from(written(cal), "utf8"),
  };
}

/** The customer's `Add to calendar` file: the same event, without a method (a file to open, not an invitation to answer). */
export function jobCalendarFile(job: Job, settings: Settings, link: string): string {
  const cal = calendar(settings, settings.businessName);
  addEvent(cal, job, settings, customerText(settings, link));
  return written(cal);
}

/** The owner's feed: every job given, named with its customer (cancelled ones say so), with the job's page. */
export function jobsFeed(jobs: Job[], settings: Settings, jobLink: (job: Job) => string): string {
  const cal = calendar(settings, `${settings.businessName} jobs`);
  for (const job of jobs) {
    const { name, phone, vehicleType } = job.customer;
    addEvent(cal, job, settings, {
      summary: `${name}${job.status === "cancelled" ? " (cancelled)" : ""}`,
      description: [`${name}, ${phone}`, job.vehicle?.label ?? vehicleType, job.notes, jobLink(job)].filter(Boolean).join("\n\n"),
      url: jobLink(job),
    });
  }
  return written(cal);
}
