import { PDFParse } from "pdf-parse";
import type { DB } from "~/server/db.server";

/**
 * Customers who write in other alphabets (issue 33): the built-in Helvetica
 * of the first PDFs turned `Nguyễn Văn Đức` into `NguyÅn V6âéc`. Each has a
 * name, a vehicle (the quote form's free text), a line of work in their
 * language, one mixed with English (each run in its own font, on one line),
 * and a message. The Arabic message has two lam-alef ligatures (`أهلا وسهلا`),
 * the name the ligature of the word Allah: one glyph for several letters.
 */
export const ALPHABETS = [
  { language: "Vietnamese", name: "Nguyễn Văn Đức", vehicle: "Xe bán tải Ford", line: "Đánh bóng đèn pha", message: "Cảm ơn quý khách đã tin tưởng!" },
  { language: "Polish", name: "Zoë Łukasiewicz", vehicle: "Škoda Octavia, żółta", line: "Czyszczenie wnętrza – skóra", message: "Dziękujemy za zaufanie!" },
  { language: "Chinese", name: "王小明", vehicle: "丰田凯美瑞", line: "内饰深度清洁", message: "感谢您的信任！" },
  { language: "Arabic", name: "محمد عبد الله", vehicle: "تويوتا كامري", line: "تنظيف داخلي كامل", message: "أهلا وسهلا" },
] as const;

export type Alphabet = (typeof ALPHABETS)[number];

/** Gives a lead the customer's name and vehicle, as the quote form would have saved them. */
export async function nameLead(db: DB, leadId: number, customer: Alphabet): Promise<void> {
  await db.updateTable("quote_requests").set({ name: customer.name, vehicle_type: customer.vehicle }).where("id", "=", leadId).execute();
}

/** The lines of work for `customer`'s estimate or invoice: [description, quantity, unit price]. */
export function alphabetLines(customer: Alphabet): [string, string, string][] {
  return [
    [customer.line, "1", "199"],
    [`Ceramic coating, ${customer.name}`, "1", "899"],
  ];
}

/** The PDF's text as pdf-parse (pdf.js) reads it: right-to-left text comes back in logical order. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  return (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;
}

/** Every string the customer wrote, as it should read back from the PDF. */
export function writtenBy(customer: Alphabet): string[] {
  return [customer.name, customer.vehicle, customer.line, `Ceramic coating, ${customer.name}`, customer.message];
}
