import { percentOfCents } from "./money";

/**
 * Deposits on bookings (issue 35, docs/decisions/0132): the owner's rule and
 * the amount it asks of a booking. Browser-safe and pure: the booking prices
 * on the server, and a page may show the same arithmetic.
 */

/** Deposit Hold (hours) when the owner leaves it empty, and its bounds (the database's CHECK). */
export const DEPOSIT_HOLD_HOURS_DEFAULT = 24;
export const DEPOSIT_HOLD_HOURS_MAX = 168;

/** The owner's rule (Business Settings), as numbers. */
export interface DepositPolicy {
  /** Deposit Required Above, in cents: a booking whose total is more than this asks for a deposit; null: never. */
  aboveCents: number | null;
  /** Deposit (%): the share of the total asked, 1–100 (null while no threshold is set). */
  percent: number | null;
  /** Deposit Hold (hours): how long a booking waits for its deposit before it is released. */
  holdHours: number;
}

/** No deposit, ever: the rule of a business that has not set one. */
export const NO_DEPOSIT: DepositPolicy = { aboveCents: null, percent: null, holdHours: DEPOSIT_HOLD_HOURS_DEFAULT };

/**
 * The deposit a booking of `totalCents` asks for, in cents, or null for none:
 * Deposit (%) of the total, rounded half up to a cent, when the total is more
 * than Deposit Required Above. Never more than the total, never 0.
 */
export function depositFor(policy: Pick<DepositPolicy, "aboveCents" | "percent">, totalCents: number): number | null {
  const { aboveCents, percent } = policy;
  if (aboveCents === null || percent === null || !Number.isSafeInteger(totalCents) || totalCents <= aboveCents) return null;
  const cents = Math.min(percentOfCents(totalCents, percent), totalCents);
  return cents > 0 ? cents : null;
}

/** Where a deposit stands: waiting (the booking is held), received (recorded by the owner) or released (the hold ran out, the job was cancelled). */
export type DepositState = "due" | "received" | "released";
