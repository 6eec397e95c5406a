import { formatCents } from "~/lib/money";
import type { BusinessSettings } from "~/lib/site-settings";
import { longDate } from "~/lib/time-zone";
import type { Email, EmailAttachment } from "../mail.server";
import { documentEmail, documentLink, type DocumentMailSettings } from "../priced-documents/document-mail.server";
import { configuredOrigin } from "../site-url.server";
import type { Estimate } from "./estimates.server";

/**
 * The e-mails about an estimate: the customer's (the link and the PDF) and
 * the owner's on a decision. Queued with the lead's id, so the lead's history
 * shows them with their delivery state.
 */

/** The customer's page; absolute from APP_URL, else from the request's origin when it is this machine (linkOrigin). */
export const estimateLink = (origin: string | undefined, token: string) => documentLink("estimates", origin, token);

export function estimateEmail(estimate: Estimate, settings: DocumentMailSettings, link: string, pdf: EmailAttachment): Email {
  return documentEmail({
    kind: "Estimate",
    document: estimate,
    settings,
    opening:
      `Thank you for asking ${settings.businessName} for a quote. Your estimate #${estimate.number} comes to ${formatCents(estimate.totalCents)}` +
      ` and is valid until ${longDate(estimate.validUntil)}.`,
    button: { label: "View Your Estimate", href: link, intro: "See it, and accept or decline it, here:" },
    pdf,
  });
}

/** The lead it answers, or the customer's page for an estimate without a lead. */
function leadLink(estimate: Pick<Estimate, "leadId" | "customerId">): string {
  const origin = configuredOrigin();
  const [what, path] = estimate.leadId === null ? ["customer", `/admin/customers/${estimate.customerId}`] : ["lead", `/admin/leads/${estimate.leadId}`];
  return origin ? `Open the ${what}: ${origin}${path}` : `Open the ${what} at ${path} in the dashboard.`;
}

/** To the owner (Send New Requests To): `Estimate #{number} accepted` or `declined`, with a link to the lead. */
export function decisionEmail(
  estimate: Estimate,
  decision: "accepted" | "declined",
  settings: Pick<BusinessSettings, "notifyEmail">,
  reason = "",
  /** On acceptance: whether the customer could book online (../jobs/owner-alerts.server.ts, bookingNote). */
  bookingNote: string[] = ["Time to schedule the job."],
): Email {
  const { customer } = estimate;
  return {
    to: settings.notifyEmail,
    replyTo: customer.email,
    subject: `Estimate #${estimate.number} ${decision} by ${customer.name}`,
    text: [
      `${customer.name} ${decision} estimate #${estimate.number} (${formatCents(estimate.totalCents)}).`,
      ...(decision === "declined" ? ["", `Reason: ${reason || "(none given)"}`, ...(estimate.leadId === null ? [] : ["The lead is now Lost."])] : ["", ...bookingNote]),
      "",
      `Phone: ${customer.phone}`,
      `Email: ${customer.email}`,
      "",
      leadLink(estimate),
    ].join("\n"),
  };
}
