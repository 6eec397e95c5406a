import { z } from "zod";
import { EMAIL_MAX_LENGTH, isEmailAddress } from "./email";
import { formConstraint, optionalText, recordId, trimmed } from "./form-schema";
import { isPhoneShaped, PHONE_INVALID } from "./phone-shape";
import { newestYear, OLDEST_YEAR, VEHICLE_KINDS } from "./vehicle-kinds";

/**
 * The customer page's Contact Details and Add Vehicle forms, one zod schema
 * each (docs/decisions/0118, 0090). Browser-safe: the phone's shape is
 * checked here, the server adds the whole phone rule (serverContactSchema in
 * app/server/customers/customers.server.ts, docs/decisions/0108).
 */

/** An optional text that, when given, `check` holds to; "" when left empty (conform's undefined, or "" from a plain object). */
const optionalChecked = (check: z.ZodString) =>
  trimmed(z.string().optional())
    .transform((text) => text || undefined)
    .pipe(check.optional())
    .transform((text) => text ?? "");

export const contactSchema = z.object({
  name: trimmed(z.string({ error: "Name is required." }).min(1, "Name is required.").max(100, "Name must be at most 100 characters.")),
  email: optionalChecked(
    z
      .string()
      .max(EMAIL_MAX_LENGTH, { error: `Email must be at most ${EMAIL_MAX_LENGTH} characters.`, abort: true })
      .refine(isEmailAddress, "Email must be an e-mail address, like name@example.com."),
  ),
  phone: optionalChecked(z.string().max(30, { error: "Phone must be at most 30 characters.", abort: true }).refine(isPhoneShaped, `${PHONE_INVALID}.`)),
  notes: optionalText(2000, "Notes must be at most 2,000 characters."),
});

export type ContactInput = z.output<typeof contactSchema>;

/** The Contact Details inputs' constraint attributes (docs/decisions/0118). */
export const CONTACT_CONSTRAINT = formConstraint(contactSchema);

/**
 * Add Vehicle: a Kind, the Make or the Model, a Year from 1900 to next year's
 * models (`now` says which), and optional Color and Vehicle Notes.
 */
export function vehicleSchema(now: Date) {
  const newest = newestYear(now);
  const yearMessage = `Year must be a year from ${OLDEST_YEAR} to ${newest}.`;
  return z
    .object({
      kind: trimmed(z.enum(VEHICLE_KINDS, { error: `Kind must be one of ${VEHICLE_KINDS.join(", ")}.` })),
      make: optionalText(60, "Make must be at most 60 characters."),
      model: optionalText(60, "Model must be at most 60 characters."),
      year: optionalChecked(z.string().regex(/^\d{4}$/, { error: yearMessage, abort: true }).refine((text) => Number(text) >= OLDEST_YEAR && Number(text) <= newest, yearMessage)).transform(
        (text) => (text ? Number(text) : null),
      ),
      color: optionalText(40, "Color must be at most 40 characters."),
      vehicleNotes: optionalText(1000, "Notes must be at most 1,000 characters."),
    })
    // Neither typed: the message is on Make, beside the other fields' own (`when`: checked even when another field is refused).
    .refine((vehicle) => vehicle.make !== "" || vehicle.model !== "", { path: ["make"], message: "Enter the Make or the Model.", when: () => true })
    .transform(({ vehicleNotes, ...vehicle }) => ({ ...vehicle, notes: vehicleNotes }));
}

export type VehicleInput = z.output<ReturnType<typeof vehicleSchema>>;

/** The Add Vehicle inputs' constraint attributes (the Year's bounds, which move with the year, are the server's). */
export const VEHICLE_CONSTRAINT = formConstraint(vehicleSchema(new Date()));

/** A vehicle's Remove button. */
export const removeVehicleSchema = z.object({ vehicle: recordId("vehicle must be the id of the vehicle to remove") });
