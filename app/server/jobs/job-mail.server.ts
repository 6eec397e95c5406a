import { appointmentDays, jobLength } from "~/lib/job-time";
import type { BusinessSettings } from "~/lib/site-settings";
import { pricedLines, renderCustomerEmail, type Block } from "../customer-email.server";
import { env } from "../env.server";
import type { Email } from "../mail.server";
import { configuredOrigin } from "../site-url.server";
import { jobInvite } from "./job-ical.server";
import type { Job } from "./job-records.server";

/**
 * The e-mails about a job. The customer's carry the job as an invite (its
 * UID, SEQUENCE and METHOD tell their calendar to add, move or remove it) and
 * the link to their appointment page; subjects start as the UI contract says.
 * The owner's (a customer's cancellation) links the job's page.
 */

/** `rescheduling`: a Weather Day cancelled it; the customer chooses a new time on their page (./weather-day.server.ts). */
export type JobEmailKind = "confirmed" | "changed" | "cancelled" | "rescheduling" | "on_the_way" | "reminder" | "cancelled_by_customer";

type Settings = Pick<BusinessSettings, "businessName" | "phone" | "phoneE164" | "phoneExt" | "publicEmail" | "notifyEmail">;

/** The job's time as every e-mail and message says it: "Monday, December 7, 2026, 9:00 AM – 12:00 PM"; over days, each day's, "…, then …". */
export const appointmentWhen = (job: Pick<Job, "days">) => appointmentDays(job.days, env().BUSINESS_TIME_ZONE);

/** The customer's appointment page; absolute from APP_URL, else from the request's origin when it is this machine (linkOrigin). */
export function appointmentLink(origin: string | undefined, token: string): string {
  return `${origin ?? ""}/appointments/${token}`;
}

function jobPageLine(jobId: number): string {
  const origin = configuredOrigin();
  return origin ? `Open the job: ${origin}/admin/jobs/${jobId}` : `Open the job at /admin/jobs/${jobId} in the dashboard.`;
}

/** The priced work a job was booked for (its estimate's lines and totals), which its confirmation lists. */
export interface JobWork {
  lines: { description: string; quantity: number; unitPriceCents: number }[];
  taxCents: number;
  totalCents: number;
}

/** What a job e-mail may carry besides the job: On My Way's minutes; the work booked; blocks after When and Where (a deposit due, ./deposit-mail.server.ts). */
export interface JobEmailExtra {
  minutes?: number;
  work?: JobWork;
  more?: Block[];
}

export function jobEmail(kind: JobEmailKind, job: Job, settings: Settings, origin: string | undefined, extra: JobEmailExtra = {}): Email {
  const when = appointmentWhen(job);
  const link = appointmentLink(origin, job.token);
  if (kind === "cancelled_by_customer") {
    return {
      to: settings.notifyEmail,
      replyTo: job.customer.email,
      subject: `Appointment cancelled by ${job.customer.name}: ${when}`,
      text: [
        `${job.customer.name} cancelled their appointment on their appointment page.`,
        "",
        `When:    ${when}`,
        `Where:   ${job.address}`,
        `Phone:   ${job.customer.phone}`,
        "",
        "The time is free again.",
        jobPageLine(job.id),
      ].join("\n"),
    };
  }
  const { subject, opening } = customerWords(kind, job, settings, when, extra.minutes);
  return {
    to: job.customer.email,
    replyTo: settings.notifyEmail,
    subject,
    ...renderCustomerEmail({
      name: job.customer.name,
      settings,
      origin,
      blocks: [
        { paragraph: opening.join("\n") },
        {
          table: {
            rows: [
              { label: "When", value: `${when} (about ${jobLength(job)})` },
              { label: "Where", value: job.address },
            ],
          },
        },
        ...(extra.work ? [pricedLines(extra.work)] : []),
        ...(extra.more ?? []),
        {
          button: {
            label: kind === "rescheduling" ? "Choose a New Time" : "View Your Appointment",
            href: link,
            intro:
              kind === "rescheduling" ? "Choose your new time here:" : kind === "cancelled" ? "Your appointment page:" : "Your appointment, to add to your calendar or to cancel:",
          },
        },
        { paragraph: `Questions? Reply to this e-mail or call us at ${settings.phone}.` },
      ],
    }),
    // On our way needs no invite: the calendar already has the job.
    attachments: kind === "on_the_way" ? [] : [jobInvite(job, settings, link)],
  };
}

function customerWords(kind: Exclude<JobEmailKind, "cancelled_by_customer">, job: Job, settings: Settings, when: string, minutes = 15) {
  switch (kind) {
    case "confirmed":
      return { subject: `Appointment confirmed: ${when}`, opening: [`Your appointment with ${settings.businessName} is booked. The invite is attached for your calendar.`] };
    case "changed":
      return { subject: `Appointment changed: ${when}`, opening: [`Your appointment with ${settings.businessName} has changed. The attached invite updates your calendar.`] };
    case "cancelled":
      return {
        subject: `Appointment cancelled: ${when}`,
        opening: [
          job.cancelledBy === "customer"
            ? `As you asked, your appointment with ${settings.businessName} is cancelled.`
            : `Your appointment with ${settings.businessName} is cancelled. Call us to find a new time.`,
          "The attached update removes it from your calendar.",
        ],
      };
    case "rescheduling":
      return {
        subject: `Rescheduling your appointment: ${when}`,
        opening: [
          `The weather will not let us work on the day of your appointment with ${settings.businessName}, so we have cancelled it. We are sorry.`,
          "The attached update removes it from your calendar. You choose your new time before anyone else: see below.",
        ],
      };
    case "on_the_way":
      return { subject: `On our way: arriving in about ${minutes} minutes`, opening: [`We are on our way to you and should arrive in about ${minutes} minutes.`] };
    case "reminder":
      return { subject: `Reminder: your appointment on ${when}`, opening: [`A reminder of your appointment with ${settings.businessName}.`] };
  }
}
