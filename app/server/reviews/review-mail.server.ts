import type { BusinessSettings } from "~/lib/site-settings";
import type { Email } from "../mail.server";
import { configuredOrigin } from "../site-url.server";
import { unsubscribeHeaders, unsubscribeLink } from "./unsubscribe.server";

/**
 * The e-mails of reviews and maintenance reminders (docs/decisions/0091). The
 * customer's are not transactions: each carries the List-Unsubscribe headers
 * (RFC 8058) and the same link in its text. The owner's (a new review) is
 * ./owner-alerts.server.ts.
 */

type Settings = Pick<BusinessSettings, "businessName" | "phone" | "notifyEmail">;

export interface Recipient {
  name: string;
  email: string;
  unsubscribeToken: string;
}

/** The customer's review page; absolute from APP_URL (e-mails never carry a link from a request's Host). */
export function reviewLink(token: string, origin = configuredOrigin()): string {
  return `${origin ?? ""}/reviews/${token}`;
}

function optOut(to: Recipient): { lines: string[]; headers: Record<string, string> } {
  return {
    lines: ["", "Rather not get e-mails like this one? Unsubscribe with one click:", unsubscribeLink(to.unsubscribeToken)],
    headers: unsubscribeHeaders(to.unsubscribeToken),
  };
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

export function reviewRequestEmail(to: Recipient, reviewToken: string, settings: Settings): Email {
  const { lines, headers } = optOut(to);
  return {
    to: to.email,
    replyTo: settings.notifyEmail,
    subject: `How did we do, ${firstName(to.name)}?`,
    text: [
      `Hi ${firstName(to.name)},`,
      "",
      `Thank you for choosing ${settings.businessName}. How did we do? It takes a minute to tell us:`,
      reviewLink(reviewToken),
      "",
      `Something not right? Reply to this e-mail or call us at ${settings.phone}, and we will make it right.`,
      "",
      settings.businessName,
      ...lines,
    ].join("\n"),
    headers,
  };
}

export function maintenanceReminderEmail(to: Recipient, service: { title: string; followUpDays: number }, quoteLink: string, settings: Settings): Email {
  const { lines, headers } = optOut(to);
  return {
    to: to.email,
    replyTo: settings.notifyEmail,
    subject: `Time for your next ${service.title}?`,
    text: [
      `Hi ${firstName(to.name)},`,
      "",
      `It has been about ${followUpText(service.followUpDays)} since your ${service.title} with ${settings.businessName}: a good time for the next visit.`,
      "Ask for a quote with your details already filled in:",
      quoteLink,
      "",
      `Or call us at ${settings.phone}.`,
      "",
      settings.businessName,
      ...lines,
    ].join("\n"),
    headers,
  };
}

function followUpText(days: number): string {
  if (days % 365 === 0) return days === 365 ? "a year" : `${days / 365} years`;
  if (days >= 60 && days % 30 === 0) return `${days / 30} months`;
  return days === 1 ? "a day" : `${days} days`;
}
