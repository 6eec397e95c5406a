import { z } from "zod";
import { optionalText, trimmed } from "./form-schema";

/**
 * The condition report's form (issue 36, docs/decisions/0136): a note per
 * area of the vehicle, photos, and the customer's signature (drawn on the pad
 * with JavaScript, a typed name always) with their agreement that the report
 * is accurate. One zod schema per kind of vehicle (docs/decisions/0118): the
 * fields' constraints in the browser, the action's parse on the server.
 * Browser-safe.
 */

/** The areas of a car and of a boat, in the order they are noted. */
export const CAR_AREAS = ["Front", "Rear", "Left Side", "Right Side", "Roof", "Interior"] as const;
export const BOAT_AREAS = ["Hull", "Deck", "Cabin", "Canvas"] as const;

export type ConditionKind = "car" | "boat";

/** A boat (the saved vehicle's kind) has a boat's areas; anything else, or no vehicle, a car's. */
export const conditionKind = (vehicleKind: string | null | undefined): ConditionKind => (vehicleKind === "Boat" ? "boat" : "car");

export const areasOf = (kind: ConditionKind): readonly string[] => (kind === "boat" ? BOAT_AREAS : CAR_AREAS);

/** The form field of an area's note: "Left Side" → "note_left_side". */
export const noteField = (area: string) => `note_${area.toLowerCase().replace(/\s+/g, "_")}`;

export const NOTE_MAX = 1000;
export const SIGNED_NAME_MAX = 100;
/** At most this many photos a report (two an area of a car). */
export const CONDITION_PHOTOS_MAX = 12;
export const CONDITION_PHOTO_FIELD = "photos";
/** The drawn signature as a PNG data URL: a canvas the width of a phone at three device pixels a point is some tens of KB. */
export const SIGNATURE_MAX_CHARS = 700_000;

export const CONDITION_MESSAGES = {
  key: "The form is missing its key: reload the page and save again.",
  signedName: "Type the customer's name: it is recorded with the report.",
  signedNameTooLong: `The customer's name can be at most ${SIGNED_NAME_MAX} characters.`,
  agreed: "Tick the box once the customer agrees the report is accurate.",
  signature: "The drawn signature could not be read. Clear it and sign again, or leave it empty and use the typed name.",
  tooManyPhotos: `Please add at most ${CONDITION_PHOTOS_MAX} photos.`,
} as const;

const noteTooLong = (area: string) => `${area} can be at most ${NOTE_MAX.toLocaleString("en-US")} characters.`;

export interface ConditionReportInput {
  key: string;
  /** Each area's note by the area's name ("" for none), in the areas' order. */
  areas: Record<string, string>;
  signedName: string;
  /** The drawn signature, a PNG data URL; null when only the name was typed. */
  signature: string | null;
}

export function conditionReportSchema(kind: ConditionKind) {
  const areas = areasOf(kind);
  return z
    .object({
      key: trimmed(z.string({ error: CONDITION_MESSAGES.key }).regex(/^[A-Za-z0-9_-]{8,100}$/, CONDITION_MESSAGES.key)),
      ...Object.fromEntries(areas.map((area) => [noteField(area), optionalText(NOTE_MAX, noteTooLong(area))])),
      signed_name: trimmed(
        z.string({ error: CONDITION_MESSAGES.signedName }).min(1, CONDITION_MESSAGES.signedName).max(SIGNED_NAME_MAX, CONDITION_MESSAGES.signedNameTooLong),
        (text) => text.replace(/\s+/g, " "),
      ),
      agreed: z.literal("yes", { error: CONDITION_MESSAGES.agreed }),
      signature: z
        .string()
        .max(SIGNATURE_MAX_CHARS, CONDITION_MESSAGES.signature)
        .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, CONDITION_MESSAGES.signature)
        .optional(),
    })
    .transform(
      (form): ConditionReportInput => ({
        key: form.key,
        areas: Object.fromEntries(areas.map((area) => [area, (form as Record<string, unknown>)[noteField(area)] as string])),
        signedName: form.signed_name,
        signature: form.signature ?? null,
      }),
    );
}
