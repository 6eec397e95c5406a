import { formatCents } from "~/lib/money";
import { longDate } from "~/lib/time-zone";
import { renderCustomerEmail } from "../customer-email.server";
import type { Email, EmailAttachment } from "../mail.server";
import { documentEmail, documentLink, questions, type DocumentMailSettings } from "../priced-documents/document-mail.server";
import { paymentLine } from "./invoice-pdf.server";
import type { Invoice, Payment } from "./invoices.server";

/**
 * The customer's e-mails about an invoice: the invoice (the link and the
 * PDF), and one for each payment: `Payment received` with the balance, or,
 * the one that pays it in full, the receipt with every payment. Queued with
 * the lead's id, so the lead's history shows them with their delivery state.
 * A payment's note is the owner's (paymentLine leaves it out).
 */

type Settings = DocumentMailSettings;

/** The customer's page; absolute from APP_URL, else from the request's origin when it is this machine (linkOrigin). */
export const invoiceLink = (origin: string | undefined, token: string) => documentLink("invoices", origin, token);

export function invoiceEmail(invoice: Invoice, settings: Settings, link: string, paymentInstructions: string, pdf: EmailAttachment): Email {
  return documentEmail({
    kind: "Invoice",
    document: invoice,
    settings,
    opening:
      `Thank you for choosing ${settings.businessName}. Your invoice #${invoice.number} comes to ${formatCents(invoice.totalCents)}` +
      (invoice.dueDate ? ` and is due by ${longDate(invoice.dueDate)}.` : ".") +
      (invoice.paidCents > 0 ? `\nAlready paid: ${formatCents(invoice.paidCents)}. Amount due: ${formatCents(invoice.dueCents)}.` : ""),
    button: { label: "View Your Invoice", href: link, intro: "See it here:" },
    more: paymentInstructions ? [{ paragraph: `How to pay:\n${paymentInstructions}` }] : [],
    pdf,
  });
}

/**
 * After `payment` was recorded on `invoice` (as it is now, that payment
 * counted): `Payment received for invoice #{number}` with the amount and the
 * balance, or, paid in full, `Receipt for invoice #{number}` with every payment.
 */
export function paymentEmail(invoice: Invoice, payment: Pick<Payment, "amountCents" | "method" | "paidOn">, settings: Settings, link: string, tipCents = 0): Email {
  const paidInFull = invoice.dueCents === 0;
  const live = invoice.payments.filter((p) => !p.deletedAt);
  const [subject, paragraph, rows] = paidInFull
    ? [
        `Receipt for invoice #${invoice.number} from ${settings.businessName}`,
        `Thank you! Invoice #${invoice.number} (${formatCents(invoice.totalCents)}) is paid in full.`,
        [...live.map((p) => ({ label: paymentLine(p), value: formatCents(p.amountCents) })), { label: "Balance", value: formatCents(0), strong: true }],
      ]
    : [
        `Payment received for invoice #${invoice.number} from ${settings.businessName}`,
        `Thank you! We received your payment of ${formatCents(payment.amountCents)} on invoice #${invoice.number}. ` +
          `The balance is ${formatCents(invoice.dueCents)}.`,
        [
          { label: `This payment (${paymentLine(payment)})`, value: formatCents(payment.amountCents) },
          { label: "Invoice total", value: formatCents(invoice.totalCents) },
          { label: "Paid so far", value: formatCents(invoice.paidCents) },
          { label: "Balance", value: formatCents(invoice.dueCents), strong: true },
        ],
      ];
  return {
    to: invoice.customer.email,
    replyTo: settings.notifyEmail,
    subject,
    ...renderCustomerEmail({
      name: invoice.customer.name,
      settings,
      blocks: [
        { paragraph },
        { table: { caption: paidInFull ? "Payments received:" : undefined, rows } },
        // A tip given at the job (issue 36) is the detailer's, outside the invoice.
        ...(tipCents > 0 ? [{ paragraph: `And thank you for the ${formatCents(tipCents)} tip (${payment.method}), which is not part of the invoice.` }] : []),
        { button: { label: "View Your Invoice", href: link, intro: "Your invoice:" } },
        { paragraph: questions(settings) },
      ],
    }),
  };
}
