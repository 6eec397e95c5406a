/**
 * Phone numbers (docs/decisions/0108), the part every page may use: no
 * library, so the quote form's browser check stays small. The rule itself is
 * app/server/phone.server.ts: a number is valid when it has the shape below
 * and libphonenumber-js reads it as a valid number (US when it has no +).
 * The browser checks the shape alone, so it never refuses what the server
 * accepts; the server's answer names anything else.
 *
 * What is stored: the phone as typed, its E.164 form (`+16165550123`, "" when
 * it is not a valid number, e.g. an old row) and its extension ("" for none).
 * Matching compares the E.164 form, links dial it, lists show it.
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

/** A stored phone: as typed, its E.164 form ("" when unknown) and its extension ("" for none). */
export interface StoredPhone {
  phone: string;
  e164: string;
  ext: string;
}

/** The tel: link (RFC 3966, the extension as `;ext=`), or "" when the number is not known: no link beats a wrong one. */
export function telHref(e164: string, ext = ""): string {
  return e164 ? `tel:${e164}${ext ? `;ext=${ext}` : ""}` : "";
}

/** The sms: link (a text reaches the number, never an extension), or "" when the number is not known. */
export function smsHref(e164: string): string {
  return e164 ? `sms:${e164}` : "";
}

/**
 * How a customer's phone is shown: a North American number as (616) 555-0123,
 * with " ext. 9" for an extension; another country's as typed (in that
 * country's own format); one that is not a known number as typed.
 */
export function formatPhone({ phone, e164, ext }: StoredPhone): string {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  if (!nanp) return phone;
  return `(${nanp[1]}) ${nanp[2]}-${nanp[3]}${ext ? ` ext. ${ext}` : ""}`;
}

/** What a page needs to show and dial a phone: its text and links ("" when there is nothing to dial). */
export interface PhoneView {
  text: string;
  tel: string;
  sms: string;
}

export function phoneView(stored: StoredPhone): PhoneView {
  return { text: formatPhone(stored), tel: telHref(stored.e164, stored.ext), sms: smsHref(stored.e164) };
}
