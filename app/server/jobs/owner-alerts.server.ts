import { durationText, jobLength } from "~/lib/job-time";
import type { BusinessSettings } from "~/lib/site-settings";
import type { Email } from "../mail.server";
import { configuredOrigin } from "../site-url.server";
import { formatCents } from "~/lib/money";
import { appointmentWhen, type JobWork } from "./job-mail.server";
import type { Job } from "./job-records.server";

/**
 * The owner's e-mails about what a customer did alone on their pages (issue
 * 32): plain text to Send New Requests To, Reply-To the customer, with a link
 * to the dashboard (absolute only from APP_URL: never from a Host header a
 * visitor chose). Queued by the caller in the transaction of the customer's
 * action, so each goes once and is never lost.
 */

type Settings = Pick<BusinessSettings, "notifyEmail">;

/**
 * Why an accepted estimate cannot be booked online (./self-booking.server.ts
 * decides; the customer's page and the owner's e-mail say it). Here, not
 * there, so that the jobs module can import this one without a cycle.
 */
export type NoOnlineBooking =
  /** More working days than a booking online takes (BOOKING_DAYS_MAX, docs/decisions/0131). */
  | { why: "too_many_days"; jobMinutes: number; maxDays: number }
  /** Nothing free for it from 12 hours to 14 days ahead. */
  | { why: "no_free_time"; jobMinutes: number; horizonDays: number };

/** The job's page for the owner. */
export function jobPageLink(jobId: number, hash = ""): string {
  const origin = configuredOrigin();
  return origin ? `${origin}/admin/jobs/${jobId}${hash}` : `/admin/jobs/${jobId}${hash} in the dashboard`;
}

/** `New booking:` a customer chose a time on their estimate's page (Book This Time), or booked online from the price book (/book). */
export function newBookingEmail(job: Job, estimateNumber: number | null, settings: Settings, work?: JobWork, depositLines: string[] = []): Email {
  const when = appointmentWhen(job);
  const workLines = work
    ? ["", ...work.lines.map((l) => `  ${l.description}: ${formatCents(l.quantity * l.unitPriceCents)}`), ...(work.taxCents ? [`  Tax: ${formatCents(work.taxCents)}`] : []), `Total:   ${formatCents(work.totalCents)}`]
    : [];
  return {
    to: settings.notifyEmail,
    replyTo: job.customer.email,
    subject: `New booking: ${job.customer.name}, ${when}`,
    text: [
      `${job.customer.name} booked a time online${estimateNumber === null ? "" : ` for estimate #${estimateNumber}`}.`,
      "",
      `When:    ${when} (about ${jobLength(job)})`,
      `Where:   ${job.address}`,
      ...(job.vehicle ? [`Vehicle: ${job.vehicle.label}`] : []),
      `Phone:   ${job.customer.phone}`,
      `Email:   ${job.customer.email}`,
      ...workLines,
      "",
      "It is on your schedule, and the customer has the confirmation with the calendar invite.",
      ...depositLines,
      `Open the job: ${jobPageLink(job.id)}`,
    ].join("\n"),
  };
}

/**
 * The lines of the owner's `Estimate #… accepted` e-mail about booking: why
 * the customer could not book online and what they were told, or that they
 * were offered the free times.
 */
export function bookingNote(blocked: NoOnlineBooking | null, customerName: string, settings: Pick<BusinessSettings, "responseTime">): string[] {
  if (!blocked) return [`${customerName} was offered your free times to book online; you will get a "New booking" e-mail when they choose one.`];
  const why =
    blocked.why === "too_many_days"
      ? `the job takes ${durationText(blocked.jobMinutes)}, more than the ${blocked.maxDays} working days a booking online can take`
      : `no time in the next ${blocked.horizonDays} days is free for a job of ${durationText(blocked.jobMinutes)}`;
  return [
    `${customerName} could not book a time online: ${why}.`,
    `They were told you will call them ${settings.responseTime || "soon"} to schedule it. Time to call them and schedule the job.`,
  ];
}
