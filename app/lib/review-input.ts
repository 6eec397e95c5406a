import { z } from "zod";
import { formConstraint, oneLineEnd, trimmed } from "./form-schema";
import { REVIEW_NAME_MAX, REVIEW_TEXT_MAX } from "./review-limits";

/**
 * The customer's review form (/reviews/{token}, docs/decisions/0091): one zod
 * schema (docs/decisions/0118); each message names its field as the UI
 * contract labels it. Browser-safe.
 */

const STARS_MESSAGE = "Choose from 1 star to 5 stars.";
const count = (n: number) => n.toLocaleString("en-US");

export const reviewSchema = z.object({
  stars: trimmed(z.string({ error: STARS_MESSAGE }).regex(/^[1-5]$/, STARS_MESSAGE)).transform(Number),
  text: trimmed(
    z
      .string()
      .max(REVIEW_TEXT_MAX, { error: (issue) => `Your Review must be at most ${count(REVIEW_TEXT_MAX)} characters (it has ${count(String(issue.input).length)}).` })
      .optional(),
    oneLineEnd,
  ).transform((text) => text ?? ""),
  displayName: trimmed(
    z
      .string()
      .max(REVIEW_NAME_MAX, { error: `Name to Show must be at most ${REVIEW_NAME_MAX} characters.`, abort: true })
      .regex(/^[^\r\n]*$/, "Name to Show must be on one line.")
      .optional(),
  ).transform((text) => text ?? ""),
  // A checkbox: posted as "yes" when ticked, absent otherwise.
  consent: z
    .string()
    .optional()
    .transform((value) => value === "yes"),
});

export type ReviewInput = z.output<typeof reviewSchema>;

/** The review form's constraint attributes (docs/decisions/0118): a page without JavaScript, so read while rendering. */
export const REVIEW_CONSTRAINT = formConstraint(reviewSchema);
