import type { BusinessSettings } from "~/lib/site-settings";
import { longDay } from "~/lib/job-time";
import { renderCustomerEmail } from "../customer-email.server";
import { env } from "../env.server";
import type { Email, EmailAttachment } from "../mail.server";
import { dayIn } from "~/lib/time-zone";
import { appointmentLink } from "./job-mail.server";
import type { Job } from "./job-records.server";

/**
 * The customer's copy of their condition report (docs/decisions/0136): the
 * PDF attached, who signed and when, and the link to their appointment page,
 * which shows the report too. `Condition report: {the vehicle}` (its day when
 * no vehicle is known), from the business, replies to the owner.
 */

type Settings = Pick<BusinessSettings, "businessName" | "phone" | "phoneE164" | "phoneExt" | "notifyEmail">;

/** The report's file name: "condition-report-2026-12-07.pdf" (the business's day it was signed). */
export function conditionReportFileName(at: Date): string {
  return `condition-report-${dayIn(at, env().BUSINESS_TIME_ZONE)}.pdf`;
}

/** What the report is of, for its subject: the vehicle as the job names it, else the appointment's day. */
export function reportSubject(job: Pick<Job, "vehicle" | "customer" | "startsAt">): string {
  const what = job.vehicle?.label || job.customer.vehicleType || longDay(job.startsAt, env().BUSINESS_TIME_ZONE);
  return `Condition report: ${what}`;
}

export function conditionReportEmail(
  job: Job,
  settings: Settings,
  origin: string | undefined,
  report: { signedAt: string; signedName: string; vehicle: string },
  pdf: EmailAttachment,
): Email {
  return {
    to: job.customer.email,
    replyTo: settings.notifyEmail,
    subject: reportSubject(job),
    ...renderCustomerEmail({
      name: job.customer.name,
      settings,
      origin,
      blocks: [
        {
          paragraph:
            `Before we started, we went over the condition of your ${report.vehicle || "vehicle"} with you. ` +
            "Here is the report you signed, as a PDF: the notes for each area, the photos we took and the signature.",
        },
        {
          table: {
            rows: [
              { label: "Signed by", value: report.signedName },
              { label: "When", value: report.signedAt },
            ],
          },
        },
        { button: { label: "View Your Appointment", href: appointmentLink(origin, job.token), intro: "The report is on your appointment page too:" } },
        { paragraph: `Something not right in it? Reply to this e-mail or call us at ${settings.phone}.` },
      ],
    }),
    attachments: [pdf],
  };
}
