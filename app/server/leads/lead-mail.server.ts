import { dateFormat } from "~/lib/date-format";
import type { QuoteInput } from "~/lib/quote-schema";
import { businessTel, type BusinessSettings } from "~/lib/site-settings";
import { renderCustomerEmail } from "../customer-email.server";
import { env } from "../env.server";
import type { Email } from "../mail.server";
import { configuredOrigin } from "../site-url.server";

/**
 * The e-mails about a lead. Each is queued in the outbox with the lead's id
 * and its kind, so the lead's page shows it with its delivery state.
 */

export const EMAIL_KINDS = {
  owner_notification: "Owner notification",
  // The automatic receipt, not an answer from the owner.
  customer_reply: "Receipt to the customer",
  reminder: "Reminder",
  // About a lead's estimate (../estimates/estimate-mail.server.ts).
  estimate: "Estimate to the customer",
  estimate_accepted: "Estimate accepted",
  estimate_declined: "Estimate declined",
  // About a lead's job (../jobs/job-mail.server.ts).
  job_confirmed: "Appointment confirmed",
  job_changed: "Appointment changed",
  job_cancelled: "Appointment cancelled",
  job_on_the_way: "On our way",
  job_reminder: "Appointment reminder",
  job_cancelled_by_customer: "Cancelled by the customer",
  // A booking's deposit (../jobs/deposit-mail.server.ts): received, or its hold ran out (the customer's and the owner's).
  job_deposit_received: "Deposit received",
  job_released: "Booking released",
  job_released_owner: "Owner told: booking released",
  // A job's condition report, its PDF attached (../jobs/condition-report-mail.server.ts).
  job_condition_report: "Condition report",
  // The owner's alerts of what a customer did alone (../jobs/owner-alerts.server.ts, ../reviews/owner-alerts.server.ts).
  job_booked_by_customer: "Booked by the customer",
  review_new: "New review",
  // About a lead's invoice (../invoices/invoice-mail.server.ts).
  invoice: "Invoice to the customer",
  invoice_payment: "Payment received",
  invoice_receipt: "Payment receipt",
  // After a job, not transactions: the customer may unsubscribe (../reviews/review-mail.server.ts).
  review_request: "Review request",
  // Before issue 32 a low review had an alert of its own; now every review sends review_new.
  review_low: "Low review",
  maintenance_reminder: "Maintenance reminder",
  // The owner's alert that one of the lead's e-mails was given up (../outbox-alerts.server.ts).
  email_undelivered: "Owner told: an e-mail was not delivered",
  // The owners' summary of the day at 7:00, about no one lead (../daily-email/daily-email.server.ts).
  daily_email: "Daily e-mail",
} as const;
export type EmailKind = keyof typeof EMAIL_KINDS;

type Lead = Pick<QuoteInput, "name" | "email" | "phone" | "vehicle_type" | "message"> & { service_address?: string };

const OWNER_TIME: Intl.DateTimeFormatOptions = { weekday: "long", month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" };

/** A time as the owner reads it: in the business's time zone, named. */
export function businessTime(at: Date): string {
  return dateFormat(env().BUSINESS_TIME_ZONE, OWNER_TIME).format(at);
}

/**
 * The lead's page for the owner. Absolute only when APP_URL is set: a link in
 * an e-mail must never carry a Host header a visitor could have forged.
 */
function leadLink(id: number): string {
  const origin = configuredOrigin();
  return origin ? `Open it in the dashboard: ${origin}/admin/leads/${id}` : `Open it in the dashboard at /admin/leads/${id} on the site.`;
}

function details(lead: Lead): string[] {
  return [
    `Name:         ${lead.name}`,
    `Email:        ${lead.email}`,
    `Phone:        ${lead.phone}`,
    `Vehicle type: ${lead.vehicle_type}`,
    // Optional (docs/decisions/0085): only when given.
    ...(lead.service_address ? [`Address:      ${lead.service_address}`] : []),
    "",
    "Additional details:",
    lead.message || "(none)",
  ];
}

/** The owner's e-mail, to Send New Requests To: every field, and Reply-To the customer so a reply reaches them. */
export function ownerNotification(
  id: number,
  lead: Lead,
  receivedAt: Date,
  clientIp: string,
  settings: Pick<BusinessSettings, "businessName" | "responseTime" | "notifyEmail">,
): Email {
  return {
    to: settings.notifyEmail,
    replyTo: lead.email,
    subject: `New quote request #${id}: ${lead.name} (${lead.vehicle_type})`,
    text: [
      `New quote request #${id} from the ${settings.businessName} website.`,
      `The customer has been told they will hear from you ${settings.responseTime}.`,
      "",
      ...details(lead),
      "",
      `Received ${businessTime(receivedAt)} from ${clientIp || "an unknown address"}.`,
      leadLink(id),
      "Reply to this e-mail to answer the customer directly.",
    ].join("\n"),
  };
}

/**
 * The customer's receipt: an honest answer to "did it arrive, and what now?".
 * Replies go to the owner (Send New Requests To), not to the sending address.
 */
export function customerAutoReply(
  id: number,
  lead: Lead,
  settings: Pick<BusinessSettings, "businessName" | "phone" | "phoneE164" | "phoneExt" | "serviceArea" | "responseTime" | "notifyEmail">,
): Email {
  const details = [
    { label: "Name", value: lead.name },
    { label: "Email", value: lead.email },
    { label: "Phone", value: lead.phone },
    { label: "Vehicle type", value: lead.vehicle_type },
    ...(lead.service_address ? [{ label: "Address", value: lead.service_address }] : []),
    { label: "Additional details", value: lead.message || "(none)" },
  ];
  return {
    to: lead.email,
    replyTo: settings.notifyEmail,
    subject: `We received your quote request #${id}`,
    ...renderCustomerEmail({
      name: lead.name,
      settings,
      // No page of theirs yet: the links are the site's (the logo), the button is the phone.
      origin: configuredOrigin(),
      blocks: [
        { paragraph: `Thank you for asking ${settings.businessName} for a free quote. Your request has arrived; its reference number is #${id}.` },
        {
          paragraph:
            `We answer every request ${settings.responseTime}, by phone or e-mail, with a price for your ${lead.vehicle_type}.\n` +
            "This is not yet a booking: we will agree on the price and a time with you first.",
        },
        { table: { caption: "What you sent us:", rows: details } },
        { paragraph: `Something to add, or in a hurry? Reply to this e-mail or call us at ${settings.phone}.` },
        { button: { label: `Call ${settings.phone}`, href: businessTel(settings) } },
      ],
    }),
  };
}

/** The owner's one reminder, to Send New Requests To, that a lead is still New after LEAD_REMINDER_MINUTES. */
export function leadReminder(id: number, lead: Lead, receivedAt: Date, settings: Pick<BusinessSettings, "notifyEmail">, now = new Date()): Email {
  const minutes = Math.max(1, Math.round((now.getTime() - receivedAt.getTime()) / 60_000));
  const waited = minutes < 120 ? `${minutes} minutes` : `${Math.round(minutes / 60)} hours`;
  return {
    to: settings.notifyEmail,
    replyTo: lead.email,
    subject: `Still waiting: quote request #${id} from ${lead.name}`,
    text: [
      `${lead.name} asked for a quote ${waited} ago and has not been contacted yet.`,
      "The first business to answer usually gets the job.",
      "",
      ...details(lead),
      "",
      `Received ${businessTime(receivedAt)}.`,
      leadLink(id),
      "Mark it Contacted there once you have answered; this is the only reminder.",
    ].join("\n"),
  };
}
