import { parsePhone } from "~/server/phone.server";

/** The tel: link the site gives a typed phone (docs/decisions/0108): its number in E.164 form, then any extension. */
export function telOf(typed: string): string {
  const parsed = parsePhone(typed);
  if (!parsed) throw new Error(`${typed} is not a phone number`);
  return `tel:${parsed.e164}${parsed.ext ? `;ext=${parsed.ext}` : ""}`;
}
