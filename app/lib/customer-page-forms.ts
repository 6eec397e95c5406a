import { z } from "zod";
import { formConstraint } from "./form-schema";

/**
 * The small forms of the customer's pages (no sign-in, no JavaScript), one
 * zod schema each (docs/decisions/0118): Cancel Appointment's confirmation
 * and Unsubscribe, by its button or a mail client's RFC 8058 one-click POST.
 */

/** Cancel Appointment: the box "Yes, cancel my appointment" ticked. */
export const cancelAppointmentSchema = z.object({
  confirm: z.literal("yes", { error: "Tick “Yes, cancel my appointment” to cancel it." }),
});

/** Cancel Appointment's checkbox constraint (required): read while rendering, the page has no JavaScript. */
export const CANCEL_APPOINTMENT_CONSTRAINT = formConstraint(cancelAppointmentSchema);

export const UNSUBSCRIBE_HOW = "Send List-Unsubscribe=One-Click, or press Unsubscribe on the page.";

/** Unsubscribe: the page's button (intent=unsubscribe) or the one-click body `List-Unsubscribe=One-Click`. */
export const unsubscribeSchema = z
  .object({ "List-Unsubscribe": z.string().optional(), intent: z.string().optional() })
  .refine((post) => post["List-Unsubscribe"] === "One-Click" || post.intent === "unsubscribe", UNSUBSCRIBE_HOW);

/** Cancel Plan's confirmation step (the plan page): the box "Yes, cancel my plan" ticked. */
export const cancelPlanSchema = z.object({
  confirm: z.literal("yes", { error: "Tick “Yes, cancel my plan” to cancel it." }),
});
export const CANCEL_PLAN_CONSTRAINT = formConstraint(cancelPlanSchema);
