/**
 * The business settings the owner edits at /admin/settings (one row in
 * `site_settings`): their shape, labels and limits, and what is derived from
 * them (the short name). Plain code without zod, so every
 * public page can use it; the schema that validates a save is in
 * ./site-settings-schema.ts.
 */

import { telHref } from "./phone";

export interface SiteSettings {
  businessName: string;
  /** As the owner typed it: how the pages show it. */
  phone: string;
  /** Derived, never typed: the phone's number in E.164 form and its extension, what tel: links dial (docs/decisions/0108). */
  phoneE164: string;
  phoneExt: string;
  publicEmail: string;
  serviceArea: string;
  /** An https URL, or "" for none (the footer then has no Facebook link). */
  facebookUrl: string;
  /** Multi-line plain text, "" for not shown. */
  openingHours: string;
  heroHeadline: string;
  heroText: string;
  founderName: string;
  /** Sanitised rich text (HTML), see app/server/rich-text.server.ts. */
  aboutStory: string;
  /** How soon a quote request is answered, as the sentence says it: "within 24 hours". */
  responseTime: string;
}

/**
 * The settings only the dashboard and the e-mails use. Never part of
 * SiteSettings: those go to every visitor with each page (the root loader).
 */
export interface PrivateSettings {
  /** Send New Requests To: the owner's alert address (new requests, reminders, the receipt's Reply-To). */
  notifyEmail: string;
  /** Tax Rate (%) on estimates, as typed ("6.25"; "0" for none). */
  taxRate: string;
  /** Payment Instructions: how customers pay, on each invoice (its page, PDF and e-mail). */
  paymentInstructions: string;
  /** Invoice Due (days): an invoice is due this many days after it is sent, as typed ("14"). */
  invoiceDueDays: string;
  /** Google Review URL: where a happy reviewer is asked to review us on Google (an https URL, "" for none). */
  googleReviewUrl: string;
  /** Base ZIP Code: where travel to a job is measured from (five digits). */
  baseZip: string;
  /** Service Radius (miles): how far online booking reaches, as typed ("50"). */
  serviceRadiusMiles: string;
  /** Deposit Required Above: a booking whose total is more than this many dollars asks for a deposit ("150.00"; "" for never). */
  depositAbove: string;
  /** Deposit (%): the share of the total a deposit is, a whole number 1–100 ("25"; "" while there is no deposit). */
  depositPercent: string;
  /** Deposit Hold (hours): how long a booking waits for its deposit ("24"). */
  depositHoldHours: string;
}

/** Everything the settings form edits. */
export type BusinessSettings = SiteSettings & PrivateSettings;

/** What the owner types: every setting but the phone's derived number. */
export type SettingName = Exclude<keyof BusinessSettings, "phoneE164" | "phoneExt">;

/** The business phone's tel: link, from its stored number ("" while it has none: no link beats a wrong one). */
export const businessTel = (settings: Pick<SiteSettings, "phoneE164" | "phoneExt">) => telHref(settings.phoneE164, settings.phoneExt);

/** The name without a trailing "Mobile Detailing": the logo's first line and page titles. */
export function shortName(businessName: string): string {
  const short = businessName.replace(/\s+mobile detailing\s*$/i, "").trim();
  return short || businessName;
}

/** The quote form's outage message: the request was not stored, so the visitor must call. */
export function quoteUnavailableMessage(settings: Pick<SiteSettings, "phone">): string {
  return `Sorry, we couldn't save your request just now, so it has not been sent. Please call us at ${settings.phone}, or try again in a few minutes.`;
}
