import { formatCents } from "~/lib/money";
import type { EditorLine, ServiceChoice } from "~/lib/priced-lines";
import type { DB } from "../db.server";
import { formText, postedIntent } from "../form-action.server";
import type { DocumentLine } from "./documents.server";

/**
 * A priced document as its pages show it (docs/decisions/0116): its lines and
 * totals in words for a table, the lines a form posted back for the editor,
 * and the services a line can start from.
 */

/** The lines and totals formatted on the server: what the customer's page, the PDF's reader and a sent invoice show. */
export function linesView(document: { lines: readonly DocumentLine[]; subtotalCents: number; taxCents: number; totalCents: number }) {
  return {
    lines: document.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitPrice: formatCents(l.unitPriceCents),
      amount: formatCents(l.quantity * l.unitPriceCents),
    })),
    subtotal: formatCents(document.subtotalCents),
    tax: formatCents(document.taxCents),
    total: formatCents(document.totalCents),
  };
}

/** The handler name of the editor's Remove buttons, which post `remove-{i}` (without JavaScript): "intent must be …" names it so. */
export const REMOVE_LINE = "remove-{line}";

/**
 * The editor's posted intent among `handlers` (postedIntent), with a
 * `remove-{i}` named REMOVE_LINE and its line's index in `line`.
 */
export function postedEditorIntent<Intent extends string>(form: FormData, handlers: Record<Intent, unknown>): { intent: Intent | ""; line: number } {
  const remove = /^remove-(\d{1,9})$/.exec(formText(form, "intent"));
  if (remove && Object.hasOwn(handlers, REMOVE_LINE)) return { intent: REMOVE_LINE as Intent, line: Number(remove[1]) };
  return { intent: postedIntent(form, handlers), line: -1 };
}

/** The editor's lines as posted: its repeated line fields, in order. */
export function postedLines(form: FormData): EditorLine[] {
  const all = (name: string) => form.getAll(name).map((v) => (typeof v === "string" ? v : ""));
  const [quantity, unitPrice, serviceId] = [all("quantity"), all("unitPrice"), all("serviceId")];
  return all("description").map((d, i) => ({ description: d, quantity: quantity[i] ?? "", unitPrice: unitPrice[i] ?? "", serviceId: serviceId[i] ?? "" }));
}

/** The services for `Add a service`, in the home page's order, with their prices in words. */
export async function serviceChoices(db: DB): Promise<ServiceChoice[]> {
  const rows = await db
    .selectFrom("services")
    .select(["id", "title", "price_cents", "duration_minutes"])
    .orderBy("kind")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, priceCents: r.price_cents, durationMinutes: r.duration_minutes, price: formatCents(r.price_cents) }));
}
