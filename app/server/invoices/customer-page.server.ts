import { formatCents } from "~/lib/money";
import type { DB } from "../db.server";
import { longDate } from "~/lib/time-zone";
import { findByToken } from "../customer-pages.server";
import { linesView } from "../priced-documents/document-views.server";
import { paymentMethodShown } from "./invoice-pdf.server";
import { getInvoiceByToken, invoiceSettings, type Invoice } from "./invoices.server";

/**
 * What /invoices/{token} (the customer's page, no sign-in) reads, and its
 * limit: wrong tokens are counted per client address like the estimate
 * page's (docs/decisions/0081), so guessing costs time as well as luck.
 */

export const NOT_FOUND_MESSAGE = "There is no invoice at this address. Please check the link in your e-mail.";

/** The invoice for its token, or a 404 (counted against the client's wrong-token limit, past which every token is a 429). */
export async function invoiceForCustomer(db: DB, token: string | undefined, clientIp: string): Promise<Invoice> {
  return findByToken(db, clientIp, async () => (token ? await getInvoiceByToken(db, token) : undefined), NOT_FOUND_MESSAGE);
}

/** The page's data: formatted on the server, nothing beyond what the e-mail already carried (a deleted payment is left out). */
export async function customerInvoiceView(db: DB, invoice: Invoice) {
  const { paymentInstructions } = await invoiceSettings(db);
  return {
    number: invoice.number,
    status: invoice.status,
    customerName: invoice.customer.name,
    dueDate: invoice.dueDate ? longDate(invoice.dueDate) : null,
    message: invoice.message,
    ...linesView(invoice),
    payments: invoice.payments.filter((p) => !p.deletedAt).map((p) => ({ id: p.id, date: longDate(p.paidOn), method: paymentMethodShown(p), amount: formatCents(p.amountCents) })),
    due: formatCents(invoice.dueCents),
    owed: invoice.dueCents > 0,
    paymentInstructions,
  };
}
export type CustomerInvoice = Awaited<ReturnType<typeof customerInvoiceView>>;
