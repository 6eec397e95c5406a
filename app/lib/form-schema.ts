import { getZodConstraint } from "@conform-to/zod/v4";
import { z } from "zod";
import { NOT_THEIR_VEHICLE, parseVehicleChoice } from "./vehicles";

/**
 * The pieces every form's zod schema is built from (docs/decisions/0118): one
 * schema per form, whose constraints the browser's fields take
 * (conform's getZodConstraint) and whose parse the action runs
 * (app/server/form-action.server.ts). Browser-safe.
 */

export { CORRECT_FIELDS } from "./form-messages";

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

/** One field's HTML constraint attributes: required, minLength/maxLength, min/max, an enum's pattern. */
export type FieldConstraint = ReturnType<typeof getZodConstraint>[string];

/**
 * The browser's side of a form's schema: each field's constraint attributes,
 * for its input to spread (`{...constraint.name}`), so the browser refuses
 * what the action would. conform's getZodConstraint says what is required
 * and an enum's pattern; it reads the lengths and bounds from zod's `_zod.bag`,
 * which zod 4.6 no longer fills, so they are read here from the field's own
 * string or number (zod's maxLength, maxValue…). A schema refined or
 * transformed as a whole gives its object's fields. A pure function: a page
 * without JavaScript calls it while rendering.
 */
export function formConstraint<S extends z.ZodType>(schema: S): Record<keyof z.input<S> & string, FieldConstraint> {
  const fields = objectOf(schema);
  const conform = getZodConstraint(fields);
  return Object.fromEntries(
    Object.entries(fields.shape as Record<string, z.ZodType>).map(([name, field]) => {
      const constraint: FieldConstraint = { ...conform[name] };
      const leaf = leafOf(field);
      if (leaf instanceof z.ZodString) {
        if (leaf.minLength != null) constraint.minLength = leaf.minLength;
        if (leaf.maxLength != null) constraint.maxLength = leaf.maxLength;
      } else if (leaf instanceof z.ZodBoolean) {
        // A checkbox read as a boolean: unchecked is a value (false), so the box is never required.
        constraint.required = false;
      } else if (leaf instanceof z.ZodNumber) {
        // A number without a bound reads as ±Infinity, or the safe-integer range for an int.
        if (isBound(leaf.minValue)) constraint.min = leaf.minValue;
        if (isBound(leaf.maxValue)) constraint.max = leaf.maxValue;
      }
      return [name, constraint];
    }),
  ) as Record<keyof z.input<S> & string, FieldConstraint>;
}

const isBound = (value: number | null): value is number => value != null && Math.abs(value) < Number.MAX_SAFE_INTEGER;

/** The object under a schema's whole-form refinements and transforms. */
function objectOf(schema: z.ZodType): z.ZodObject {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return objectOf(schema.in as z.ZodType);
  throw new Error("formConstraint: the schema is not an object");
}

/**
 * The string or number a field's text is checked as, the way conform walks
 * a field: through optional and default, and through a pipe to what it feeds
 * (trimmed's preprocess, a `.pipe`), or to its input when it ends in a transform.
 */
function leafOf(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodNullable) return leafOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return leafOf((schema.out instanceof z.ZodTransform ? schema.in : schema.out) as z.ZodType);
  return schema;
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
