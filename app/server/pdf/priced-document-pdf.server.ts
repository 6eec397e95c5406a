import PDFDocument from "pdfkit";
import { dateFormat } from "~/lib/date-format";
import { dayIn } from "~/lib/time-zone";
import { formatCents } from "~/lib/money";
import type { SiteSettings } from "~/lib/site-settings";
import { env } from "../env.server";

/**
 * A priced document (an estimate, an invoice) as a PDF (docs/decisions/0082):
 * pdfkit with its built-in Helvetica (no font files to load or embed), US
 * Letter, one page for a typical document; longer ones flow onto more pages.
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

const LONG_DATE: Intl.DateTimeFormatOptions = { month: "long", day: "numeric", year: "numeric" };

/** "2026-12-27" → "December 27, 2026". */
export function longDate(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return dateFormat("UTC", LONG_DATE).format(Date.UTC(y!, m! - 1, d!));
}

/** The day of `at` in the business's time zone. */
export function isoDay(at: Date): string {
  return dayIn(at, env().BUSINESS_TIME_ZONE);
}

export async function renderPricedPdf(document: PricedDocument, business: Business): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    info: { Title: document.title, Author: business.businessName, Subject: document.subject },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const right = MARGIN + width;

  // The business (left) and the document's title and dates (right).
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(18).text(business.businessName, MARGIN, MARGIN, { width: width * 0.6 });
  doc.font("Helvetica").fontSize(10).fillColor(MUTED);
  doc.text(business.serviceArea, { width: width * 0.6 });
  doc.text(`${business.phone}  ·  ${business.publicEmail}`, { width: width * 0.6 });
  const leftBottom = doc.y;
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(16).text(document.title, MARGIN, MARGIN, { width, align: "right" });
  if (document.stamp) doc.fillColor(STAMP).font("Helvetica-Bold").fontSize(14).text(document.stamp, { width, align: "right" });
  doc.font("Helvetica").fontSize(10).fillColor(MUTED);
  for (const line of document.dates) doc.text(line, { width, align: "right" });
  doc.y = Math.max(leftBottom, doc.y) + 18;

  // The customer.
  doc.fillColor(MUTED).fontSize(9).font("Helvetica-Bold").text(document.partyLabel, MARGIN);
  doc.fillColor(INK).fontSize(11).font("Helvetica-Bold").text(document.customer.name);
  doc.font("Helvetica").fontSize(10);
  doc.text(document.customer.email);
  doc.text(document.customer.phone);
  if (document.customer.vehicleType) doc.text(`Vehicle: ${document.customer.vehicleType}`);
  doc.moveDown(1.2);

  // The lines.
  const cols = { qty: right - 230, unit: right - 180, amount: right - 90 };
  const descWidth = cols.qty - MARGIN - 10;
  const header = () => {
    const y = doc.y;
    doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(9);
    doc.text("DESCRIPTION", MARGIN, y, { width: descWidth });
    doc.text("QTY", cols.qty, y, { width: 40, align: "right" });
    doc.text("UNIT PRICE", cols.unit, y, { width: 80, align: "right" });
    doc.text("AMOUNT", cols.amount, y, { width: 90, align: "right" });
    doc.moveTo(MARGIN, doc.y + 4).lineTo(right, doc.y + 4).strokeColor(RULE).stroke();
    doc.y += 10;
  };
  header();
  doc.font("Helvetica").fontSize(10).fillColor(INK);
  for (const line of document.lines) {
    const height = doc.heightOfString(line.description, { width: descWidth });
    if (doc.y + height > doc.page.height - MARGIN - 20) {
      doc.addPage();
      header();
      doc.font("Helvetica").fontSize(10).fillColor(INK);
    }
    const y = doc.y;
    doc.text(line.description, MARGIN, y, { width: descWidth });
    const bottom = doc.y;
    doc.text(String(line.quantity), cols.qty, y, { width: 40, align: "right" });
    doc.text(formatCents(line.unitPriceCents), cols.unit, y, { width: 80, align: "right" });
    doc.text(formatCents(line.quantity * line.unitPriceCents), cols.amount, y, { width: 90, align: "right" });
    doc.y = Math.max(bottom, doc.y) + 6;
  }
  doc.moveTo(MARGIN, doc.y).lineTo(right, doc.y).strokeColor(RULE).stroke();
  doc.y += 8;

  // The totals.
  if (doc.y + 20 + 18 * document.totals.length > doc.page.height - MARGIN) doc.addPage();
  for (const { label, value, bold } of document.totals) {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(bold ? 12 : 10).fillColor(INK);
    doc.text(label, cols.unit - 60, y, { width: 140, align: "right" });
    doc.text(value, cols.amount, y, { width: 90, align: "right" });
    doc.y += 4;
  }
  doc.moveDown(1);

  for (const section of document.sections) {
    doc.x = MARGIN;
    doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(9).text(section.heading, MARGIN, doc.y, { width });
    doc.fillColor(INK).font("Helvetica").fontSize(10).text(section.text, { width });
    doc.moveDown(1);
  }
  doc.fillColor(MUTED).font("Helvetica").fontSize(9);
  doc.text(document.footer, MARGIN, doc.y, { width });

  doc.end();
  return done;
}
