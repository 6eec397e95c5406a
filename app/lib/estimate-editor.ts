import { parseDollars, totals, formatCents } from "./money";
import type { EstimateForm } from "./estimate-input";

/**
 * The editor's lines as text (what the inputs hold), and what the editor
 * computes from them: the same in the browser (live) and on the server (after
 * a post without JavaScript: Add Line, Remove).
 */

export interface EditorLine {
  description: string;
  quantity: string;
  unitPrice: string;
  serviceId: string;
}

export interface EditorValues {
  lines: EditorLine[];
  durationMinutes: string;
  validUntil: string;
  message: string;
  vehicleId: string;
}

export interface ServiceChoice {
  id: number;
  title: string;
  priceCents: number;
  durationMinutes: number;
  price: string;
}

export const EMPTY_LINE: EditorLine = { description: "", quantity: "1", unitPrice: "", serviceId: "" };

export function toEstimateForm(values: EditorValues): EstimateForm {
  return {
    description: values.lines.map((l) => l.description),
    quantity: values.lines.map((l) => l.quantity),
    unitPrice: values.lines.map((l) => l.unitPrice),
    serviceId: values.lines.map((l) => l.serviceId),
    durationMinutes: values.durationMinutes,
    validUntil: values.validUntil,
    message: values.message,
    vehicleId: values.vehicleId,
  };
}

/** A new line: the chosen service with its price, or an empty line (an estimate's, an invoice's). */
export function serviceLine(services: readonly ServiceChoice[], serviceId: string): EditorLine {
  const service = services.find((s) => String(s.id) === serviceId);
  return service ? { description: service.title, quantity: "1", unitPrice: (service.priceCents / 100).toFixed(2), serviceId: String(service.id) } : EMPTY_LINE;
}

/** The chosen services' durations added up. */
export function servicesDuration(lines: readonly EditorLine[], services: readonly ServiceChoice[]): number {
  return lines.reduce((sum, l) => sum + (services.find((s) => String(s.id) === l.serviceId)?.durationMinutes ?? 0), 0);
}

/**
 * Add Line: the chosen service with its price (or an empty line). Duration
 * follows the services' sum until the owner has changed it (it no longer
 * equals the sum before the line was added).
 */
export function addLine(values: EditorValues, services: readonly ServiceChoice[], serviceId: string): EditorValues {
  const lines = [...values.lines, serviceLine(services, serviceId)];
  const untouched = Number(values.durationMinutes || "0") === servicesDuration(values.lines, services);
  return { ...values, lines, durationMinutes: untouched ? String(servicesDuration(lines, services)) : values.durationMinutes };
}

export function removeLine(values: EditorValues, index: number, services: readonly ServiceChoice[]): EditorValues {
  const lines = values.lines.filter((_, i) => i !== index);
  const untouched = Number(values.durationMinutes || "0") === servicesDuration(values.lines, services);
  return { ...values, lines, durationMinutes: untouched ? String(servicesDuration(lines, services)) : values.durationMinutes };
}

/** Subtotal, tax and total of the lines as typed; a line not yet a valid amount counts as nothing. */
export function previewTotals(lines: readonly EditorLine[], milliPercent: number) {
  const priced = lines.map((l) => ({ quantity: /^\d{1,3}$/.test(l.quantity.trim()) ? Number(l.quantity) : 0, unitPriceCents: parseDollars(l.unitPrice) ?? 0 }));
  const sums = totals(priced, milliPercent);
  return { subtotal: formatCents(sums.subtotalCents), tax: formatCents(sums.taxCents), total: formatCents(sums.totalCents) };
}
