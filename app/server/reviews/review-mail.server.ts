import type { BusinessSettings } from "~/lib/site-settings";
import { firstName, renderCustomerEmail } from "../customer-email.server";
import type { Email } from "../mail.server";
import { configuredOrigin } from "../site-url.server";
import { unsubscribeHeaders, unsubscribeLink } from "./unsubscribe.server";

/**
 * The e-mails of reviews and maintenance reminders (docs/decisions/0091). The
 * customer's are not transactions: each carries the List-Unsubscribe headers
 * (RFC 8058) and the same link in its text. The owner's (a new review) is
 * ./owner-alerts.server.ts.
 */

type Settings = Pick<BusinessSettings, "businessName" | "phone" | "phoneE164" | "phoneExt" | "notifyEmail">;

export interface Recipient {
  name: string;
  email: string;
  unsubscribeToken: string;
}

/** The customer's review page; absolute from APP_URL (e-mails never carry a link from a request's Host). */
export function reviewLink(token: string, origin = configuredOrigin()): string {
  return `${origin ?? ""}/reviews/${token}`;
}


export function reviewRequestEmail(to: Recipient, reviewToken: string, settings: Settings): Email {
  return {
    to: to.email,
    replyTo: settings.notifyEmail,
    subject: `How did we do, ${firstName(to.name)}?`,
    ...renderCustomerEmail({
      name: to.name,
      settings,
      unsubscribe: unsubscribeLink(to.unsubscribeToken),
      blocks: [
        { button: { label: "Rate Your Visit", href: reviewLink(reviewToken), intro: `Thank you for choosing ${settings.businessName}. How did we do? It takes a minute to tell us:` } },
        { paragraph: `Something not right? Reply to this e-mail or call us at ${settings.phone}, and we will make it right.` },
      ],
    }),
    headers: unsubscribeHeaders(to.unsubscribeToken),
  };
}

export function maintenanceReminderEmail(to: Recipient, service: { title: string; followUpDays: number }, quoteLink: string, settings: Settings): Email {
  return {
    to: to.email,
    replyTo: settings.notifyEmail,
    subject: `Time for your next ${service.title}?`,
    ...renderCustomerEmail({
      name: to.name,
      settings,
      unsubscribe: unsubscribeLink(to.unsubscribeToken),
      blocks: [
        { paragraph: `It has been about ${followUpText(service.followUpDays)} since your ${service.title} with ${settings.businessName}: a good time for the next visit.` },
        { button: { label: "Get My Quote", href: quoteLink, intro: "Ask for a quote with your details already filled in:" } },
        { paragraph: `Or call us at ${settings.phone}.` },
      ],
    }),
    headers: unsubscribeHeaders(to.unsubscribeToken),
  };
}

function followUpText(days: number): string {
  if (days % 365 === 0) return days === 365 ? "a year" : `${days / 365} years`;
  if (days >= 60 && days % 30 === 0) return `${days / 30} months`;
  return days === 1 ? "a day" : `${days} days`;
}
