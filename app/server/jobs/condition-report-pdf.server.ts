import { heightOfText, writeText } from "../pdf/fonts.server";
import { PDF_STYLE, startPdf, writeLetterhead, type Business } from "../pdf/priced-document-pdf.server";

/**
 * A condition report as the PDF the customer is e-mailed and the business
 * keeps (docs/decisions/0136): the letterhead, the customer, the vehicle and
 * where and when, each area's note, the photos (two a row, each within
 * 246 × 200 points), and the signature: the drawn one above the signer's
 * name, or "Signed by typed name: …". Text in any alphabet
 * (../pdf/fonts.server.ts). The bytes made here are the ones stored and
 * hashed: the PDF is never made again.
 */

export interface ConditionReportDocument {
  /** "Monday, December 7, 2026 at 9:05 AM": when it was signed. */
  signedAt: string;
  customer: { name: string; email: string; phone: string };
  /** What the report is of: the vehicle's label, the request's vehicle type, or "" when nothing says. */
  vehicle: string;
  address: string;
  /** The appointment's time in words. */
  appointment: string;
  areas: { area: string; note: string }[];
  /** JPEG bytes of each photo (a copy made at upload: no metadata), its upright size and its file name. */
  photos: { name: string; jpeg: Buffer; width: number; height: number }[];
  /** The drawn signature as an image (JPEG or PNG bytes), null when the name was typed only. */
  signature: Buffer | null;
  signedName: string;
}

const { MARGIN, INK, MUTED, RULE } = PDF_STYLE;
const PHOTO_GAP = 12;
const PHOTO_MAX_HEIGHT = 200;
const SIGNATURE_BOX = { width: 220, height: 80 };

export async function renderConditionReportPdf(report: ConditionReportDocument, business: Business): Promise<Buffer> {
  const { doc, done } = startPdf({ Title: "Condition Report", Author: business.businessName, Subject: `Condition report for ${report.customer.name}` });
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  /** A new page unless `height` more points fit on this one. */
  const room = (height: number) => {
    if (doc.y + height > bottom()) {
      doc.addPage();
      doc.x = MARGIN;
    }
  };
  const heading = (text: string) => {
    room(40);
    writeText(doc.fillColor(MUTED), text, { size: 9, bold: true, x: MARGIN, y: doc.y, width });
    doc.moveTo(MARGIN, doc.y + 2).lineTo(MARGIN + width, doc.y + 2).strokeColor(RULE).stroke();
    doc.y += 8;
  };

  writeLetterhead(doc, business, { title: "Condition Report", dates: [`Signed: ${report.signedAt}`] });

  // The customer, and what and where.
  writeText(doc.fillColor(MUTED), "CUSTOMER", { size: 9, bold: true, x: MARGIN });
  writeText(doc.fillColor(INK), report.customer.name, { size: 11, bold: true });
  writeText(doc, report.customer.email, { size: 10 });
  if (report.customer.phone) writeText(doc, report.customer.phone, { size: 10 });
  doc.moveDown(0.6);
  writeText(doc, `Vehicle: ${report.vehicle || "not recorded"}`, { size: 10, width });
  if (report.address) writeText(doc, `Address: ${report.address}`, { size: 10, width });
  writeText(doc, `Appointment: ${report.appointment}`, { size: 10, width });
  doc.moveDown(1);

  heading("CONDITION BY AREA");
  for (const { area, note } of report.areas) {
    const text = note || "No note.";
    room(16 + heightOfText(doc, text, { size: 10, width }));
    writeText(doc.fillColor(INK), area, { size: 10, bold: true, x: MARGIN, y: doc.y, width });
    writeText(doc.fillColor(note ? INK : MUTED), text, { size: 10, width });
    doc.moveDown(0.5);
  }
  doc.moveDown(0.5);

  heading(`PHOTOS (${report.photos.length})`);
  if (!report.photos.length) writeText(doc.fillColor(MUTED), "No photos were taken.", { size: 10, x: MARGIN, y: doc.y, width });
  const cell = (width - PHOTO_GAP) / 2;
  for (let i = 0; i < report.photos.length; i += 2) {
    const pair = report.photos.slice(i, i + 2);
    const heights = pair.map((photo) => Math.min(PHOTO_MAX_HEIGHT, (cell * photo.height) / photo.width));
    const rowHeight = Math.max(...heights) + 16;
    room(rowHeight);
    const top = doc.y;
    pair.forEach((photo, j) => {
      const x = MARGIN + j * (cell + PHOTO_GAP);
      doc.image(photo.jpeg, x, top, { fit: [cell, PHOTO_MAX_HEIGHT] });
      // One line: a phone's long file name is cut short.
      const name = photo.name.length > 60 ? `${photo.name.slice(0, 57)}…` : photo.name;
      writeText(doc.fillColor(MUTED), `${i + j + 1}. ${name}`, { size: 8, x, y: top + heights[j]! + 3, width: cell });
    });
    doc.x = MARGIN;
    doc.y = top + rowHeight;
  }
  doc.moveDown(1);

  heading("CUSTOMER SIGNATURE");
  room(SIGNATURE_BOX.height + 60);
  if (report.signature) {
    const top = doc.y;
    doc.image(report.signature, MARGIN, top, { fit: [SIGNATURE_BOX.width, SIGNATURE_BOX.height] });
    doc.moveTo(MARGIN, top + SIGNATURE_BOX.height + 2).lineTo(MARGIN + SIGNATURE_BOX.width, top + SIGNATURE_BOX.height + 2).strokeColor(RULE).stroke();
    doc.y = top + SIGNATURE_BOX.height + 6;
    writeText(doc.fillColor(INK), `Signed by ${report.signedName}`, { size: 10, x: MARGIN, y: doc.y, width });
  } else {
    writeText(doc.fillColor(INK), `Signed by typed name: ${report.signedName}`, { size: 10, x: MARGIN, y: doc.y, width });
  }
  writeText(doc.fillColor(MUTED), `on ${report.signedAt}. The customer agreed that this report is accurate.`, { size: 10, width });
  doc.moveDown(1.5);
  writeText(doc.fillColor(MUTED), `${business.businessName} keeps this report as sent, with its SHA-256 checksum: a later change to it is evident.`, {
    size: 8,
    x: MARGIN,
    y: doc.y,
    width,
  });

  doc.end();
  return done;
}
