import { formatCents } from "~/lib/money";
import type { BusinessSettings } from "~/lib/site-settings";
import { pricedLines, renderCustomerEmail } from "../customer-email.server";
import type { Email, EmailAttachment } from "../mail.server";
import { longDate } from "~/lib/time-zone";
import { paymentLine } from "./invoice-pdf.server";
import type { Invoice, Payment } from "./invoices.server";

/**
 * The customer's e-mails about an invoice: the invoice (the link and the
 * PDF), and one for each payment: `Payment received` with the balance, or,
 * the one that pays it in full, the receipt with every payment. Queued with
 * the lead's id, so the lead's history shows them with their delivery state.
 * A payment's note is the owner's (paymentLine leaves it out).
 */

type Settings = Pick<BusinessSettings, "businessName" | "phone" | "phoneE164" | "phoneExt" | "notifyEmail">;

/** The customer's page; absolute from APP_URL, else from the request's origin when it is this machine (linkOrigin). */
export function invoiceLink(origin: string | undefined, token: string): string {
  return `${origin ?? ""}/invoices/${token}`;
}

const questions = (settings: Settings) => `Questions? Reply to this e-mail or call us at ${settings.phone}.`;

export function invoiceEmail(invoice: Invoice, settings: Settings, link: string, paymentInstructions: string, pdf: EmailAttachment): Email {
  return {
    to: invoice.customer.email,
    replyTo: settings.notifyEmail,
    subject: `Invoice #${invoice.number} from ${settings.businessName}`,
    ...renderCustomerEmail({
      name: invoice.customer.name,
      ownerMessage: invoice.message,
      settings,
      blocks: [
        {
          paragraph:
            `Thank you for choosing ${settings.businessName}. Your invoice #${invoice.number} comes to ${formatCents(invoice.totalCents)}` +
            (invoice.dueDate ? ` and is due by ${longDate(invoice.dueDate)}.` : ".") +
            (invoice.paidCents > 0 ? `\nAlready paid: ${formatCents(invoice.paidCents)}. Amount due: ${formatCents(invoice.dueCents)}.` : ""),
        },
        pricedLines(invoice),
        { button: { label: "View Your Invoice", href: link, intro: "See it here:" } },
        ...(paymentInstructions ? [{ paragraph: `How to pay:\n${paymentInstructions}` }] : []),
        { paragraph: `The invoice is attached as a PDF too.\n${questions(settings)}` },
      ],
    }),
    attachments: [pdf],
  };
}

/**
 * After `payment` was recorded on `invoice` (as it is now, that payment
 * counted): `Payment received for invoice #{number}` with the amount and the
 * balance, or, paid in full, `Receipt for invoice #{number}` with every payment.
 */
export function paymentEmail(invoice: Invoice, payment: Pick<Payment, "amountCents" | "method" | "paidOn">, settings: Settings, link: string): Email {
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
        { button: { label: "View Your Invoice", href: link, intro: "Your invoice:" } },
        { paragraph: questions(settings) },
      ],
    }),
  };
}
