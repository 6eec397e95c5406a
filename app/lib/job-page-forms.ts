import { z } from "zod";
import { clientKey } from "./field-work";
import { ARRIVAL_MINUTES } from "./job-status";
import { paymentMethod } from "./payment-input";

/**
 * The job page's small forms beside Reschedule (whose schema is job-input's):
 * On My Way's arrival, Start Job's key, the "another day?" answer, Assigned To and Record
 * Deposit; one zod
 * schema each (docs/decisions/0118). Browser-safe.
 */

export const ARRIVAL_INVALID = `Arriving in must be one of ${ARRIVAL_MINUTES.join(", ")} minutes.`;

/** On My Way and Mark Done on a job of another day ask first; the answer posts again with confirm=yes. */
const confirmed = z
  .string()
  .optional()
  .transform((answer) => answer === "yes");

export const onTheWaySchema = z.object({
  minutes: z.coerce
    .number({ error: "Choose how soon you arrive." })
    .refine((minutes) => (ARRIVAL_MINUTES as readonly number[]).includes(minutes), "Choose how soon you arrive."),
  confirm: confirmed,
  // The step's idempotency key (docs/decisions/0142): a replay sends no second e-mail. A post without one is taken as before.
  key: clientKey.optional(),
});

/** Start Job: its key, as On My Way's. */
export const startJobSchema = z.object({ key: clientKey.optional() });

export const markDoneSchema = z.object({ confirm: confirmed });

export const STAFF_MISSING = "Choose a member of staff";
/** A member of staff's id; whether it is one is the assignment's to look up. */
export const assignSchema = z.object({
  assigned_to: z.string({ error: STAFF_MISSING }).regex(/^\d{1,9}$/, STAFF_MISSING).transform(Number),
});

/** Record Deposit: how the customer paid it (the amount is the one the booking asked for). */
export const recordDepositSchema = z.object({ method: paymentMethod });
