import { z } from "zod";
import { formConstraint, oneLineEnd, optionalText, trimmed } from "./form-schema";
import { LEAD_STATUS_TITLES, LEAD_STATUSES, LOST_REASON_MAX, NOTE_MAX } from "./lead-status";

/**
 * The lead page's forms (/admin/leads/{id}): a status button (Lost with its
 * reason) and Add a note, one zod schema each (docs/decisions/0118). Their
 * messages are shown as the form's own (parseForm's FIRST_FIELD). Browser-safe.
 */

export const leadStatusSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: `Unknown status: choose one of ${Object.values(LEAD_STATUS_TITLES).join(", ")}` }),
  // Posted by the Lost form alone; kept only for Lost.
  reason: optionalText(LOST_REASON_MAX, `The reason can be at most ${LOST_REASON_MAX} characters`),
});

const NOTE_EMPTY = "Please write the note first";

export const leadNoteSchema = z.object({
  note: trimmed(z.string({ error: NOTE_EMPTY }).min(1, NOTE_EMPTY).max(NOTE_MAX, `A note can be at most ${NOTE_MAX} characters`), oneLineEnd),
});

/** The Lost reason's and the note's constraint attributes (docs/decisions/0118). */
export const LEAD_STATUS_CONSTRAINT = formConstraint(leadStatusSchema);
export const LEAD_NOTE_CONSTRAINT = formConstraint(leadNoteSchema);
