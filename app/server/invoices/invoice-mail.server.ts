import { formatCents } from "~/lib/money";
import type { BusinessSettings } from "~/lib/site-settings";
import type { Email, EmailAttachment } from "../mail.server";
import { longDate } from "../pdf/priced-document-pdf.server";
import { paymentLine } from "./invoice-pdf.server";
import type { Invoice } from "./invoices.server";

/**
 * The customer's e-mails about an invoice: the invoice (the link and the
 * PDF) and, once paid in full, the receipt with the payments. Queued with the
 * lead's id, so the lead's history shows them with their delivery state.
 */

type Settings = Pick<BusinessSettings, "businessName" | "phone" | "notifyEmail">;

/** The customer's page; absolute from APP_URL, else from the request's origin when it is this machine (linkOrigin). */
export function invoiceLink(origin: string | undefined, token: string): string {
  return `${origin ?? ""}/invoices/${token}`;
}

export function invoiceEmail(invoice: Invoice, settings: Settings, link: string, paymentInstructions: string, pdf: EmailAttachment): Email {
  return {
    to: invoice.customer.email,
    replyTo: settings.notifyEmail,
    subject: `Invoice #${invoice.number} from ${settings.businessName}`,
    text: [
      `Hi ${invoice.customer.name},`,
      "",
      `Thank you for choosing ${settings.businessName}. Your invoice #${invoice.number} comes to ${formatCents(invoice.totalCents)}` +
        (invoice.dueDate ? ` and is due by ${longDate(invoice.dueDate)}.` : "."),
      ...(invoice.paidCents > 0 ? [`Already paid: ${formatCents(invoice.paidCents)}. Amount due: ${formatCents(invoice.dueCents)}.`] : []),
      ...(invoice.message ? ["", invoice.message] : []),
      "",
      "See it here:",
      link,
      ...(paymentInstructions ? ["", "How to pay:", paymentInstructions] : []),
      "",
      "The invoice is attached as a PDF too.",
      `Questions? Reply to this e-mail or call us at ${settings.phone}.`,
      "",
      settings.businessName,
    ].join("\n"),
    attachments: [pdf],
  };
}

/** Paid in full: `Receipt for invoice #{number}`, with every payment that counted. */
export function receiptEmail(invoice: Invoice, settings: Settings, link: string): Email {
  const live = invoice.payments.filter((p) => !p.deletedAt);
  return {
    to: invoice.customer.email,
    replyTo: settings.notifyEmail,
    subject: `Receipt for invoice #${invoice.number} from ${settings.businessName}`,
    text: [
      `Hi ${invoice.customer.name},`,
      "",
      `Thank you! Invoice #${invoice.number} (${formatCents(invoice.totalCents)}) is paid in full.`,
      "",
      "Payments received:",
      ...live.map((p) => `- ${paymentLine(p)}`),
      "",
      `Your invoice: ${link}`,
      "",
      `Questions? Reply to this e-mail or call us at ${settings.phone}.`,
      "",
      settings.businessName,
    ].join("\n"),
  };
}
