import { z } from "zod";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "./email";
import { isPhoneShaped, PHONE_INVALID } from "./phone-shape";
import { HONEYPOT_FIELD } from "./quote-form";

/**
 * The quote request: name, e-mail, phone and vehicle type required, details
 * optional. One schema for the browser (conform's constraints and live
 * validation) and the server (the home page's action and POST
 * /api/forms/submit). Its texts and names without zod are in ./quote-form.ts,
 * so the page can use them without loading zod. The phone's shape is checked
 * here; the server adds the rest of the phone rule (a number libphonenumber-js
 * knows: app/server/quote-schema.server.ts, docs/decisions/0108), whose
 * library the browser does not load.
 */

// PostgreSQL text cannot hold NUL (a pasted or forged "\0" would otherwise fail the insert).
const NO_NUL = /^[^\0]*$/;
const NUL_MESSAGE = "Please remove the invalid character.";

/** A required, trimmed text: one clear message when it is missing or blank. */
function requiredText(missing: string) {
  // conform turns an empty input into undefined; JSON may send "" or "   ".
  return z.string({ error: missing }).trim().min(1, { error: missing, abort: true }).regex(NO_NUL, NUL_MESSAGE);
}

// Messages are kept under ~40 characters: each fits the one line the form reserves
// under its field, so a message appearing on blur never moves the submit button.
export const quoteSchema = z.object({
  name: requiredText("Please enter your full name.")
    .min(2, "Name must be at least 2 characters.")
    .max(100, "Name must be at most 100 characters."),
  email: requiredText("Please enter your email address.")
    .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters.`)
    .regex(EMAIL_PATTERN, "Please enter a valid email address."),
  // The spec's 10 to 20 characters, then the shape: one message per phone.
  phone: requiredText("Please enter your phone number.")
    .min(10, { error: "Phone must be at least 10 characters.", abort: true })
    .max(20, { error: "Phone must be at most 20 characters.", abort: true })
    .refine(isPhoneShaped, { error: `${PHONE_INVALID}.`, abort: true }),
  vehicle_type: requiredText("Please enter your vehicle type.").max(100, "Vehicle type must be at most 100 characters."),
  message: z
    .string({ error: "Additional details must be text." })
    .trim()
    .max(1000, "Additional details must be at most 1000 characters.")
    .regex(NO_NUL, NUL_MESSAGE)
    .nullish()
    .transform((v) => v ?? ""),
  // Optional (docs/decisions/0085): where the work is to be done; a job takes it later.
  service_address: z
    .string({ error: "Service address must be text." })
    .trim()
    .max(300, "Service address must be at most 300 characters.")
    .regex(NO_NUL, NUL_MESSAGE)
    .nullish()
    .transform((v) => v ?? ""),
  [HONEYPOT_FIELD]: z.string().max(1000).nullish(),
});

export type QuoteInput = z.output<typeof quoteSchema>;

/** Field name → messages, the shape conform and the JSON API both report. */
export function quoteFieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}
