import { z } from "zod";
import { formConstraint, trimmed } from "./form-schema";
import { formatCents, parseDollars } from "./money";
import { PAYMENT_METHODS, type PaymentMethod } from "./payment-input";

/**
 * Finish Job (issue 36, docs/decisions/0140): the customer's sign-off (the
 * name they type on the phone) and the payment taken on the spot, if any:
 * Amount, Method and Tip. A blank Amount records no payment (an invoice is
 * sent later as usual). Browser-safe: the field's constraints come from here.
 */

export const SIGN_OFF_MAX = 100;
/** The idempotency key the phone sends with each field action (the offline queue replays it). */
export const CLIENT_KEY = /^[A-Za-z0-9_-]{8,64}$/;
const TIP_MAX_CENTS = 100_000_00;

const SIGN_OFF_MISSING = "Customer Sign-off is required: the customer types their name to sign the work off.";
const AMOUNT_INVALID = "Amount must be an amount in dollars, like 199 or 199.50, or blank for no payment now.";
const TIP_INVALID = "Tip must be an amount in dollars, like 20, or blank for none.";

const dollarsOrBlank = (message: string, { positive }: { positive: boolean }) =>
  trimmed(z.string().optional()).transform((text, ctx) => {
    if (!text) return 0;
    const cents = parseDollars(text);
    if (cents === null || (positive && cents <= 0) || cents > TIP_MAX_CENTS) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return cents;
  });

const finishFields = z.object({
  signOff: trimmed(z.string({ error: SIGN_OFF_MISSING }).min(1, SIGN_OFF_MISSING).max(SIGN_OFF_MAX, `Customer Sign-off can be at most ${SIGN_OFF_MAX} characters.`), (t) => t.replace(/\s+/g, " ")),
  amount: dollarsOrBlank(AMOUNT_INVALID, { positive: true }),
  method: trimmed(z.string().optional()),
  tip: dollarsOrBlank(TIP_INVALID, { positive: false }),
  key: trimmed(z.string().regex(CLIENT_KEY, "key must be 8 to 64 letters, digits, - or _.").optional()),
});

export const FINISH_JOB_CONSTRAINT = formConstraint(finishFields);

export const finishJobSchema = finishFields.check((payload) => {
  const { amount, method, tip } = payload.value;
  const paying = amount > 0;
  if (paying && !PAYMENT_METHODS.includes(method as PaymentMethod)) {
    payload.issues.push({ code: "custom", path: ["method"], message: `Method must be one of ${PAYMENT_METHODS.join(", ")}.`, input: method });
  }
  if (!paying && tip > 0) payload.issues.push({ code: "custom", path: ["tip"], message: "A tip is taken with a payment: enter the Amount too.", input: tip });
});

export interface FinishJobInput {
  signOff: string;
  /** Null: no payment now. */
  payment: { amountCents: number; method: PaymentMethod; tipCents: number } | null;
  key: string | null;
}

export function finishJobInput(parsed: z.output<typeof finishJobSchema>): FinishJobInput {
  return {
    signOff: parsed.signOff,
    payment: parsed.amount > 0 ? { amountCents: parsed.amount, method: parsed.method as PaymentMethod, tipCents: parsed.tip } : null,
    key: parsed.key ?? null,
  };
}

/** "$20.00 tip" for the receipt and the job's history; "" for none. */
export const tipWords = (tipCents: number) => (tipCents > 0 ? `${formatCents(tipCents)} tip` : "");
