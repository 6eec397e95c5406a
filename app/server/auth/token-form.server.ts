import { TOKEN_MAX_DAYS, TOKEN_NAME_MAX } from "~/lib/api-tokens";
import { addDays, dayIn, isCalendarDay, startOfDayIn } from "~/lib/time-zone";
import type { NewToken } from "./tokens.server";

/** The dashboard's form that makes an API token (/admin/tokens), read and checked. */

export type TokenFormResult =
  | { ok: true; token: NewToken }
  | { ok: false; fields: Partial<Record<"name" | "expires", string>>; values: { name: string; expires: string; readOnly: boolean } };

/**
 * The create form's fields: `name`, `expires` (a day, the token working
 * through its end in the business's time zone), `read_only` (a checkbox).
 */
export function parseTokenForm(form: FormData, now: Date, timeZone: string): TokenFormResult {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value.trim() : "";
  };
  const name = text("name");
  const expires = text("expires");
  const readOnly = form.get("read_only") !== null;
  const fields: Partial<Record<"name" | "expires", string>> = {};
  if (!name) fields.name = "Name is required";
  else if (name.length > TOKEN_NAME_MAX) fields.name = `Name cannot exceed ${TOKEN_NAME_MAX} characters`;
  else if (/[\u0000-\u001f\u007f]/.test(name)) fields.name = "Name cannot contain control characters";

  const today = dayIn(now, timeZone);
  const last = addDays(today, TOKEN_MAX_DAYS);
  if (!expires) fields.expires = "Expires is required";
  else if (!isCalendarDay(expires)) fields.expires = "Expires must be a date (YYYY-MM-DD)";
  else if (expires < today) fields.expires = "Expires cannot be in the past";
  else if (expires > last) fields.expires = `Expires must be within ${TOKEN_MAX_DAYS} days (by ${last})`;

  if (Object.keys(fields).length) return { ok: false, fields, values: { name, expires, readOnly } };
  return { ok: true, token: { name, readOnly, expiresAt: startOfDayIn(addDays(expires, 1), timeZone) } };
}
