import { formatCents } from "~/lib/money";
import { longDate } from "~/lib/time-zone";
import type { DB } from "../db.server";
import { pricedBasics, renderPricedPdf, type Business, type PdfFile } from "../pdf/priced-document-pdf.server";
import { documentLink } from "../priced-documents/document-mail.server";
import { getSettings } from "../settings.server";
import { invoiceSettings, type Invoice } from "./invoices.server";

/** The invoice as a PDF: the estimate's maker (../pdf/priced-document-pdf.server.ts) with the payments, what is due and how to pay. */

export function invoiceFileName(invoice: Pick<Invoice, "number">): string {
  return `invoice-${invoice.number}.pdf`;
}

type ShownPayment = Pick<Invoice["payments"][number], "paidOn" | "method"> & { fromDeposit?: boolean };

/** A payment's method as the customer sees it: "Zelle", or "Zelle (deposit)" for the deposit credited on it (docs/decisions/0133). */
export const paymentMethodShown = (p: Pick<ShownPayment, "method" | "fromDeposit">) => (p.fromDeposit ? `${p.method} (deposit)` : p.method);

/**
 * A payment as the customer sees it: "December 1, 2026 · Cash". Never its
 * note: that is the owner's ("Zelle conf #A1B2"), shown only in the dashboard.
 */
export function paymentLine(p: ShownPayment): string {
  return `${longDate(p.paidOn)} · ${paymentMethodShown(p)}`;
}

export async function renderInvoicePdf(invoice: Invoice, business: Business, paymentInstructions: string, link?: string): Promise<Buffer> {
  const live = invoice.payments.filter((p) => !p.deletedAt);
  const basics = pricedBasics("Invoice", invoice);
  const dates = [basics.date];
  if (invoice.dueDate && invoice.status !== "void") dates.push(`Due: ${longDate(invoice.dueDate)}`);
  const sections = [
    ...(invoice.message ? [{ heading: "MESSAGE", text: invoice.message }] : []),
    ...(live.length ? [{ heading: "PAYMENTS RECEIVED", text: live.map((p) => `${paymentLine(p)} · ${formatCents(p.amountCents)}`).join("\n") }] : []),
    ...(paymentInstructions && invoice.dueCents > 0 ? [{ heading: "HOW TO PAY", text: paymentInstructions }] : []),
  ];
  const view = link ? `See this invoice online: ${link}` : "Questions about this invoice? Reply to our e-mail";
  return renderPricedPdf(
    {
      title: basics.title,
      subject: basics.subject,
      stamp: invoice.status === "void" ? "VOID" : invoice.status === "paid" ? "PAID" : undefined,
      dates,
      partyLabel: "BILL TO",
      customer: invoice.customer,
      lines: invoice.lines,
      totals: [
        ...basics.totals,
        ...(invoice.paidCents > 0 ? [{ label: "Paid", value: formatCents(invoice.paidCents) }] : []),
        ...(invoice.status === "void" ? [] : [{ label: "Amount Due", value: formatCents(invoice.dueCents), bold: true }]),
      ],
      sections,
      footer: `${view}, or call us at ${business.phone}.`,
    },
    business,
  );
}

/** The PDF as the customer gets it (the payments so far too), its link made from `origin`. */
export async function invoicePdfFile(db: DB, invoice: Invoice, origin: string | undefined): Promise<PdfFile> {
  const { paymentInstructions } = await invoiceSettings(db);
  return { pdf: await renderInvoicePdf(invoice, await getSettings(db), paymentInstructions, documentLink("invoices", origin, invoice.token)), fileName: invoiceFileName(invoice) };
}
