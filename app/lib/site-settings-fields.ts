import { DEPOSIT_HOLD_HOURS_DEFAULT, DEPOSIT_HOLD_HOURS_MAX } from "./deposits";
import type { SettingName } from "./site-settings";

/** The largest Service Radius (miles), as the database's check holds it. */
export const SERVICE_RADIUS_MAX = 500;

/**
 * The settings form's fields: labels (the UI contract's), kinds, limits and
 * hints. Apart from ./site-settings.ts so the public pages, which use only the
 * derived values (tel: number, short name), do not carry them.
 */

export type SettingKind = "text" | "tel" | "email" | "url" | "multiline" | "richText";

export interface SettingField {
  name: SettingName;
  label: string;
  kind: SettingKind;
  maxLength: number;
  required: boolean;
  hint?: string;
}

/**
 * The help beside every text the owner writes for the public pages (the About
 * story here; FAQ answers and care guides in the table registry): the
 * settings they may name, filled in by app/server/placeholders.server.ts.
 */
export const PLACEHOLDERS_HINT =
  "Write {phone}, {email}, {business_name} or {service_area} to show the current Business Settings; the phone and e-mail become links.";

/** The form's fields, in the form's order, with the UI contract's labels. */
export const SETTING_FIELDS: readonly SettingField[] = [
  { name: "businessName", label: "Business Name", kind: "text", maxLength: 80, required: true },
  { name: "phone", label: "Phone", kind: "tel", maxLength: 30, required: true, hint: "For example (616) 555-0142 or +1 616 555 0142." },
  { name: "publicEmail", label: "Public Email", kind: "email", maxLength: 254, required: true },
  {
    name: "notifyEmail",
    label: "Send New Requests To",
    kind: "email",
    maxLength: 254,
    required: true,
    hint: "Where each new quote request and its reminder are e-mailed; a customer's reply to their receipt comes here too. Not shown on the site.",
  },
  {
    name: "taxRate",
    label: "Tax Rate (%)",
    kind: "text",
    maxLength: 8,
    required: false,
    hint: "Added to each new estimate's subtotal, e.g. 6 or 6.25; leave empty or 0 for none. Estimates already written keep their rate.",
  },
  {
    name: "paymentInstructions",
    label: "Payment Instructions",
    kind: "multiline",
    maxLength: 2000,
    required: false,
    hint: "How customers pay you (Zelle, Venmo, checks made out to …); shown on every invoice while something is due. Not shown elsewhere on the site.",
  },
  {
    name: "invoiceDueDays",
    label: "Invoice Due (days)",
    kind: "text",
    maxLength: 3,
    required: false,
    hint: "An invoice is due this many days after it is sent (0 to 365; empty is 14). Invoices already sent keep their due date.",
  },
  {
    name: "depositAbove",
    label: "Deposit Required Above",
    kind: "text",
    // "$999,999,999.99", the most parseDollars reads.
    maxLength: 16,
    required: false,
    hint: "An online booking whose total is more than this many dollars asks for a deposit, paid as your Payment Instructions say. Leave empty for no deposits.",
  },
  {
    name: "depositPercent",
    label: "Deposit (%)",
    kind: "text",
    maxLength: 4,
    required: false,
    hint: "The deposit's share of the booking's total, a whole number from 1 to 100; needed once Deposit Required Above is set.",
  },
  {
    name: "depositHoldHours",
    label: "Deposit Hold (hours)",
    kind: "text",
    maxLength: 3,
    required: false,
    hint: `How long a booking is held for its deposit (1 to ${DEPOSIT_HOLD_HOURS_MAX}; empty is ${DEPOSIT_HOLD_HOURS_DEFAULT}), never past the appointment's start. Record the deposit on the job's page; without it the time is released and the customer told.`,
  },
  {
    name: "googleReviewUrl",
    label: "Google Review URL",
    kind: "url",
    maxLength: 500,
    required: false,
    hint: "An https:// address; a customer who gives 4 or 5 stars is asked to review you there too. Leave empty for none.",
  },
  {
    name: "baseZip",
    label: "Base ZIP Code",
    kind: "text",
    maxLength: 5,
    required: true,
    hint: "Where you drive from: online booking measures each customer's travel (and its fee, in the Price Book's travel zones) from this ZIP code.",
  },
  {
    name: "serviceRadiusMiles",
    label: "Service Radius (miles)",
    kind: "text",
    maxLength: 3,
    required: true,
    hint: `Online booking is offered up to this many driving miles from the Base ZIP Code (1 to ${SERVICE_RADIUS_MAX}); farther away, visitors are sent to the quote form.`,
  },
  {
    name: "serviceArea",
    label: "Service Area",
    kind: "text",
    maxLength: 120,
    required: true,
    hint: "Completes “Proudly serving …” in the footer.",
  },
  { name: "facebookUrl", label: "Facebook URL", kind: "url", maxLength: 300, required: false, hint: "An https:// address; leave empty for no Facebook link." },
  { name: "openingHours", label: "Opening Hours", kind: "multiline", maxLength: 500, required: false, hint: "One line per day or period; leave empty to show none." },
  { name: "heroHeadline", label: "Hero Headline", kind: "text", maxLength: 90, required: true, hint: "The home page's main heading. The words after the last comma are highlighted." },
  { name: "heroText", label: "Hero Text", kind: "multiline", maxLength: 400, required: true },
  { name: "founderName", label: "Founder Name", kind: "text", maxLength: 80, required: true },
  { name: "aboutStory", label: "About Story", kind: "richText", maxLength: 20_000, required: true, hint: PLACEHOLDERS_HINT },
  {
    name: "responseTime",
    label: "Response Time",
    kind: "text",
    maxLength: 60,
    required: true,
    hint: "As the sentence says it: “We answer every request within 24 hours.”",
  },
];
