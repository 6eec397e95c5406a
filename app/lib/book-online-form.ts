/**
 * Book online's names, texts and the shapes the server hands the page
 * (docs/decisions/0128). No zod here: the page imports this, and its
 * JavaScript must stay small; the schemas are in ./book-online.ts.
 */

export const BOOK_PATH = "/book";
/** The live price of a choice, as JSON: the server prices, the page only shows. */
export const BOOK_PRICE_PATH = "/book/price";

/** The choosing steps' fields, as they appear in the query string. */
export const VEHICLE_FIELDS = ["vehicle", "boatFeet"] as const;
export const DETAIL_FIELDS = ["package", "addOns", "condition", "zip"] as const;
export const CONTACT_FIELDS = ["start", "name", "email", "phone", "address"] as const;
export type BookField = (typeof VEHICLE_FIELDS)[number] | (typeof DETAIL_FIELDS)[number] | (typeof CONTACT_FIELDS)[number];

/** `?change=vehicle` or `?change=details`: that step's form again, filled in, from the summary's Change links. */
export const CHANGE_PARAM = "change";

export const BOOK_MESSAGES = {
  vehicle: "Choose a vehicle.",
  package: "Choose a package.",
  addOns: "Choose add-ons from the list.",
  condition: "Choose the vehicle's condition.",
  zip: "ZIP Code must be five digits, like 49503.",
  address: "Address is required: where should we come?",
} as const;

export type FieldErrors = Partial<Record<BookField, string>>;

/** The query's values as typed, for the forms to show again. */
export interface ChoiceValues {
  vehicle: string;
  boatFeet: string;
  package: string;
  addOns: string[];
  condition: string;
  zip: string;
}

/** A price as the page shows it: every amount formatted by the server. */
export interface PriceView {
  lines: { description: string; amount: string }[];
  subtotal: string;
  /** "" without tax. */
  tax: string;
  total: string;
  /** "4 hours 30 minutes" */
  duration: string;
}

/** Farther than the Service Radius: no price, the quote form instead. */
export interface BeyondView {
  zip: string;
  miles: number;
  radiusMiles: number;
}

/**
 * What the live price (BOOK_PRICE_PATH) answers for the details form's
 * current choice: its price, that it is beyond the radius, or what is
 * missing or wrong (the field messages).
 */
export type LivePrice = { state: "priced"; price: PriceView } | { state: "beyond"; beyond: BeyondView } | { state: "open"; errors: FieldErrors };

/** A ZIP Code farther than the Service Radius: said on the page, beside the link to the quote form. */
export const beyondMessage = (beyond: BeyondView) =>
  `ZIP Code ${beyond.zip} is about ${Math.round(beyond.miles)} miles from us, beyond our ${beyond.radiusMiles}-mile service radius, so we cannot price it online.`;

/** Work longer than the working day (until bookings can span days): the self-booking page's words. */
export const tooLongToBookMessage = (duration: string, maxDays: number) => `This work takes about ${duration}, more than the ${maxDays} working days in a row we book online, so it cannot be booked online.`;
