import { z } from "zod";
import { formConstraint, oneLineEnd, trimmed } from "./form-schema";
import { formatCents, parseDollars } from "./money";
import { MAX_UNIT_PRICE_CENTS } from "./priced-lines";

/**
 * The price book's shapes and its forms' schemas (docs/decisions/0126):
 * the owner's /admin/price-book posts through these (docs/decisions/0118),
 * and the prices the server quotes are read from what they stored.
 * Browser-safe. Money in whole cents through ./money.ts; limits as the
 * database's checks hold them, or tighter.
 */

export const CONDITIONS = ["light", "moderate", "heavy"] as const;
export type Condition = (typeof CONDITIONS)[number];
export const CONDITION_TITLES: Record<Condition, string> = { light: "Light", moderate: "Moderate", heavy: "Heavy" };

export const NAME_MAX = 80;
export const DESCRIPTION_MAX = 500;
/** A package's Checklist (docs/decisions/0138): at most this many steps, each of at most this many characters. */
export const CHECKLIST_STEPS_MAX = 30;
export const CHECKLIST_STEP_MAX = 120;
/** A quote's lines become an estimate's: a price is at most what an estimate's line may hold. */
export const PRICE_MAX_CENTS = MAX_UNIT_PRICE_CENTS;
/** A week of work: more is a typing mistake. */
export const DURATION_MAX_MINUTES = 10_080;
export const ZONE_MILES_MAX = 500;
/** The boat lengths online prices cover; a longer (or odder) boat is a quote request. */
export const BOAT_FEET_MIN = 10;
export const BOAT_FEET_MAX = 60;
/** A boat's length out of that range, or missing for a class priced per foot. */
export const BOAT_FEET_MESSAGE = `Boat Length (feet) must be a whole number from ${BOAT_FEET_MIN} to ${BOAT_FEET_MAX}.`;

export interface VehicleClass {
  id: number;
  name: string;
  /** Priced by the boat's length: its packages' prices and durations are per foot. */
  perFoot: boolean;
}

/** A package's price for one vehicle class; for a per-foot class, per foot with `minimumCents` the least price. */
export interface PackagePrice {
  vehicleClassId: number;
  priceCents: number;
  durationMinutes: number;
  minimumCents: number;
}

export interface Package {
  id: number;
  name: string;
  description: string;
  prices: PackagePrice[];
  /** The steps of the work, in order: a job booked with the package gets its own copy (docs/decisions/0138). */
  checklist: string[];
}

export interface AddOn {
  id: number;
  name: string;
  priceCents: number;
  durationMinutes: number;
}

export interface TravelZone {
  id: number;
  upToMiles: number;
  feeCents: number;
}

export interface PriceBook {
  classes: VehicleClass[];
  packages: Package[];
  addOns: AddOn[];
  /** Percent added for each condition. */
  surcharges: Record<Condition, number>;
  /** By distance, nearest first. */
  zones: TravelZone[];
  baseZip: string;
  radiusMiles: number;
  /** The Tax Rate (%) setting, in thousandths of a percent. */
  taxMilliPercent: number;
}

/**
 * The package's Checklist as the owner types it, one step a line: each
 * line trimmed (inner runs of spaces made one), empty lines dropped; at most
 * CHECKLIST_STEPS_MAX steps of at most CHECKLIST_STEP_MAX characters, no two
 * alike whatever their case (a job's ticks are kept by the step's words).
 */
export const checklistText = trimmed(z.string().optional(), oneLineEnd).transform((text, ctx) => {
  const steps = (text ?? "")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const issue = (message: string) => (ctx.addIssue({ code: "custom", message }), z.NEVER);
  if (steps.length > CHECKLIST_STEPS_MAX) return issue(`Checklist can have at most ${CHECKLIST_STEPS_MAX} steps, one a line; this one has ${steps.length}.`);
  const long = steps.findIndex((step) => step.length > CHECKLIST_STEP_MAX);
  if (long >= 0) return issue(`Each step of the Checklist can be at most ${CHECKLIST_STEP_MAX} characters: step ${long + 1} has ${steps[long]!.length}.`);
  const seen = new Set<string>();
  for (const step of steps) {
    if (seen.has(step.toLowerCase())) return issue(`Checklist has the step “${step}” twice: make each step different.`);
    seen.add(step.toLowerCase());
  }
  return steps;
});

/** The steps as the Checklist textarea shows them. */
export const checklistLines = (steps: readonly string[]) => steps.join("\n");

const id = trimmed(z.string().regex(/^\d{1,9}$/).optional()).transform((text) => (text ? Number(text) : null));

