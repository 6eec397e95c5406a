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
  const note = clean(form.note).replace(/\r\n?/g, "\n");
  if (note.length > PAYMENT_NOTE_MAX) errors.note = `Note can be at most ${PAYMENT_NOTE_MAX} characters.`;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, input: { amountCents: amountCents!, method: method as PaymentMethod, paidOn, note } };
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
