import { z } from "zod";
import { NOT_THEIR_VEHICLE, parseVehicleChoice } from "./vehicles";

/**
 * The pieces every form's zod schema is built from (docs/decisions/0118): one
 * schema per form, whose constraints the browser's fields take
 * (conform's getZodConstraint) and whose parse the action runs
 * (app/server/form-action.server.ts). Browser-safe.
 */

/** The message shown above a form whose fields were refused. */
export const CORRECT_FIELDS = "Please correct the highlighted fields.";

/**
 * Text as typed, trimmed (and `tidy`, e.g. spaces collapsed) before `schema`
 * checks it: limits count what is stored. A missing field (conform reads an
 * empty input as undefined) stays undefined, so the schema's own "required"
 * message answers it; "" from a plain object reads the same after `min(1)`.
 * PostgreSQL text cannot hold NUL: it is dropped (the server's edge drops
 * control characters already, docs/decisions/0107; a direct call may not).
 */
export function trimmed<S extends z.ZodType>(schema: S, tidy: (text: string) => string = (text) => text) {
  return z.preprocess((value) => (typeof value === "string" ? tidy(value.replaceAll("\0", "").trim()) : value), schema);
}

/** Line ends as one "\n", whatever the browser posted. */
export const oneLineEnd = (text: string) => text.replace(/\r\n?/g, "\n");

/** An optional text of at most `max` characters, "" when left empty. */
export function optionalText(max: number, tooLong: string) {
  return trimmed(z.string().max(max, tooLong).optional(), oneLineEnd).transform((text) => text ?? "");
}

/** A record's id posted by a button (a hidden field): a whole number, else `message`. */
export const recordId = (message: string) => trimmed(z.string({ error: message }).regex(/^\d{1,9}$/, message)).transform(Number);

/**
 * An id a lookup answers (a staff member, a token): a whole number, or 0 for
 * anything else, which matches no record, so the lookup's own 404 answers it.
 */
export const lookupId = trimmed(z.string().optional()).transform((text) => (text && /^\d{1,9}$/.test(text) ? Number(text) : 0));

/** A choice of one of the customer's saved vehicles: its id, null for none. */
export const vehicleChoice = trimmed(z.string().optional()).transform((text, ctx) => {
  const choice = parseVehicleChoice(text);
  if (choice !== "invalid") return choice;
  ctx.addIssue({ code: "custom", message: NOT_THEIR_VEHICLE });
  return z.NEVER;
});

/** Field name → its first message: the shape the forms show under each field. */
export function firstMessages(error: z.ZodError | Record<string, string[] | null>): Record<string, string> {
  const fields: Record<string, string> = {};
  if (error instanceof z.ZodError) {
    for (const issue of error.issues) fields[issue.path.join(".")] ??= issue.message;
  } else {
    for (const [name, messages] of Object.entries(error)) if (messages?.[0]) fields[name] = messages[0];
  }
  return fields;
}

/**
 * A form's fields as a plain object (the JSON API, a test, a server function
 * given the strings) read through the same schema the action and the browser use.
 */
export function parseFields<S extends z.ZodType>(schema: S, values: unknown): { ok: true; input: z.output<S> } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: firstMessages(parsed.error) };
}
