import { lineForm, serviceLine, type EditorLine, type ServiceChoice } from "./priced-lines";
import type { EstimateForm } from "./estimate-input";

/**
 * The estimate editor's values as text (what the inputs hold): the priced
 * document's lines (./priced-lines.ts) and the estimate's own fields, and
 * what Add Line and Remove do to its Duration, the same in the browser (live)
 * and on the server (after a post without JavaScript).
 */

export interface EditorValues {
  lines: EditorLine[];
  durationMinutes: string;
  validUntil: string;
  message: string;
  vehicleId: string;
}

export function toEstimateForm(values: EditorValues): EstimateForm {
  return { ...lineForm(values.lines), durationMinutes: values.durationMinutes, validUntil: values.validUntil, message: values.message, vehicleId: values.vehicleId };
}

/** The chosen services' durations added up. */
export function servicesDuration(lines: readonly EditorLine[], services: readonly ServiceChoice[]): number {
  return lines.reduce((sum, l) => sum + (services.find((s) => String(s.id) === l.serviceId)?.durationMinutes ?? 0), 0);
}

/** Duration follows the services' sum until the owner has changed it (it no longer equals the sum before the change). */
function withLines(values: EditorValues, lines: EditorLine[], services: readonly ServiceChoice[]): EditorValues {
  const untouched = Number(values.durationMinutes || "0") === servicesDuration(values.lines, services);
  return { ...values, lines, durationMinutes: untouched ? String(servicesDuration(lines, services)) : values.durationMinutes };
}

/** Add Line: the chosen service with its price (or an empty line). */
export function addLine(values: EditorValues, services: readonly ServiceChoice[], serviceId: string): EditorValues {
  return withLines(values, [...values.lines, serviceLine(services, serviceId)], services);
}

export function removeLine(values: EditorValues, index: number, services: readonly ServiceChoice[]): EditorValues {
  return withLines(values, values.lines.filter((_, i) => i !== index), services);
}
