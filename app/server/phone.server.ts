import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import type { z } from "zod";
import { isPhoneShaped, PHONE_INVALID } from "~/lib/phone-shape";

/**
 * The one rule of what a phone number is (docs/decisions/0108), for every form
 * and the API: the shape of ~/lib/phone-shape.ts (what the browser checks too), and
 * libphonenumber-js reading the whole text as a valid number, US unless it
 * starts with + and a country code. Server-only: the library's metadata is
 * ~30 KB gzip, which the public pages do not carry.
 */

export interface ParsedPhone {
  /** +16165550123 */
  e164: string;
  /** The extension's digits, "" for none. */
  ext: string;
}

/** The number in a typed phone, or null when it is not a valid one. */
export function parsePhone(typed: string): ParsedPhone | null {
  const text = typed.trim();
  if (!isPhoneShaped(text)) return null;
  // extract: false, the whole text must be the number (no "call 616… after 5").
  const number = parsePhoneNumberFromString(text, { defaultCountry: "US", extract: false });
  if (!number?.isValid()) return null;
  return { e164: number.number, ext: number.ext ?? "" };
}

export const isPhone = (typed: string) => parsePhone(typed) !== null;

/** The message for a field whose value is not a phone, with the full stop of the sentence-style forms. */
export const PHONE_INVALID_SENTENCE = `${PHONE_INVALID}.`;

/**
 * The columns stored for a phone: as typed (trimmed), its E.164 form and its
 * extension; "" for both when there is no phone, or one that is not a number
 * (an edge validates before storing; a caller that did not stores it unmatched).
 */
export function phoneColumns(typed: string): { phone: string; phone_e164: string; phone_ext: string } {
  const phone = typed.trim();
  const parsed = phone ? parsePhone(phone) : null;
  return { phone, phone_e164: parsed?.e164 ?? "", phone_ext: parsed?.ext ?? "" };
}

/**
 * A form schema's phone field with the rule added: `field` checks the shape
 * (and lengths) as the browser does, aborting on a failure, so a phone is told
 * "not valid" once; an empty optional phone passes.
 */
export function withPhoneRule<T extends z.ZodType<string, unknown>>(field: T) {
  return field.refine((value) => value === "" || isPhone(value), { error: PHONE_INVALID_SENTENCE, abort: true });
}
