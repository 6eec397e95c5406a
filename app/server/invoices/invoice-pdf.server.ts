import { formatCents, formatTaxRate } from "~/lib/money";
import { isoDay, longDate, renderPricedPdf, type Business } from "../pdf/priced-document-pdf.server";
import type { Invoice } from "./invoices.server";

/** The invoice as a PDF: the estimate's maker (../pdf/priced-document-pdf.server.ts) with the payments, what is due and how to pay. */

export function invoiceFileName(invoice: Pick<Invoice, "number">): string {
  return `invoice-${invoice.number}.pdf`;
}

/** A payment as one line of text: "December 1, 2026 · Cash · $100.00 (deposit)". */
export function paymentLine(p: Invoice["payments"][number]): string {
  return `${longDate(p.paidOn)} · ${p.method} · ${formatCents(p.amountCents)}${p.note ? ` (${p.note})` : ""}`;
}

export async function renderInvoicePdf(invoice: Invoice, business: Business, paymentInstructions: string, link?: string): Promise<Buffer> {
  const live = invoice.payments.filter((p) => !p.deletedAt);
  const dates = [`Date: ${longDate(isoDay(invoice.sentAt ?? invoice.createdAt))}`];
  if (invoice.dueDate && invoice.status !== "void") dates.push(`Due: ${longDate(invoice.dueDate)}`);
  const sections = [
    ...(invoice.message ? [{ heading: "MESSAGE", text: invoice.message }] : []),
    ...(live.length ? [{ heading: "PAYMENTS RECEIVED", text: live.map(paymentLine).join("\n") }] : []),
    ...(paymentInstructions && invoice.dueCents > 0 ? [{ heading: "HOW TO PAY", text: paymentInstructions }] : []),
  ];
  const view = link ? `See this invoice online: ${link}` : "Questions about this invoice? Reply to our e-mail";
  return renderPricedPdf(
    {
      title: `Invoice #${invoice.number}`,
      subject: `Invoice for ${invoice.customer.name}`,
      stamp: invoice.status === "void" ? "VOID" : invoice.status === "paid" ? "PAID" : undefined,
      dates,
      partyLabel: "BILL TO",
      customer: invoice.customer,
      lines: invoice.lines,
      totals: [
        { label: "Subtotal", value: formatCents(invoice.subtotalCents) },
        { label: `Tax (${formatTaxRate(invoice.taxRateMilliPercent)}%)`, value: formatCents(invoice.taxCents) },
        { label: "Total", value: formatCents(invoice.totalCents), bold: true },
        ...(invoice.paidCents > 0 ? [{ label: "Paid", value: formatCents(invoice.paidCents) }] : []),
        ...(invoice.status === "void" ? [] : [{ label: "Amount Due", value: formatCents(invoice.dueCents), bold: true }]),
      ],
      sections,
      footer: `${view}, or call us at ${business.phone}.`,
    },
    business,
  );
}