const name = trimmed(
    z
      .string({ error: "Name is required." })
      .min(1, "Name is required.")
      .max(NAME_MAX, `Name can be at most ${NAME_MAX} characters.`)
      .regex(/^[^\n\r]*$/, "Name must be on one line."),
  (text) => text.replace(/[ \t]+/g, " "),
);

/** An amount of dollars typed in a field labelled `label`, as cents; `optional` reads an empty field as null. */
function dollars(label: string, optional = false) {
  const message = `${label} must be an amount from $0.00 to ${formatCents(PRICE_MAX_CENTS)}.`;
  return trimmed(optional ? z.string().optional() : z.string({ error: `${label} is required.` }).min(1, `${label} is required.`)).transform((text, ctx) => {
    if (text === undefined || text === "") return null;
    const cents = parseDollars(text);
    if (cents !== null && cents <= PRICE_MAX_CENTS) return cents;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}

/** A whole number from `min` to `max` typed in a field labelled `label`; `optional` reads an empty field as null. */
function whole(label: string, min: number, max: number, optional = false) {
  const message = `${label} must be a whole number from ${min} to ${max.toLocaleString("en-US")}.`;
  return trimmed(optional ? z.string().optional() : z.string({ error: `${label} is required.` }).min(1, `${label} is required.`)).transform((text, ctx) => {
    if (text === undefined || text === "") return null;
    if (/^\d{1,6}$/.test(text) && Number(text) >= min && Number(text) <= max) return Number(text);
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}

const required = <T>(value: T | null) => value as T;

export const vehicleClassSchema = z.object({
  id,
  name,
  perFoot: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
});

/**
 * One package: its name and description, and for each vehicle class its
 * price and duration, both empty for a class that does not offer it.
 * Field names: `prices[i].price`, `prices[i].duration`, `prices[i].minimum`.
 */
export const packageSchema = z.object({
  id,
  name,
  description: trimmed(z.string().max(DESCRIPTION_MAX, `Description can be at most ${DESCRIPTION_MAX} characters.`).optional()).transform((text) => text ?? ""),
  checklist: checklistText,
  prices: z
    .array(
      z
        .object({
          vehicleClassId: id,
          price: dollars("Price", true),
          duration: whole("Duration (minutes)", 1, DURATION_MAX_MINUTES, true),
          minimum: dollars("Minimum Price", true),
        })
        .superRefine((row, ctx) => {
          // Offered needs both a price and a duration; neither is "not offered".
          if (row.price !== null && row.duration === null) ctx.addIssue({ code: "custom", path: ["duration"], message: "Duration (minutes) is required with a price." });
          if (row.price === null && row.duration !== null) ctx.addIssue({ code: "custom", path: ["price"], message: "Price is required with a duration." });
        }),
    )
    .optional()
    .transform((rows) =>
      (rows ?? []).flatMap((row): PackagePrice[] =>
        row.vehicleClassId !== null && row.price !== null && row.duration !== null
          ? [{ vehicleClassId: row.vehicleClassId, priceCents: row.price, durationMinutes: row.duration, minimumCents: row.minimum ?? 0 }]
          : [],
      ),
    ),
});

export const addOnSchema = z.object({
  id,
  name,
  price: dollars("Price").transform(required<number>),
  duration: whole("Duration (minutes)", 1, DURATION_MAX_MINUTES).transform(required<number>),
});

const percent = (level: Condition) => whole(`${CONDITION_TITLES[level]} (%)`, 0, 100).transform(required<number>);

export const surchargesSchema = z.object({ light: percent("light"), moderate: percent("moderate"), heavy: percent("heavy") });

export const travelZoneSchema = z.object({
  id,
  upToMiles: whole("Up To (miles)", 1, ZONE_MILES_MAX).transform(required<number>),
  fee: dollars("Fee").transform(required<number>),
});

/** The forms' fields' browser attributes (required, maxLength…), from their schemas (docs/decisions/0118). */
export const PRICE_BOOK_CONSTRAINT = {
  vehicleClass: formConstraint(vehicleClassSchema),
  package: formConstraint(packageSchema),
  addOn: formConstraint(addOnSchema),
  surcharges: formConstraint(surchargesSchema),
  travelZone: formConstraint(travelZoneSchema),
};

/** What the Remove buttons may take away. */
export const REMOVABLE = ["vehicleClass", "package", "addOn", "travelZone"] as const;
export type Removable = (typeof REMOVABLE)[number];

export const removeSchema = z.object({
  kind: z.enum(REMOVABLE, { error: `kind must be ${REMOVABLE.join(", ")}` }),
  id: trimmed(z.string({ error: "id is required" }).regex(/^\d{1,9}$/, "id must be a number")).transform(Number),
});
