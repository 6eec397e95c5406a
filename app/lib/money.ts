/**
 * Money as the estimates (and later the invoices) keep it: whole cents in
 * integers, shown as US dollars ($1,234.56), a tax rate as thousandths of a
 * percent (6.25 % = 6250). Browser-safe: the editor shows live totals with
 * the same arithmetic the server stores (docs/decisions/0080).
 */

const DOLLARS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** 123456 → "$1,234.56". */
export function formatCents(cents: number): string {
  return DOLLARS.format(cents / 100);
}

/** 123456 → "1234.56", for an input's value, a CSV cell or a history line (a minus sign for a negative: -50 → "-0.50"). */
export function centsToDollarInput(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A chart axis's round amount: 5000 → "$50", 250000 → "$2.5k". */
export function axisDollars(cents: number): string {
  return cents >= 100_000 ? `$${cents / 100_000}k` : `$${cents / 100}`;
}

/**
 * "1,234.5", "$1234.56", "12" → cents; null when it is not an amount of
 * dollars with at most two decimals (no float arithmetic: the digits are
 * read as written).
 */
export function parseDollars(input: string): number | null {
  const text = input.trim().replace(/^\$/, "").replaceAll(",", "").trim();
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$|^\.(\d{1,2})$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1] ?? "0");
  const fraction = (match[2] ?? match[3] ?? "").padEnd(2, "0");
  return whole * 100 + Number(fraction);
}

/** "6.25", "6.250", "0", "100" → thousandths of a percent; null when not 0 to 100 with at most three decimals. */
export function parseTaxRate(input: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{0,3}))?$/.exec(input.trim().replace(/%$/, "").trim());
  if (!match) return null;
  const milli = Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
  return milli <= 100_000 ? milli : null;
}

/** 6250 → "6.25" (as the settings form shows it). */
export function formatTaxRate(milliPercent: number): string {
  const whole = Math.trunc(milliPercent / 1000);
  const fraction = String(milliPercent % 1000).padStart(3, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** The tax on `subtotalCents` at `milliPercent`, rounded half up to a whole cent, in integers only. */
export function taxCents(subtotalCents: number, milliPercent: number): number {
  // subtotal × rate / 100 000, half up: (2·a + b) div (2·b) for non-negative a, b.
  const numerator = BigInt(subtotalCents) * BigInt(milliPercent);
  const divisor = 100_000n;
  return Number((2n * numerator + divisor) / (2n * divisor));
}

/** `percent` (a whole number) of `cents`, rounded half up to a whole cent, like the tax (a price book's condition surcharge). */
export function percentOfCents(cents: number, percent: number): number {
  return taxCents(cents, percent * 1000);
}

export interface PricedLine {
  quantity: number;
  unitPriceCents: number;
}

export interface Totals {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** Subtotal (the lines' quantity × unit price), tax at `milliPercent` and total, in whole cents. */
export function totals(lines: readonly PricedLine[], milliPercent: number): Totals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const tax = taxCents(subtotalCents, milliPercent);
  return { subtotalCents, taxCents: tax, totalCents: subtotalCents + tax };
}
