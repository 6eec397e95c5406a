import { z } from "zod";
import { TOKEN_MAX_DAYS, TOKEN_NAME_MAX } from "./api-tokens";
import { lookupId, trimmed } from "./form-schema";
import { addDays, isCalendarDay } from "./time-zone";

/**
 * The dashboard's form that makes an API token (/admin/tokens,
 * docs/decisions/0036), one zod schema (docs/decisions/0118): `name`,
 * `expires` (a day from `today` to TOKEN_MAX_DAYS ahead, both YYYY-MM-DD in
 * the business's time zone), `read_only` (a checkbox). Browser-safe.
 */
export function tokenSchema(today: string) {
  const last = addDays(today, TOKEN_MAX_DAYS);
  return z
    .object({
      name: trimmed(
        z
          .string({ error: "Name is required" })
          .min(1, { error: "Name is required", abort: true })
          .max(TOKEN_NAME_MAX, { error: `Name cannot exceed ${TOKEN_NAME_MAX} characters`, abort: true })
          .regex(/^[^\u0000-\u001f\u007f]*$/, "Name cannot contain control characters"),
      ),
      expires: trimmed(
        z
          .string({ error: "Expires is required" })
          .min(1, { error: "Expires is required", abort: true })
          .refine(isCalendarDay, { error: "Expires must be a date (YYYY-MM-DD)", abort: true })
          .refine((day) => day >= today, { error: "Expires cannot be in the past", abort: true })
          .refine((day) => day <= last, `Expires must be within ${TOKEN_MAX_DAYS} days (by ${last})`),
      ),
      // A checkbox: present when ticked.
      read_only: z.string().optional(),
    })
    .transform(({ read_only, ...token }) => ({ ...token, readOnly: read_only !== undefined }));
}

export type TokenInput = z.output<ReturnType<typeof tokenSchema>>;

/** A token's Revoke button: its id (one not the user's, or none, is the lookup's 404). */
export const revokeTokenSchema = z.object({ id: lookupId });
