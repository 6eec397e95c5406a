import { describe, expect, it } from "vitest";
import { parseFields } from "./form-schema";
import { reviewSchema } from "./review-input";

// The customer's review form (docs/decisions/0091): the UI contract's labels in each message.
describe("reviewSchema", () => {
  it("reads the stars, the text with its line ends made \\n, the name and the consent box", () => {
    expect(parseFields(reviewSchema, { stars: "4", text: " Great\r\njob ", displayName: " Dana ", consent: "yes" })).toEqual({
      ok: true,
      input: { stars: 4, text: "Great\njob", displayName: "Dana", consent: true },
    });
    expect(parseFields(reviewSchema, { stars: "5" })).toEqual({ ok: true, input: { stars: 5, text: "", displayName: "", consent: false } });
  });

  it("refuses each wrong field with its own message", () => {
    expect(parseFields(reviewSchema, { stars: "6", text: "x".repeat(2001), displayName: "Dana\nK" })).toEqual({
      ok: false,
      errors: {
        stars: "Choose from 1 star to 5 stars.",
        text: "Your Review must be at most 2,000 characters (it has 2,001).",
        displayName: "Name to Show must be on one line.",
      },
    });
    expect(parseFields(reviewSchema, { displayName: "x".repeat(101) })).toMatchObject({ errors: { stars: "Choose from 1 star to 5 stars.", displayName: "Name to Show must be at most 100 characters." } });
  });
});
