import { describe, expect, it } from "vitest";
import { centsToDollarInput, formatCents, formatTaxRate, parseDollars, parseTaxRate, percentOfCents, taxCents, totals } from "./money";

describe("money in whole cents", () => {
  it("reads dollars as written, without float errors", () => {
    expect(parseDollars("1,234.56")).toBe(123456);
    expect(parseDollars("$0.10")).toBe(10);
    expect(parseDollars("19.9")).toBe(1990);
    expect(parseDollars("100000")).toBe(10_000_000);
    expect(parseDollars(".5")).toBe(50);
    expect(parseDollars("0.29")).toBe(29);
    for (const bad of ["", "abc", "1.234", "-5", "1e3", "12.3.4"]) expect(parseDollars(bad)).toBeNull();
  });

  it("shows cents as dollars", () => {
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatCents(5)).toBe("$0.05");
    expect(centsToDollarInput(123405)).toBe("1234.05");
  });

  it("rounds tax half up, in integers", () => {
    // 6 % of $0.25 is 1.5 cents: up to 2.
    expect(taxCents(25, 6000)).toBe(2);
    // 6 % of $0.24 is 1.44 cents: 1.
    expect(taxCents(24, 6000)).toBe(1);
    // 6.25 % of $10.00 is 62.5 cents: 63.
    expect(taxCents(1000, 6250)).toBe(63);
    expect(taxCents(0, 6250)).toBe(0);
    // The largest estimate: 50 lines of 999 × $100,000.00.
    expect(taxCents(50 * 999 * 10_000_000, 100_000)).toBe(50 * 999 * 10_000_000);
  });

  it("takes a whole percentage of an amount half up, like the tax (a price book's surcharge)", () => {
    // 15 % of $199.99 is 2999.85 cents: 3000; 30 % of $0.05 is 1.5 cents: 2.
    expect(percentOfCents(19_999, 15)).toBe(3_000);
    expect(percentOfCents(5, 30)).toBe(2);
    expect(percentOfCents(33_700, 0)).toBe(0);
    expect(percentOfCents(33_700, 100)).toBe(33_700);
  });

  it("adds up lines, tax and total", () => {
    expect(totals([{ quantity: 2, unitPriceCents: 12_500 }, { quantity: 1, unitPriceCents: 4_999 }], 6000)).toEqual({
      subtotalCents: 29_999,
      taxCents: 1_800,
      totalCents: 31_799,
    });
  });

  it("reads and shows a tax rate", () => {
    expect(parseTaxRate("6.25")).toBe(6250);
    expect(parseTaxRate("6")).toBe(6000);
    expect(parseTaxRate("100")).toBe(100_000);
    expect(parseTaxRate("100.001")).toBeNull();
    expect(parseTaxRate("-1")).toBeNull();
    expect(parseTaxRate("6.2501")).toBeNull();
    expect(formatTaxRate(6250)).toBe("6.25");
    expect(formatTaxRate(6000)).toBe("6");
    expect(formatTaxRate(0)).toBe("0");
  });
});
