import { z } from "zod";
import { formConstraint } from "./form-schema";
import { centsToDollarInput, formatCents, parseDollars, percentOfCents, totals } from "./money";

/**
 * A priced document's lines (an estimate's, an invoice's, docs/decisions/0116)
 * as the editor holds them and as its form posts them: one zod schema that
 * the browser's live totals and the server's save both read, and the editor's
 * line helpers. Browser-safe. Money in whole cents through ./money.ts; each
 * refusal names its field as the editor labels it (docs/decisions/0080).
 */

export const MAX_LINES = 50;
export const MAX_QUANTITY = 999;
export const MAX_UNIT_PRICE_CENTS = 10_000_000;
export const DESCRIPTION_MAX = 500;
export const MESSAGE_MAX = 2000;

/** What the form posted for its lines, as text: one entry per line for each repeated field. */
export interface LineForm {
  description: string[];
  quantity: string[];
  unitPrice: string[];
  serviceId: string[];
}

/** Messages by field: `lines`, `lines.{i}.{description|quantity|unitPrice}`, and the kind's own (`message`, …). */
export type DocumentFieldErrors = Record<string, string>;

export type Parsed<T> = { ok: true; input: T } | { ok: false; errors: DocumentFieldErrors };

/** A posted text, without NUL (PostgreSQL text cannot hold it) and trimmed; a missing one is "". */
export const postedText = z
  .string()
  .optional()
  .transform((value) => (value ?? "").replaceAll("\0", "").trim());

// "{on}" is "on line 3": filled in by fieldErrors from the issue's path.
const QUANTITY_MESSAGE = `Quantity {on} must be a whole number from 1 to ${MAX_QUANTITY}.`;
const UNIT_PRICE_MESSAGE = `Unit Price {on} must be an amount from $0.00 to ${formatCents(MAX_UNIT_PRICE_CENTS)}.`;

const lineSchema = z.object({
  description: postedText.pipe(
    z.string().min(1, "Description {on} is required.").max(DESCRIPTION_MAX, `Description {on} can be at most ${DESCRIPTION_MAX} characters.`),
  ),
  quantity: postedText.pipe(
    z
      .string()
      .regex(/^\d{1,4}$/, { error: QUANTITY_MESSAGE, abort: true })
      .transform(Number)
      .pipe(z.number().min(1, QUANTITY_MESSAGE).max(MAX_QUANTITY, QUANTITY_MESSAGE)),
  ),
  unitPrice: postedText.pipe(
    z
      .string()
      .min(1, { error: UNIT_PRICE_MESSAGE, abort: true })
      .transform((text, ctx) => {
        const cents = parseDollars(text);
        if (cents !== null && cents <= MAX_UNIT_PRICE_CENTS) return cents;
        ctx.addIssue({ code: "custom", message: UNIT_PRICE_MESSAGE });
        return z.NEVER;
      }),
  ),
  serviceId: postedText.transform((text) => (/^\d{1,9}$/.test(text) ? Number(text) : null)),
});

/** A line's inputs' browser attributes (required, maxLength, a quantity's bounds), from the schema the action checks. */
export const LINE_CONSTRAINT = formConstraint(lineSchema);

/**
 * The posted lines (parallel repeated fields) as lines with money in cents.
 * `document` names what has them ("An estimate can have at most 50 lines.");
 * past MAX_LINES only the first MAX_LINES are checked.
 */
export function linesSchema(document: string) {
  const texts = z.array(z.string()).default([]);
  return z
    .object({ description: texts, quantity: texts, unitPrice: texts, serviceId: texts })
    .transform((form) => ({
      count: form.description.length,
      lines: form.description.slice(0, MAX_LINES).map((description, i) => ({
        description,
        quantity: form.quantity[i],
        unitPrice: form.unitPrice[i],
        serviceId: form.serviceId[i],
      })) as z.input<typeof lineSchema>[],
    }))
    .pipe(
      z
        .object({ count: z.number().max(MAX_LINES, `${document} can have at most ${MAX_LINES} lines.`), lines: z.array(lineSchema) })
        .transform(({ lines }) => lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPriceCents: l.unitPrice, serviceId: l.serviceId }))),
    );
}

/** A message to the customer as typed, its line breaks made \n. */
export const messageSchema = postedText
  .transform((text) => text.replace(/\r\n?/g, "\n"))
  .pipe(z.string().max(MESSAGE_MAX, `Message to Customer can be at most ${MESSAGE_MAX} characters.`));

/** The issues as the editor shows them: one message a field, `count` reported as `lines`, "{on}" as "on line N". */
export function fieldErrors(error: z.ZodError): DocumentFieldErrors {
  const errors: DocumentFieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path[0] === "count" ? ["lines"] : issue.path;
    const key = path.join(".");
    errors[key] ??= issue.message.replace("{on}", `on line ${Number(path[1]) + 1}`);
  }
  return errors;
}

export interface DocumentLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  serviceId: number | null;
  /** The plan's discount (below): made by the server, the one line that is negative; absent on every other line. */
  planDiscount?: true;
}

/**
 * A kind's whole form checked: the lines (`document` names the kind, "An
 * invoice") and the kind's own fields (`message` and any others, one zod
 * object); the input, or every message by field.
 */
