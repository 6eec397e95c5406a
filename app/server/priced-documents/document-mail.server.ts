import type { BusinessSettings } from "~/lib/site-settings";
import { pricedLines, renderCustomerEmail, type Block } from "../customer-email.server";
import type { Email, EmailAttachment } from "../mail.server";
import type { DocumentLine } from "./documents.server";

/**
 * The parts every priced document's e-mail to the customer has
 * (docs/decisions/0116): its link, the greeting with the owner's message, the
 * lines, the button to its page, the PDF attached and how to ask. The kind
 * writes the opening paragraph and any block of its own (how to pay).
 */

export type DocumentMailSettings = Pick<BusinessSettings, "businessName" | "phone" | "phoneE164" | "phoneExt" | "notifyEmail">;

/** The customer's page ("/estimates/…"); absolute from APP_URL, else from the request's origin when it is this machine (linkOrigin). */
export function documentLink(path: "estimates" | "invoices", origin: string | undefined, token: string): string {
  return `${origin ?? ""}/${path}/${token}`;
}

export const questions = (settings: Pick<BusinessSettings, "phone">) => `Questions? Reply to this e-mail or call us at ${settings.phone}.`;

interface DocumentMail {
  kind: "Estimate" | "Invoice";
  document: { number: number; message: string; customer: { name: string; email: string }; lines: DocumentLine[]; taxCents: number; totalCents: number };
  settings: DocumentMailSettings;
  /** The first paragraph: what it is and what it comes to. */
  opening: string;
  button: { label: string; href: string; intro: string };
  /** Blocks of the kind's own after the button. */
  more?: Block[];
  pdf: EmailAttachment;
}

/** "Estimate #12 from Shine On Wheels", to the customer, the PDF attached. */
export function documentEmail({ kind, document, settings, opening, button, more = [], pdf }: DocumentMail): Email {
  return {
    to: document.customer.email,
    replyTo: settings.notifyEmail,
    subject: `${kind} #${document.number} from ${settings.businessName}`,
    ...renderCustomerEmail({
      name: document.customer.name,
      ownerMessage: document.message,
      settings,
      blocks: [
        { paragraph: opening },
        pricedLines(document),
        { button },
        ...more,
        { paragraph: `The ${kind.toLowerCase()} is attached as a PDF too.\n${questions(settings)}` },
      ],
    }),
    attachments: [pdf],
  };
}
