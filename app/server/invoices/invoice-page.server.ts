import { formatCents } from "~/lib/money";
import { isOverdue } from "~/lib/invoice-status";
import { editorLines, lineForm, type EditorLine } from "~/lib/priced-lines";
import { longDate } from "~/lib/time-zone";
import { formText } from "../form-action.server";
import { linesView, postedLines } from "../priced-documents/document-views.server";
import { invoiceToday, type Invoice, type InvoiceForm } from "./invoices.server";

/** The admin invoice page's data: the invoice as the inputs and the tables show it, formatted here. */

export interface InvoiceValues {
  lines: EditorLine[];
  message: string;
}

export function invoiceValues(invoice: Invoice): InvoiceValues {
  return { lines: editorLines(invoice.lines), message: invoice.message };
}

/** What the editor's form posted: its repeated line fields in order, and the message. */
export function postedInvoiceValues(form: FormData): InvoiceValues {
  return { lines: postedLines(form), message: formText(form, "message") };
}

export function toInvoiceForm(values: InvoiceValues): InvoiceForm {
  return { ...lineForm(values.lines), message: values.message };
}

/** The invoice as the page shows it, every amount and date already in words. */
export function invoiceSummary(invoice: Invoice) {
  const today = invoiceToday();
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    leadId: invoice.leadId,
    customerId: invoice.customerId,
    jobId: invoice.jobId,
    customer: invoice.customer.name,
    email: invoice.customer.email,
    taxRateMilliPercent: invoice.taxRateMilliPercent,
    ...linesView(invoice),
    paid: formatCents(invoice.paidCents),
    paidCents: invoice.paidCents,
    due: formatCents(invoice.dueCents),
    dueCents: invoice.dueCents,
    dueDate: invoice.dueDate ? longDate(invoice.dueDate) : null,
    overdue: isOverdue(invoice.status, invoice.dueDate, today),
    today,
    payments: invoice.payments.map((p) => ({
      id: p.id,
      date: longDate(p.paidOn),
      method: p.method,
      amount: formatCents(p.amountCents),
      note: p.note,
      deleted: p.deletedAt !== null,
      deletedBy: p.deletedBy ?? "",
    })),
    stamp: `${invoice.id}-${invoice.status}-${invoice.totalCents}-${invoice.paidCents}-${invoice.lines.length}-${invoice.payments.length}`,
  };
}

export type InvoiceSummary = ReturnType<typeof invoiceSummary>;