export function parseDocumentForm<F extends z.ZodType<object>>(document: string, fields: F, form: LineForm): Parsed<{ lines: DocumentLine[] } & z.output<F>> {
  const lines = linesSchema(document).safeParse(form);
  const rest = fields.safeParse(form);
  if (lines.success && rest.success) return { ok: true, input: { lines: lines.data, ...rest.data } };
  return { ok: false, errors: { ...(lines.error ? fieldErrors(lines.error) : {}), ...(rest.error ? fieldErrors(rest.error) : {}) } };
}

/** A line as the editor's inputs hold it. */
export interface EditorLine {
  description: string;
  quantity: string;
  unitPrice: string;
  serviceId: string;
}

/** A service the editor can start a line from. */
export interface ServiceChoice {
  id: number;
  title: string;
  priceCents: number;
  durationMinutes: number;
  price: string;
}

export const EMPTY_LINE: EditorLine = { description: "", quantity: "1", unitPrice: "", serviceId: "" };

/** Stored lines as the editor's inputs show them; the plan discount is not an input (the server makes it), shown under them. */
export function editorLines(lines: readonly DocumentLine[]): EditorLine[] {
  return lines.filter((l) => !l.planDiscount).map((l) => ({
    description: l.description,
    quantity: String(l.quantity),
    unitPrice: centsToDollarInput(l.unitPriceCents),
    serviceId: l.serviceId === null ? "" : String(l.serviceId),
  }));
}

/** The editor's lines as their form posts them. */
export function lineForm(lines: readonly EditorLine[]): LineForm {
  return {
    description: lines.map((l) => l.description),
    quantity: lines.map((l) => l.quantity),
    unitPrice: lines.map((l) => l.unitPrice),
    serviceId: lines.map((l) => l.serviceId),
  };
}

/** A new line: the chosen service with its price, or an empty line. */
export function serviceLine(services: readonly ServiceChoice[], serviceId: string): EditorLine {
  const service = services.find((s) => String(s.id) === serviceId);
  return service ? { description: service.title, quantity: "1", unitPrice: centsToDollarInput(service.priceCents), serviceId: String(service.id) } : EMPTY_LINE;
}

/**
 * The plan discount an editor shows under its lines (docs/decisions/0155): a
 * draft estimate's is the customer's plan's percentage of the lines started
 * from a service, as the server will make it at Save; an invoice's (and a
 * decided estimate's) is the line it has, kept as it is.
 */
export type EditorDiscount = { percent: PlanDiscount } | { line: DocumentLine };

/** Subtotal, tax and total of the lines as typed, after the plan discount if any; a line not yet a valid amount counts as nothing. */
export function previewTotals(lines: readonly EditorLine[], milliPercent: number, discount: EditorDiscount | null = null) {
  const priced = lines.map((l) => ({
    quantity: /^\d{1,3}$/.test(l.quantity.trim()) ? Number(l.quantity) : 0,
    unitPriceCents: parseDollars(l.unitPrice) ?? 0,
    fromService: l.serviceId !== "",
  }));
  const discountLine = !discount
    ? null
    : "line" in discount
      ? discount.line
      : planDiscountLine(discount.percent, priced.reduce((sum, l) => sum + (l.fromService ? l.quantity * l.unitPriceCents : 0), 0));
  const sums = totals(discountLine ? [...priced, discountLine] : priced, milliPercent);
  return {
    discount: discountLine && { description: discountLine.description, amount: formatCents(discountLine.unitPriceCents) },
    subtotal: formatCents(sums.subtotalCents),
    tax: formatCents(sums.taxCents),
    total: formatCents(sums.totalCents),
  };
}

/**
 * A maintenance plan's discount on one-off work (docs/decisions/0155): its
 * own priced line, "Plan discount (Biweekly Wash, 10 %)", a negative amount
 * of the work the price book priced, rounded half up to a cent like the tax
 * (app/lib/money.ts). The server decides it; the editor's live totals read
 * the same arithmetic. Browser-safe, as the rest of this module.
 */

export interface PlanDiscount {
  planName: string;
  /** A whole percentage, 1 to 100. */
  percent: number;
}

export const planDiscountLabel = (discount: PlanDiscount) => `Plan discount (${discount.planName}, ${discount.percent} %)`;

/** The discount's line on `baseCents` of work, or null when it comes to nothing. */
export function planDiscountLine(discount: PlanDiscount, baseCents: number): DocumentLine | null {
  const cents = percentOfCents(baseCents, discount.percent);
  if (cents <= 0) return null;
  return { description: planDiscountLabel(discount), quantity: 1, unitPriceCents: -cents, serviceId: null, planDiscount: true };
}

/**
 * The lines with the discount as their last line, on the lines `discountable`
 * says the price book priced; any discount line they had is replaced (the
 * server recomputes it at each save). Without a discount, the work alone.
 */
export function withPlanDiscount(lines: readonly DocumentLine[], discount: PlanDiscount | null, discountable: (line: DocumentLine, index: number) => boolean): DocumentLine[] {
  const work = lines.filter((l) => !l.planDiscount);
  if (!discount) return work;
  const base = work.reduce((sum, line, i) => sum + (discountable(line, i) ? line.quantity * line.unitPriceCents : 0), 0);
  const line = planDiscountLine(discount, base);
  return line ? [...work, line] : work;
}

/** The owner's estimate: lines started from a service (the price list the editor offers) are the price book's; a line typed by hand is the owner's own price. */
export const fromPriceList = (line: DocumentLine) => line.serviceId !== null;
