import { statusTitles } from "./status-titles";

/**
 * An invoice's statuses, browser-safe (the list, the editor, the customer's
 * page and the database's CHECK share them). Paid and partly paid follow the
 * payments: they are set in the transaction that records or deletes one.
 */
export const INVOICE_STATUSES = ["draft", "sent", "partly_paid", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_TITLES = statusTitles(INVOICE_STATUSES);

/** Sent and not yet paid in full: what the customer owes. */
export const OWED_STATUSES = ["sent", "partly_paid"] as const satisfies readonly InvoiceStatus[];
/** Not paid and not void (a draft too): what `Unpaid` lists and hasUnpaidInvoice looks for. */
export const UNPAID_STATUSES = ["draft", "sent", "partly_paid"] as const satisfies readonly InvoiceStatus[];

/** The status that follows from what has been paid of a sent invoice. */
export function paymentStatus(paidCents: number, totalCents: number): InvoiceStatus {
  if (paidCents >= totalCents && totalCents > 0) return "paid";
  return paidCents > 0 ? "partly_paid" : "sent";
}

/** Past its due date (YYYY-MM-DD, compared with today in the business's zone) and still owed. */
export function isOverdue(status: InvoiceStatus, dueDate: string | null, today: string): boolean {
  return (status === "sent" || status === "partly_paid") && dueDate !== null && dueDate < today;
}
