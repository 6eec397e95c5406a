import { z } from "zod";
import { formConstraint, trimmed } from "./form-schema";
import { JOB_ADDRESS_MAX } from "./job-input";

/**
 * The customer's Book This Time form on an estimate's page: one of the times
 * the page offered (an instant, as the page wrote it) and the address to come
 * to; one zod schema (docs/decisions/0118). Whether the time is still free is
 * the server's to decide after (self-booking.server.ts). Browser-safe.
 */

export const CHOOSE_TIME_MESSAGE = "Please choose a time.";
const ADDRESS_MISSING = "Address is required: where should we come?";
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const bookingSchema = z.object({
  start: z
    .string({ error: CHOOSE_TIME_MESSAGE })
    // Exactly as the page wrote it (toISOString): no 30 February read as 2 March.
    .refine((text) => INSTANT.test(text) && !Number.isNaN(Date.parse(text)) && new Date(text).toISOString() === text, CHOOSE_TIME_MESSAGE)
    .transform((text) => new Date(text)),
  address: trimmed(
    z.string({ error: ADDRESS_MISSING }).min(1, ADDRESS_MISSING).max(JOB_ADDRESS_MAX, `Address can be at most ${JOB_ADDRESS_MAX} characters.`),
    (text) => text.replace(/\s+/g, " "),
  ),
});

/** Book This Time's constraint attributes: read while rendering, the page has no JavaScript. */
export const BOOKING_CONSTRAINT = formConstraint(bookingSchema);
