import PDFDocument from "pdfkit";
import { dayIn, longDate } from "~/lib/time-zone";
import { formatCents, formatTaxRate } from "~/lib/money";
import type { SiteSettings } from "~/lib/site-settings";
import { env } from "../env.server";
import { heightOfText, writeText } from "./fonts.server";

/**
 * A priced document (an estimate, an invoice) as a PDF (docs/decisions/0082):
 * pdfkit with embedded Noto fonts for names in any alphabet (./fonts.server.ts,
 * docs/decisions/0106), US Letter, one page for a typical document; longer
 * ones flow onto more pages.
 * The business's name, address line (the service area), phone and e-mail at
 * the top, the title and dates on the right, the customer, the lines, the
 * totals, then the document's own sections and a closing line.
 */

export type Business = Pick<SiteSettings, "businessName" | "phone" | "publicEmail" | "serviceArea">;

export interface PricedDocument {
  /** "Estimate #1001". */
  title: string;
  subject: string;
  /** Under the title, right-aligned: "Date: …", "Valid until: …". */
  dates: string[];
  /** A word stamped beside the title ("VOID"), in red. */
  stamp?: string;
  /** Above the customer: "PREPARED FOR", "BILL TO". */
  partyLabel: string;
  customer: { name: string; email: string; phone: string; vehicleType: string };
  lines: readonly { description: string; quantity: number; unitPriceCents: number }[];
  /** Right-aligned under the lines; the bold ones larger. */
  totals: { label: string; value: string; bold?: boolean }[];
  /** Headed blocks of text after the totals (a message, the payments, how to pay). */
  sections: { heading: string; text: string }[];
  /** The closing line, small. */
  footer: string;
}

const MARGIN = 54;
const INK = "#0f172a";
const MUTED = "#475569";
const RULE = "#cbd5e1";
const STAMP = "#b91c1c";

// Where the pages and e-mails read it too: a calendar day in words is the time-zone module's.

/** The stored figures every priced document has, for its title, date and first totals. */
export interface PricedFigures {
  number: number;
  sentAt: Date | null;
  createdAt: Date;
  taxRateMilliPercent: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  customer: { name: string };
}

/**
 * What every kind's PDF starts with: "Estimate #12", "Estimate for …", the
 * date it was sent (or made), and Subtotal, Tax and Total; the kind adds its
 * own dates, totals and sections.
 */
export function pricedBasics(kind: "Estimate" | "Invoice", doc: PricedFigures) {
  return {
    title: `${kind} #${doc.number}`,
    subject: `${kind} for ${doc.customer.name}`,
    date: `Date: ${longDate(isoDay(doc.sentAt ?? doc.createdAt))}`,
    totals: [
      { label: "Subtotal", value: formatCents(doc.subtotalCents) },
      { label: `Tax (${formatTaxRate(doc.taxRateMilliPercent)}%)`, value: formatCents(doc.taxCents) },
      { label: "Total", value: formatCents(doc.totalCents), bold: true },
    ],
  };
}

/** A document's PDF as a file: its bytes and the name it is saved as ("estimate-12.pdf"). */
export interface PdfFile {
  pdf: Buffer;
  fileName: string;
}

/**
 * The answer carrying a PDF: `attachment` for the customer's Download PDF
 * (never indexed), `inline` for the owner's View PDF (never cached).
 */
export function pdfResponse({ pdf, fileName }: PdfFile, how: "attachment" | "inline"): Response {
  const kept: Record<string, string> = how === "attachment" ? { "X-Robots-Tag": "noindex" } : { "Cache-Control": "private, no-store" };
  return new Response(new Uint8Array(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `${how}; filename="${fileName}"`, ...kept },
  });
}

/** The day of `at` in the business's time zone. */
export function isoDay(at: Date): string {
  return dayIn(at, env().BUSINESS_TIME_ZONE);
}

/** A US Letter document with the house margins, and its bytes once it is ended. */
export function startPdf(info: { Title: string; Author: string; Subject: string }): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: "LETTER", margin: MARGIN, info });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

/**
 * The top of every document: the business (left: its name, service area,
 * phone and e-mail) and the document's title, stamp and dates (right); leaves
 * the cursor below both, at the left margin.
 */
