import { centsToDollarInput, formatCents } from "~/lib/money";
import { isOverdue } from "~/lib/invoice-status";
import type { EditorLine } from "~/lib/estimate-editor";
import { longDate } from "../pdf/priced-document-pdf.server";
import { invoiceToday, type Invoice, type InvoiceForm } from "./invoices.server";

/** The admin invoice page's data: the invoice as the inputs and the tables show it, formatted here. */

export interface InvoiceValues {
  lines: EditorLine[];
  message: string;
}

export function invoiceValues(invoice: Invoice): InvoiceValues {
  return {
    lines: invoice.lines.map((l) => ({
      description: l.description,
      quantity: String(l.quantity),
      unitPrice: centsToDollarInput(l.unitPriceCents),
      serviceId: l.serviceId === null ? "" : String(l.serviceId),
    })),
    message: invoice.message,
  };
}

/** What the editor's form posted: its repeated line fields in order, and the message. */
export function postedInvoiceValues(form: FormData): InvoiceValues {
  const all = (name: string) => form.getAll(name).map((v) => (typeof v === "string" ? v : ""));
  const description = all("description");
  const quantity = all("quantity");
  const unitPrice = all("unitPrice");
  const serviceId = all("serviceId");
  const message = form.get("message");
  return {
    lines: description.map((d, i) => ({ description: d, quantity: quantity[i] ?? "", unitPrice: unitPrice[i] ?? "", serviceId: serviceId[i] ?? "" })),
    message: typeof message === "string" ? message : "",
  };
}

export function toInvoiceForm(values: InvoiceValues): InvoiceForm {
  return {
    description: values.lines.map((l) => l.description),
    quantity: values.lines.map((l) => l.quantity),
    unitPrice: values.lines.map((l) => l.unitPrice),
    serviceId: values.lines.map((l) => l.serviceId),
    message: values.message,
  };
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
    lines: invoice.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: formatCents(l.unitPriceCents), amount: formatCents(l.quantity * l.unitPriceCents) })),
    subtotal: formatCents(invoice.subtotalCents),
    tax: formatCents(invoice.taxCents),
    total: formatCents(invoice.totalCents),
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
