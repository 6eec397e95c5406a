import PDFDocument from "pdfkit";
import { todayIn } from "~/lib/estimate-input";
import { formatCents, formatTaxRate } from "~/lib/money";
import type { SiteSettings } from "~/lib/site-settings";
import { env } from "../env.server";
import type { Estimate } from "./estimates.server";

/**
 * The estimate as a PDF (docs/decisions/0082): pdfkit with its built-in
 * Helvetica (no font files to load or embed), US Letter, one page for a
 * typical estimate; longer ones flow onto more pages. The business's name,
 * address line (the service area), phone and e-mail at the top, the
 * customer's details, the lines and the totals.
 */

type Business = Pick<SiteSettings, "businessName" | "phone" | "publicEmail" | "serviceArea">;

const MARGIN = 54;
const INK = "#0f172a";
const MUTED = "#475569";
const RULE = "#cbd5e1";

/** "2026-12-27" → "December 27, 2026". */
export function longDate(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" }).format(Date.UTC(y!, m! - 1, d!));
}

export function estimateFileName(estimate: Pick<Estimate, "number">): string {
  return `estimate-${estimate.number}.pdf`;
}

export async function renderEstimatePdf(estimate: Estimate, business: Business, link?: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    info: { Title: `Estimate #${estimate.number}`, Author: business.businessName, Subject: `Estimate for ${estimate.customer.name}` },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const right = MARGIN + width;

  // The business (left) and the estimate's number and dates (right).
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(18).text(business.businessName, MARGIN, MARGIN, { width: width * 0.6 });
  doc.font("Helvetica").fontSize(10).fillColor(MUTED);
  doc.text(business.serviceArea, { width: width * 0.6 });
  doc.text(`${business.phone}  ·  ${business.publicEmail}`, { width: width * 0.6 });
  const leftBottom = doc.y;
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(16).text(`Estimate #${estimate.number}`, MARGIN, MARGIN, { width, align: "right" });
  doc.font("Helvetica").fontSize(10).fillColor(MUTED);
  doc.text(`Date: ${longDate(isoDay(estimate.sentAt ?? estimate.createdAt))}`, { width, align: "right" });
  doc.text(`Valid until: ${longDate(estimate.validUntil)}`, { width, align: "right" });
  doc.y = Math.max(leftBottom, doc.y) + 18;

  // The customer.
  doc.fillColor(MUTED).fontSize(9).font("Helvetica-Bold").text("PREPARED FOR", MARGIN);
  doc.fillColor(INK).fontSize(11).font("Helvetica-Bold").text(estimate.customer.name);
  doc.font("Helvetica").fontSize(10);
  doc.text(estimate.customer.email);
  doc.text(estimate.customer.phone);
  if (estimate.customer.vehicleType) doc.text(`Vehicle: ${estimate.customer.vehicleType}`);
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
  for (const line of estimate.lines) {
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
  if (doc.y + 70 > doc.page.height - MARGIN) doc.addPage();
  const total = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(bold ? 12 : 10).fillColor(INK);
    doc.text(label, cols.unit - 60, y, { width: 140, align: "right" });
    doc.text(value, cols.amount, y, { width: 90, align: "right" });
    doc.y += 4;
  };
  total("Subtotal", formatCents(estimate.subtotalCents));
  total(`Tax (${formatTaxRate(estimate.taxRateMilliPercent)}%)`, formatCents(estimate.taxCents));
  total("Total", formatCents(estimate.totalCents), true);
  doc.moveDown(1);

  if (estimate.message) {
    doc.x = MARGIN;
    doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(9).text("MESSAGE", MARGIN, doc.y, { width });
    doc.fillColor(INK).font("Helvetica").fontSize(10).text(estimate.message, { width });
    doc.moveDown(1);
  }
  doc.fillColor(MUTED).font("Helvetica").fontSize(9);
  const accept = link ? `Accept or decline this estimate online: ${link}` : "To accept this estimate, reply to our e-mail";
  doc.text(`${accept}, or call us at ${business.phone}.`, MARGIN, doc.y, { width });

  doc.end();
  return done;
}

/** The day of `at` in the business's time zone. */
function isoDay(at: Date): string {
  return todayIn(env().BUSINESS_TIME_ZONE, at);
}
