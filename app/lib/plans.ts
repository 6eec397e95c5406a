import { z } from "zod";
import { formConstraint, recordId, trimmed } from "./form-schema";
import { formatCents, parseDollars } from "./money";
import { isCalendarDay } from "./time-zone";

/**
 * Maintenance plans' shapes and their forms' schemas (issue 37,
 * docs/decisions/0145): the owner's /admin/plans, Start a Plan on a
 * customer's page and the customer's /plans/{token} post through these
 * (docs/decisions/0118). Browser-safe. Money in whole cents (./money.ts);
 * limits as the database's checks hold them.
 */

export const PLAN_BILLINGS = ["per_visit", "monthly"] as const;
export type PlanBilling = (typeof PLAN_BILLINGS)[number];
export const PLAN_BILLING_TITLES: Record<PlanBilling, string> = { per_visit: "Per visit", monthly: "Monthly statement" };

/** "weekly:2" (every 2 weeks) or "monthly": the form's one select. */
export type PlanCadence = { kind: "weekly"; weeks: number } | { kind: "monthly" };

export const PLAN_NAME_MAX = 80;
export const PLAN_PRICE_MAX_CENTS = 10_000_000;
export const PLAN_INTERVAL_WEEKS_MAX = 12;
export const PLAN_PAUSE_WEEKS_MAX = 52;
export const PLAN_DURATION_MAX_MINUTES = 720;
export const PLAN_ADDRESS_MAX = 300;

export interface Plan {
  id: number;
  name: string;
  cadence: PlanCadence;
  billing: PlanBilling;
  priceCents: number;
  discountPercent: number;
  maxPauseWeeks: number;
  packageIds: number[];
  retired: boolean;
}

/** "Every 2 weeks", "Every week", "Monthly". */
export function cadenceTitle(cadence: PlanCadence): string {
  if (cadence.kind === "monthly") return "Monthly";
  return cadence.weeks === 1 ? "Every week" : `Every ${cadence.weeks} weeks`;
}

/** "$49.00 per visit", "$89.00 per month". */
export function planPriceTitle(plan: Pick<Plan, "billing" | "priceCents">): string {
  return `${formatCents(plan.priceCents)} ${plan.billing === "monthly" ? "per month" : "per visit"}`;
}

/** The cadence select's options: every 1 to PLAN_INTERVAL_WEEKS_MAX weeks, or monthly. */
export const CADENCE_OPTIONS: { value: string; title: string }[] = [
  ...Array.from({ length: PLAN_INTERVAL_WEEKS_MAX }, (_, i) => ({ value: `weekly:${i + 1}`, title: cadenceTitle({ kind: "weekly", weeks: i + 1 }) })),
  { value: "monthly", title: "Monthly" },
];

export const cadenceValue = (cadence: PlanCadence) => (cadence.kind === "monthly" ? "monthly" : `weekly:${cadence.weeks}`);

const optionalId = trimmed(z.string().regex(/^\d{1,9}$/).optional()).transform((text) => (text ? Number(text) : null));

function whole(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return trimmed(z.string({ error: `${label} is required.` }).min(1, `${label} is required.`)).transform((text, ctx) => {
    if (/^\d{1,6}$/.test(text) && Number(text) >= min && Number(text) <= max) return Number(text);
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}

const price = trimmed(z.string({ error: "Price is required." }).min(1, "Price is required.")).transform((text, ctx) => {
  const cents = parseDollars(text);
  if (cents !== null && cents <= PLAN_PRICE_MAX_CENTS) return cents;
  ctx.addIssue({ code: "custom", message: `Price must be an amount from $0.00 to ${formatCents(PLAN_PRICE_MAX_CENTS)}.` });
  return z.NEVER;
});

const cadence = trimmed(z.string({ error: "Visits is required." })).transform((text, ctx): PlanCadence => {
  if (text === "monthly") return { kind: "monthly" };
  const match = /^weekly:(\d{1,2})$/.exec(text);
  if (match && Number(match[1]) >= 1 && Number(match[1]) <= PLAN_INTERVAL_WEEKS_MAX) return { kind: "weekly", weeks: Number(match[1]) };
  ctx.addIssue({ code: "custom", message: `Visits must be every 1 to ${PLAN_INTERVAL_WEEKS_MAX} weeks, or monthly.` });
  return z.NEVER;
});

/** A package id among the checkboxes `packages`. */
const packageIds = z
  .preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string().regex(/^\d{1,9}$/, "Choose packages from the list.")))
  .transform((ids) => [...new Set(ids.map(Number))]);

/** The owner's plan form: add (no id) or edit. */
export const planSchema = z.object({
  id: optionalId,
  name: trimmed(
    z
      .string({ error: "Name is required." })
      .min(1, "Name is required.")
      .max(PLAN_NAME_MAX, `Name can be at most ${PLAN_NAME_MAX} characters.`)
      .regex(/^[^\n\r]*$/, "Name must be on one line."),
    (text) => text.replace(/[ \t]+/g, " "),
  ),
  packages: packageIds,
  cadence,
  billing: z.enum(PLAN_BILLINGS, { error: "Billing must be per visit or a monthly statement." }),
  price,
  discountPercent: whole("Discount (%)", 0, 100),
  maxPauseWeeks: whole("Longest Pause (weeks)", 0, PLAN_PAUSE_WEEKS_MAX),
});
export type PlanInput = z.output<typeof planSchema>;

/** Retire (or bring back) a plan: its id. */
export const retireSchema = z.object({ id: recordId("Choose a plan."), retired: z.preprocess((v) => v === "true", z.boolean()) });

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Start a Plan on the customer's page. */
export const startPlanSchema = z.object({
  plan: recordId("Choose a plan."),
  vehicleId: optionalId,
  startDate: trimmed(z.string({ error: "Start Date is required." }).refine(isCalendarDay, "Start Date must be a date, like 2026-12-31.")),
  startTime: trimmed(z.string({ error: "Preferred Time is required." }).regex(HH_MM, "Preferred Time must be a time from 00:00 to 23:59.")),
  durationMinutes: whole("Duration (minutes)", 15, PLAN_DURATION_MAX_MINUTES),
  address: trimmed(z.string().max(PLAN_ADDRESS_MAX, `Address can be at most ${PLAN_ADDRESS_MAX} characters.`).optional()).transform((t) => t ?? ""),
});
export type StartPlanInput = z.output<typeof startPlanSchema>;

/** The customer's Pause Plan: how many weeks, 1 to the plan's limit (checked by the server against the plan). */
export const pausePlanSchema = z.object({ weeks: whole("Pause For (weeks)", 1, PLAN_PAUSE_WEEKS_MAX) });

/** Create Statement on the customer's page: the plan and the month (YYYY-MM). */
export const statementSchema = z.object({
  customerPlan: recordId("Choose a plan."),
  month: trimmed(z.string({ error: "Month is required." }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Month must be a month, like 2026-11.")),
});

export const PLAN_CONSTRAINT = {
  plan: formConstraint(planSchema),
  start: formConstraint(startPlanSchema),
  pause: formConstraint(pausePlanSchema),
  statement: formConstraint(statementSchema),
};
