/**
 * The shape of a phone number (docs/decisions/0108): the part of the phone rule
 * a browser checks, with no library, so the quote form's validation stays
 * small. The rule itself is app/server/phone.server.ts: a number is valid when
 * it has this shape and libphonenumber-js reads it as a valid number (US when
 * it has no +). The browser checks the shape alone, so it never refuses what
 * the server accepts; the server's answer names anything else.
 */

/** The one message for a phone that is not a number (the spec's "{title} is not valid"; sentence forms add a full stop). */
export const PHONE_INVALID = "Phone is not valid";

/**
 * The number, then an optional extension ("x9", "ext. 12", "extension 12",
 * "#12"). Only digits, spaces and ( ) . / - in the number: letters are never a
 * phone (a vanity 1-800-FLOWERS is dialled as digits), and an extension is
 * kept apart, never mixed into the number's digits.
 */
const SHAPE = /^(\+?)([0-9 ().\/-]+?)(?:\s*(?:x|ext\.?|extension|#)\s*[0-9]{1,9})?$/i;

/**
 * The shape a phone must have: + and 7 to 15 digits (a country code first),
 * or a US number without it: 10 digits, or 11 starting with 1.
 */
export function isPhoneShaped(typed: string): boolean {
  const match = SHAPE.exec(typed.trim());
  if (!match) return false;
  const digits = match[2]!.replace(/\D/g, "");
  if (match[1]) return digits.length >= 7 && digits.length <= 15;
  return digits.length === 10 || (digits.length === 11 && digits.startsWith("1"));
}
