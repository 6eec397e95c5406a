import { formatCents, parseDollars } from "./money";
import { isCalendarDay } from "./time-zone";
import { NOT_THEIR_VEHICLE, parseVehicleChoice } from "./vehicles";

/**
 * The estimate editor's input, read and checked in one place (browser-safe:
 * the editor's live totals read the same lines). Money in whole cents; each
 * refusal names its field, as the editor labels it (docs/decisions/0080).
 */

export const MAX_LINES = 50;
export const MAX_QUANTITY = 999;
export const MAX_UNIT_PRICE_CENTS = 10_000_000;
export const DESCRIPTION_MAX = 500;
export const MESSAGE_MAX = 2000;
export const DURATION_MAX_MINUTES = 10_080;

export interface EstimateLineInput {
  description: string;
  quantity: number;
  unitPriceCents: number;
  serviceId: number | null;
}

export interface EstimateInput {
  lines: EstimateLineInput[];
  durationMinutes: number;
  /** YYYY-MM-DD. */
  validUntil: string;
  message: string;
  /** One of the customer's saved vehicles, null for none. */
  vehicleId: number | null;
}

/** What the form posted, as text: one entry per line for the repeated fields. */
export interface EstimateForm {
  description: string[];
  quantity: string[];
  unitPrice: string[];
  serviceId: string[];
  durationMinutes: string;
  validUntil: string;
  message: string;
  vehicleId: string;
}

/** Messages by field: `validUntil`, `durationMinutes`, `message`, `vehicleId`, `lines`, `lines.{i}.{description|quantity|unitPrice}`. */
export type EstimateFieldErrors = Record<string, string>;

export type ParsedEstimate = { ok: true; input: EstimateInput } | { ok: false; errors: EstimateFieldErrors };

const clean = (value: string | undefined) => (value ?? "").replaceAll("\0", "").trim();

/** What a priced document's form (an estimate's, an invoice's) posted for its lines. */
export type LineForm = Pick<EstimateForm, "description" | "quantity" | "unitPrice" | "serviceId">;

/**
 * The lines as posted, checked against the limits; refusals go into `errors`
 * under `lines` and `lines.{i}.{field}`. `document` names what has the lines
 * ("An estimate can have at most …").
 */
export function parseLineFields(form: LineForm, errors: EstimateFieldErrors, document = "An estimate"): EstimateLineInput[] {
  const count = form.description.length;
  if (count > MAX_LINES) errors.lines = `${document} can have at most ${MAX_LINES} lines.`;
  const lines: EstimateLineInput[] = [];
  for (let i = 0; i < Math.min(count, MAX_LINES); i++) {
    const on = `on line ${i + 1}`;
    const description = clean(form.description[i]);
    if (!description) errors[`lines.${i}.description`] = `Description ${on} is required.`;
    else if (description.length > DESCRIPTION_MAX) errors[`lines.${i}.description`] = `Description ${on} can be at most ${DESCRIPTION_MAX} characters.`;
    const quantityText = clean(form.quantity[i]);
    const quantity = /^\d{1,4}$/.test(quantityText) ? Number(quantityText) : NaN;
    if (!(quantity >= 1 && quantity <= MAX_QUANTITY)) errors[`lines.${i}.quantity`] = `Quantity ${on} must be a whole number from 1 to ${MAX_QUANTITY}.`;
    const unitPriceCents = parseDollars(clean(form.unitPrice[i]));
    if (unitPriceCents === null || unitPriceCents > MAX_UNIT_PRICE_CENTS) {
      errors[`lines.${i}.unitPrice`] = `Unit Price ${on} must be an amount from $0.00 to ${formatCents(MAX_UNIT_PRICE_CENTS)}.`;
    }
    const serviceText = clean(form.serviceId[i]);
    const serviceId = /^\d{1,9}$/.test(serviceText) ? Number(serviceText) : null;
    lines.push({ description, quantity, unitPriceCents: unitPriceCents ?? 0, serviceId });
  }
  return lines;
}

/** A message to the customer as typed, its line breaks made \n; `errors.message` when longer than MESSAGE_MAX. */
export function parseMessage(value: string | undefined, errors: EstimateFieldErrors): string {
  const message = clean(value).replace(/\r\n?/g, "\n");
  if (message.length > MESSAGE_MAX) errors.message = `Message to Customer can be at most ${MESSAGE_MAX} characters.`;
  return message;
}

/** Checks the form against the limits; `today` is YYYY-MM-DD in the business's time zone. */
export function parseEstimateForm(form: EstimateForm, today: string): ParsedEstimate {
  const errors: EstimateFieldErrors = {};
  const lines = parseLineFields(form, errors);
  const durationText = clean(form.durationMinutes) || "0";
  const durationMinutes = /^\d{1,5}$/.test(durationText) ? Number(durationText) : NaN;
  if (!(durationMinutes >= 0 && durationMinutes <= DURATION_MAX_MINUTES)) {
    errors.durationMinutes = `Duration (minutes) must be a whole number from 0 to ${DURATION_MAX_MINUTES}.`;
  }
  const validUntil = clean(form.validUntil);
  if (!isCalendarDay(validUntil)) errors.validUntil = "Valid Until must be a date, like 2026-12-31.";
  else if (validUntil < today) errors.validUntil = "Valid Until cannot be in the past.";
  const message = parseMessage(form.message, errors);
  const vehicleId = parseVehicleChoice(form.vehicleId);
  if (vehicleId === "invalid") errors.vehicleId = NOT_THEIR_VEHICLE;
  if (Object.keys(errors).length || vehicleId === "invalid") return { ok: false, errors };
  return { ok: true, input: { lines, durationMinutes, validUntil, message, vehicleId } };
}

