import { percentOfCents } from "./money";
import type { DocumentLine } from "./priced-lines";

/**
 * A maintenance plan's discount on one-off work (docs/decisions/0155): its
 * own priced line, "Plan discount (Biweekly Wash, 10 %)", a negative amount
 * of the work the price book priced, rounded half up to a cent like the tax
 * (app/lib/money.ts). The server decides it; the editor's live totals read
 * the same arithmetic. Browser-safe.
 */

export interface PlanDiscount {
  planName: string;
  /** A whole percentage, 1 to 100. */
  percent: number;
}

export const planDiscountLabel = (discount: PlanDiscount) => `Plan discount (${discount.planName}, ${discount.percent} %)`;

/** The discount's line on `baseCents` of work, or null when it comes to nothing. */
export function planDiscountLine(discount: PlanDiscount, baseCents: number): DocumentLine | null {
  const cents = percentOfCents(baseCents, discount.percent);
  if (cents <= 0) return null;
  return { description: planDiscountLabel(discount), quantity: 1, unitPriceCents: -cents, serviceId: null, planDiscount: true };
}

/**
 * The lines with the discount as their last line, on the lines `discountable`
 * says the price book priced; any discount line they had is replaced (the
 * server recomputes it at each save). Without a discount, the work alone.
 */
export function withPlanDiscount(lines: readonly DocumentLine[], discount: PlanDiscount | null, discountable: (line: DocumentLine, index: number) => boolean): DocumentLine[] {
  const work = lines.filter((l) => !l.planDiscount);
  if (!discount) return work;
  const base = work.reduce((sum, line, i) => sum + (discountable(line, i) ? line.quantity * line.unitPriceCents : 0), 0);
  const line = planDiscountLine(discount, base);
  return line ? [...work, line] : work;
}

/** The owner's estimate: lines started from a service (the price list the editor offers) are the price book's; a line typed by hand is the owner's own price. */
export const fromPriceList = (line: DocumentLine) => line.serviceId !== null;
