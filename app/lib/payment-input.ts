import { longDay } from "./job-time";
import { formatCents, parseDollars } from "./money";
import { isCalendarDay } from "./time-zone";
import { z } from "zod";
import { optionalText, parseFields, trimmed } from "./form-schema";

/**
 * The Record Payment form, one zod schema (browser-safe).
 * Amounts in whole cents; each refusal names its field as the form labels it
 * (docs/decisions/0088). Whether the amount fits the balance is checked again
 * where the payment is stored, with the invoice locked.
 */

export const PAYMENT_METHODS = ["Cash", "Card", "Check", "Venmo", "Zelle", "Other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_NOTE_MAX = 500;
/** A payment's Date may be this many years back at most; more than one year back, the owner confirms it first (docs/decisions/0109). */
export const PAYMENT_YEARS_BACK_MAX = 10;

export interface PaymentForm {
  amount: string;
  method: string;
  date: string;
  note: string;
}

export interface PaymentInput {
  amountCents: number;
  method: PaymentMethod;
  /** YYYY-MM-DD. */
  paidOn: string;
  note: string;
}

export type ParsedPayment = { ok: true; input: PaymentInput } | { ok: false; errors: Record<string, string> };

/** Method: one of PAYMENT_METHODS (a payment's, a deposit's). */
export const paymentMethod = trimmed(z.enum(PAYMENT_METHODS, { error: `Method must be one of ${PAYMENT_METHODS.join(", ")}.` }));

/**
 * The Record Payment form's one schema (docs/decisions/0118): `today` is
 * YYYY-MM-DD in the business's time zone; `dueCents` the amount due as shown
 * to the owner (the server checks first against no limit, then against the
 * locked invoice's balance).
 */
export function paymentSchema(today: string, dueCents: number) {
  return z.object({
    amount: trimmed(z.string({ error: "Amount is required." }).min(1, "Amount is required.")).transform((text, ctx) => {
      const refusal = amountRefusal(text, dueCents);
      if (typeof refusal === "number") return refusal;
      ctx.addIssue({ code: "custom", message: refusal });
      return z.NEVER;
    }),
    method: paymentMethod,
    date: trimmed(z.string({ error: DATE_INVALID }).refine(isCalendarDay, DATE_INVALID)).check((payload) => {
      const day = payload.value;
      const problem = day > today ? "Date cannot be in the future." : day < yearsBefore(today, PAYMENT_YEARS_BACK_MAX) ? `Date can be at most ${PAYMENT_YEARS_BACK_MAX} years ago.` : null;
      if (problem && !payload.issues.length) payload.issues.push({ code: "custom", message: problem, input: day });
    }),
    note: optionalText(PAYMENT_NOTE_MAX, `Note can be at most ${PAYMENT_NOTE_MAX} characters.`),
  });
}

const DATE_INVALID = "Date must be a date, like 2026-12-31.";

/** The form's strings (as the invoice page posts them) through paymentSchema. */
export function parsePaymentForm(form: PaymentForm, today: string, dueCents: number): ParsedPayment {
  const parsed = parseFields(paymentSchema(today, dueCents), form);
  if (!parsed.ok) return parsed;
  const { amount, method, date, note } = parsed.input;
  return { ok: true, input: { amountCents: amount, method, paidOn: date, note } };
}

/** The same date `years` years before `day` (29 February compares as the day after the 28th, which is what a bound needs). */
const yearsBefore = (day: string, years: number) => `${String(Number(day.slice(0, 4)) - years).padStart(4, "0")}${day.slice(4)}`;

/**
 * The question a payment dated more than a year before `today` asks before it
 * is recorded (a mistyped year is the likely cause), or null for a date
 * within the year. Both YYYY-MM-DD, the payment's already checked.
 */
export function oldPaymentQuestion(paidOn: string, today: string): string | null {
  if (paidOn >= yearsBefore(today, 1)) return null;
  return `This payment's date, ${longDay(new Date(`${paidOn}T12:00:00Z`), "UTC")}, is more than a year ago. Record it anyway?`;
}

/** The amount in cents, or the message refusing it. */
function amountRefusal(text: string, dueCents: number): number | string {
  if (/^-/.test(text.replace(/^\$/, ""))) return "Amount must be more than $0.00.";
  if (/\.\d{3,}$/.test(text)) return "Amount can have at most two decimals (cents).";
  const cents = parseDollars(text);
  if (cents === null) return "Amount must be an amount of dollars, like 125 or 125.50.";
  if (cents === 0) return "Amount must be more than $0.00.";
  if (cents > dueCents) return amountTooLarge(dueCents);
  return cents;
}

/** The refusal of a payment larger than what is due (shown by the form and by the locked check). */
export const amountTooLarge = (dueCents: number) => `Amount cannot be more than the amount due, ${formatCents(dueCents)}.`;