export function writeLetterhead(doc: PDFKit.PDFDocument, business: Business, heading: { title: string; stamp?: string; dates: string[] }): void {
  const width = doc.page.width - 2 * MARGIN;
  doc.fillColor(INK);
  writeText(doc, business.businessName, { size: 18, bold: true, x: MARGIN, y: MARGIN, width: width * 0.6 });
  doc.fillColor(MUTED);
  writeText(doc, business.serviceArea, { size: 10, width: width * 0.6 });
  writeText(doc, `${business.phone}  ·  ${business.publicEmail}`, { size: 10, width: width * 0.6 });
  const leftBottom = doc.y;
  doc.fillColor(INK);
  writeText(doc, heading.title, { size: 16, bold: true, x: MARGIN, y: MARGIN, width, align: "right" });
  if (heading.stamp) writeText(doc.fillColor(STAMP), heading.stamp, { size: 14, bold: true, width, align: "right" });
  doc.fillColor(MUTED);
  for (const line of heading.dates) writeText(doc, line, { size: 10, width, align: "right" });
  doc.y = Math.max(leftBottom, doc.y) + 18;
  doc.x = MARGIN;
}

/** The house margin and colours, for the documents drawn beside this one (a condition report). */
export const PDF_STYLE = { MARGIN, INK, MUTED, RULE } as const;

export async function renderPricedPdf(document: PricedDocument, business: Business): Promise<Buffer> {
  const { doc, done } = startPdf({ Title: document.title, Author: business.businessName, Subject: document.subject });

  const width = doc.page.width - 2 * MARGIN;
  const right = MARGIN + width;

  // The business (left) and the document's title and dates (right).
  writeLetterhead(doc, business, document);

  // The customer.
  writeText(doc.fillColor(MUTED), document.partyLabel, { size: 9, bold: true, x: MARGIN });
  writeText(doc.fillColor(INK), document.customer.name, { size: 11, bold: true });
  writeText(doc, document.customer.email, { size: 10 });
  writeText(doc, document.customer.phone, { size: 10 });
  if (document.customer.vehicleType) writeText(doc, `Vehicle: ${document.customer.vehicleType}`, { size: 10 });
  doc.moveDown(1.2);

  // The lines.
  const cols = { qty: right - 230, unit: right - 180, amount: right - 90 };
  const descWidth = cols.qty - MARGIN - 10;
  const header = () => {
    const y = doc.y;
    doc.fillColor(MUTED);
    writeText(doc, "DESCRIPTION", { size: 9, bold: true, x: MARGIN, y, width: descWidth });
    writeText(doc, "QTY", { size: 9, bold: true, x: cols.qty, y, width: 40, align: "right" });
    writeText(doc, "UNIT PRICE", { size: 9, bold: true, x: cols.unit, y, width: 80, align: "right" });
    writeText(doc, "AMOUNT", { size: 9, bold: true, x: cols.amount, y, width: 90, align: "right" });
    doc.moveTo(MARGIN, doc.y + 4).lineTo(right, doc.y + 4).strokeColor(RULE).stroke();
    doc.y += 10;
  };
  header();
  for (const line of document.lines) {
    const height = heightOfText(doc, line.description, { size: 10, width: descWidth });
    if (doc.y + height > doc.page.height - MARGIN - 20) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.fillColor(INK);
    writeText(doc, line.description, { size: 10, x: MARGIN, y, width: descWidth });
    const bottom = doc.y;
    writeText(doc, String(line.quantity), { size: 10, x: cols.qty, y, width: 40, align: "right" });
    writeText(doc, formatCents(line.unitPriceCents), { size: 10, x: cols.unit, y, width: 80, align: "right" });
    writeText(doc, formatCents(line.quantity * line.unitPriceCents), { size: 10, x: cols.amount, y, width: 90, align: "right" });
    doc.y = Math.max(bottom, doc.y) + 6;
  }
  doc.moveTo(MARGIN, doc.y).lineTo(right, doc.y).strokeColor(RULE).stroke();
  doc.y += 8;

  // The totals.
  if (doc.y + 20 + 18 * document.totals.length > doc.page.height - MARGIN) doc.addPage();
  doc.fillColor(INK);
  for (const { label, value, bold } of document.totals) {
    const y = doc.y;
    const size = bold ? 12 : 10;
    writeText(doc, label, { size, bold, x: cols.unit - 60, y, width: 140, align: "right" });
    writeText(doc, value, { size, bold, x: cols.amount, y, width: 90, align: "right" });
    doc.y += 4;
  }
  doc.moveDown(1);

  for (const section of document.sections) {
    writeText(doc.fillColor(MUTED), section.heading, { size: 9, bold: true, x: MARGIN, y: doc.y, width });
    writeText(doc.fillColor(INK), section.text, { size: 10, width });
    doc.moveDown(1);
  }
  writeText(doc.fillColor(MUTED), document.footer, { size: 9, x: MARGIN, y: doc.y, width });

  doc.end();
  return done;
}
