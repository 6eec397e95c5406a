import { longDay } from "./job-time";
import { formatCents, parseDollars } from "./money";
import { isCalendarDay } from "./time-zone";

/**
 * The Record Payment form, read and checked in one place (browser-safe).
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

const clean = (value: string | undefined) => (value ?? "").replaceAll("\0", "").trim();

/** `today` is YYYY-MM-DD in the business's time zone; `dueCents` the amount due as shown to the owner. */
export function parsePaymentForm(form: PaymentForm, today: string, dueCents: number): ParsedPayment {
  const errors: Record<string, string> = {};
  const amountText = clean(form.amount);
  const amountCents = parseAmount(amountText, dueCents, errors);
  const method = clean(form.method);
  if (!(PAYMENT_METHODS as readonly string[]).includes(method)) errors.method = `Method must be one of ${PAYMENT_METHODS.join(", ")}.`;
  const paidOn = clean(form.date);
  if (!isCalendarDay(paidOn)) errors.date = "Date must be a date, like 2026-12-31.";
  else if (paidOn > today) errors.date = "Date cannot be in the future.";
  else if (paidOn < yearsBefore(today, PAYMENT_YEARS_BACK_MAX)) errors.date = `Date can be at most ${PAYMENT_YEARS_BACK_MAX} years ago.`;
  const note = clean(form.note).replace(/\r\n?/g, "\n");
  if (note.length > PAYMENT_NOTE_MAX) errors.note = `Note can be at most ${PAYMENT_NOTE_MAX} characters.`;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, input: { amountCents: amountCents!, method: method as PaymentMethod, paidOn, note } };
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

function parseAmount(text: string, dueCents: number, errors: Record<string, string>): number | null {
  if (!text) {
    errors.amount = "Amount is required.";
    return null;
  }
  if (/^-/.test(text.replace(/^\$/, ""))) {
    errors.amount = "Amount must be more than $0.00.";
    return null;
  }
  if (/\.\d{3,}$/.test(text)) {
    errors.amount = "Amount can have at most two decimals (cents).";
    return null;
  }
  const cents = parseDollars(text);
  if (cents === null) errors.amount = "Amount must be an amount of dollars, like 125 or 125.50.";
  else if (cents === 0) errors.amount = "Amount must be more than $0.00.";
  else if (cents > dueCents) errors.amount = amountTooLarge(dueCents);
  return cents;
}

/** The refusal of a payment larger than what is due (shown by the form and by the locked check). */
export const amountTooLarge = (dueCents: number) => `Amount cannot be more than the amount due, ${formatCents(dueCents)}.`;
