import { z } from "zod";
import { bookingSchema } from "./booking-input";
import { formConstraint, recordId, trimmed } from "./form-schema";
import { JOB_ADDRESS_MAX } from "./job-input";
import { BOAT_FEET_MAX, BOAT_FEET_MESSAGE, BOAT_FEET_MIN, CONDITIONS } from "./price-book";
import { quoteSchema } from "./quote-schema";
import { BOOK_MESSAGES } from "./book-online-form";

/**
 * Book online's forms (ui-contract.md "Book online", docs/decisions/0128):
 * one zod schema per step, read by the page's loader (the choosing steps are
 * GET forms: their fields are the query string) and by the booking's action,
 * through the one form pipeline (docs/decisions/0118). Whether the ids name
 * something the price book offers is the price book's to say
 * (app/server/price-book/quote-price.server.ts). Browser-safe, but the page
 * takes these schemas' constraints from its loader, so that zod stays out of
 * its JavaScript.
 */

/** Room for the ZIP Code the booking adds to the address (" 49503"), within what a job's address holds. */
export const BOOK_ADDRESS_MAX = JOB_ADDRESS_MAX - 6;

/**
 * A boat's length: a class priced per foot requires it (the price book says
 * which, so readChoice applies this); the others ignore the field, which the
 * page hides for them.
 */
export const boatFeetSchema = trimmed(z.string({ error: BOAT_FEET_MESSAGE }).regex(/^\d{1,3}$/, { error: BOAT_FEET_MESSAGE, abort: true }))
  .transform(Number)
  .pipe(z.number().min(BOAT_FEET_MIN, BOAT_FEET_MESSAGE).max(BOAT_FEET_MAX, BOAT_FEET_MESSAGE));

/** Step 1: the vehicle class, and the Boat Length (feet) as typed (checked by boatFeetSchema for a class priced per foot). */
export const vehicleStepSchema = z.object({
  vehicle: recordId(BOOK_MESSAGES.vehicle),
  boatFeet: trimmed(z.string().max(10).optional()).transform((text) => text ?? ""),
});

/** Step 2: the package, add-ons, the vehicle's condition and where it is. */
export const detailsStepSchema = z.object({
  package: recordId(BOOK_MESSAGES.package),
  addOns: z
    .array(recordId(BOOK_MESSAGES.addOns))
    .optional()
    .transform((ids) => ids ?? []),
  condition: trimmed(z.enum(CONDITIONS, { error: BOOK_MESSAGES.condition })),
  zip: trimmed(z.string({ error: BOOK_MESSAGES.zip }).regex(/^\d{5}$/, BOOK_MESSAGES.zip)),
});

/**
 * Step 3, Book This Time: one of the times the page offered, and who and
 * where. Name, e-mail and phone as the quote form reads them (the server adds
 * the whole phone rule, as for the quote form); the address as Book This Time
 * reads it, a little shorter for the ZIP Code.
 */
export const bookContactSchema = z.object({
  start: bookingSchema.shape.start,
  name: quoteSchema.shape.name,
  email: quoteSchema.shape.email,
  phone: quoteSchema.shape.phone,
  address: trimmed(
    z.string({ error: BOOK_MESSAGES.address }).min(1, BOOK_MESSAGES.address).max(BOOK_ADDRESS_MAX, `Address can be at most ${BOOK_ADDRESS_MAX} characters.`),
    (text) => text.replace(/\s+/g, " "),
  ),
});

export type BookContact = z.output<typeof bookContactSchema>;

/** The constraint attributes of every field of the three steps, for the loader to hand to the page. */
export const bookConstraints = () => ({
  ...formConstraint(vehicleStepSchema),
  // Its bounds for the browser; never `required`: only a boat needs it.
  boatFeet: { min: BOAT_FEET_MIN, max: BOAT_FEET_MAX },
  ...formConstraint(detailsStepSchema),
  ...formConstraint(bookContactSchema),
});
export type BookConstraints = ReturnType<typeof bookConstraints>;
