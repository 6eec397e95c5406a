import { z } from "zod";
import { messageSchema, parseDocumentForm, postedText, type DocumentFieldErrors, type DocumentLine, type LineForm, type Parsed } from "./priced-lines";
import { DECLINE_REASON_MAX } from "./estimate-status";
import { trimmed, vehicleChoice } from "./form-schema";
import { isCalendarDay } from "./time-zone";

/**
 * The estimate editor's form: the priced document's lines and message
 * (./priced-lines.ts) and the estimate's own fields, duration, Valid Until
 * and the vehicle. One zod schema for the browser and the server
 * (docs/decisions/0080, 0116).
 */

export const DURATION_MAX_MINUTES = 10_080;

export interface EstimateInput {
  lines: DocumentLine[];
  durationMinutes: number;
  /** YYYY-MM-DD. */
  validUntil: string;
  message: string;
  /** One of the customer's saved vehicles, null for none. */
  vehicleId: number | null;
}

/** What the form posted, as text: one entry per line for the repeated fields. */
export interface EstimateForm extends LineForm {
  durationMinutes: string;
  validUntil: string;
  message: string;
  vehicleId: string;
}

/** Messages by field: `validUntil`, `durationMinutes`, `message`, `vehicleId`, and the lines'. */
export type EstimateFieldErrors = DocumentFieldErrors;

const DURATION_MESSAGE = `Duration (minutes) must be a whole number from 0 to ${DURATION_MAX_MINUTES}.`;

/** The estimate's own fields; `today` is YYYY-MM-DD in the business's time zone (Valid Until may not be earlier). */
export function estimateFieldsSchema(today: string) {
  return z.object({
    durationMinutes: postedText.pipe(
      z
        .string()
        .transform((text) => text || "0")
        .pipe(z.string().regex(/^\d{1,5}$/, { error: DURATION_MESSAGE, abort: true }))
        .transform(Number)
        .pipe(z.number().max(DURATION_MAX_MINUTES, DURATION_MESSAGE)),
    ),
    validUntil: postedText.pipe(
      z
        .string()
        .refine(isCalendarDay, { error: "Valid Until must be a date, like 2026-12-31.", abort: true })
        .refine((day) => day >= today, "Valid Until cannot be in the past."),
    ),
    message: messageSchema,
    vehicleId: vehicleChoice,
  });
}

/** The customer's Decline (/estimates/{token}): an optional reason, cut to the textarea's maxlength. */
export const declineSchema = z.object({
  reason: trimmed(z.string().optional()).transform((text) => (text ?? "").slice(0, DECLINE_REASON_MAX)),
});

/** Checks the form against the limits; `today` is YYYY-MM-DD in the business's time zone. */
export function parseEstimateForm(form: EstimateForm, today: string): Parsed<EstimateInput> {
  return parseDocumentForm("An estimate", estimateFieldsSchema(today), form);
}
