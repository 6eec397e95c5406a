import { z } from "zod";
import { oneLineEnd, trimmed } from "./form-schema";
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
  text: trimmed(z.string().optional(), oneLineEnd)
    .transform((text) => text ?? "")
    .check((payload) => {
      const length = payload.value.length;
      if (length > REVIEW_TEXT_MAX) {
        payload.issues.push({ code: "custom", message: `Your Review must be at most ${count(REVIEW_TEXT_MAX)} characters (it has ${count(length)}).`, input: payload.value });
      }
    }),
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
