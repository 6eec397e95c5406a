/**
 * A stored phone's links and display (docs/decisions/0108): the phone as
 * typed, its number in E.164 form (`+16165550123`, "" when it is not a valid
 * number, e.g. an old row) and its extension ("" for none). Matching compares
 * the number, links dial it, lists show it. No library: the public pages'
 * tel: links use this (the shell chunk), so it stays a few lines; what a
 * phone may be is ./phone-shape.ts and app/server/phone.server.ts.
 */

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
