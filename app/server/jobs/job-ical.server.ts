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

function addEvent(cal: ReturnType<typeof calendar>, job: Job, settings: Settings, text: EventText) {
  cal.createEvent({
    id: jobUid(job),
    sequence: job.sequence,
    start: job.startsAt,
    end: job.endsAt,
    stamp: job.updatedAt,
    summary: text.summary,
    location: job.address,
    description: text.description,
    url: text.url,
    organizer: { name: settings.businessName, email: settings.publicEmail },
    status: job.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

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
    content: Buffer.from(cal.toString(), "utf8"),
  };
}

/** The customer's `Add to calendar` file: the same event, without a method (a file to open, not an invitation to answer). */
export function jobCalendarFile(job: Job, settings: Settings, link: string): string {
  const cal = calendar(settings, settings.businessName);
  addEvent(cal, job, settings, customerText(settings, link));
  return cal.toString();
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
  return cal.toString();
}
