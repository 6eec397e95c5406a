/**
 * The quote form's names and texts (its success, error and outage messages)
 * and the shape of the page action's answer. Kept apart from the zod schema
 * (./quote-schema.ts) so the home page can use them without loading zod
 * before it is needed.
 */

import type { SubmissionResult } from "@conform-to/react";

export const QUOTE_FORM_ID = "quote_form";

/** The thank-you message, with the owner's response time (the business settings' "within 24 hours"). */
export function quoteSuccessMessage(responseTime: string): string {
  return `Thank you for your request! We'll get back to you ${responseTime} with a personalized quote.`;
}
/** The same with the first-start response time: the JSON API's answer (it has no settings to hand). */
export const QUOTE_SUCCESS_MESSAGE = quoteSuccessMessage("within 24 hours");
export const QUOTE_GENERIC_ERROR = "Something went wrong. Please try again or call us directly.";
export const QUOTE_NETWORK_ERROR = "Network error. Please check your connection and try again.";
export const QUOTE_INVALID_MESSAGE = "Please correct the highlighted fields and try again.";
// The database-down message names the current phone: quoteUnavailableMessage in ./site-settings.ts.

/** Suggestions for the free-text vehicle type (the common kinds first). */
export const VEHICLE_TYPE_SUGGESTIONS = ["Car", "Truck", "SUV", "Boat", "Other"] as const;

/**
 * A hidden field people never see or fill; form-filling bots do. A request
 * with it filled is answered like a success and dropped (docs/decisions/0021).
 */
export const HONEYPOT_FIELD = "website";

/** The photos of the vehicle the form may carry (docs/decisions/0085): the file field's name, and how many at most. */
export const PHOTO_FIELD = "photos";
export const QUOTE_PHOTOS_MAX = 5;

/**
 * The home page action's answer to the form posted without JavaScript: the
 * state to show, and the values and field messages to render the form with.
 */
export interface QuoteFormReply {
  success: boolean;
  message: string;
  result?: SubmissionResult<string[]>;
}
