import { SEED_SETTINGS } from "../app/lib/business";
import { renderEstimatePdf } from "../app/server/estimates/estimate-pdf.server";
import type { Estimate } from "../app/server/estimates/estimates.server";
import { type BenchReport, ms, percentile } from "./lib";

/**
 * Issue 20: an estimate's PDF in under 200 ms. A typical estimate (five
 * lines, a message) rendered 50 times in this process after a warm-up (the
 * first render opens the fonts); also a full one of 50 lines, and (issue 33)
 * the typical one for a customer whose name needs all three embedded fonts.
 * Run alone: tsx bench/run.ts pdf
 */
const TARGET_MS = 200;

const WORLD_NAME = "Nguyễn Văn Đức · 王小明 · محمد عبد الله";

function estimate(lines: number, name = "Jordan Example"): Estimate {
  return {
    id: 1,
    number: 1001,
    token: "x".repeat(32),
    customerId: 1,
    leadId: 1,
    source: "quote_form",
    status: "sent",
    storedStatus: "sent",
    validUntil: "2099-12-31",
    message: "Thanks for asking! We bring our own water and power.",
    durationMinutes: 360,
    taxRateMilliPercent: 6000,
    subtotalCents: 0,
    taxCents: 0,
    totalCents: 0,
    declineReason: "",
    sentAt: new Date(),
    viewedAt: null,
    decidedAt: null,
    createdAt: new Date(),
    customer: { name, email: "jordan@example.com", phone: "(616) 555-0188", vehicleType: "SUV" },
    vehicle: { id: 1, label: "2021 Honda CR-V (SUV, Silver)" },
    lines: Array.from({ length: lines }, (_, i) => ({ description: `Service line ${i + 1}: interior, exterior and glass`, quantity: 1 + (i % 3), unitPriceCents: 8_900 + i * 1_000, serviceId: null })),
  };
}

async function times(lines: number, runs: number, name?: string): Promise<{ sorted: number[]; bytes: number }> {
  await renderEstimatePdf(estimate(lines, name), SEED_SETTINGS);
  const sorted: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    bytes = (await renderEstimatePdf(estimate(lines, name), SEED_SETTINGS, "https://example.com/estimates/x")).length;
    sorted.push(performance.now() - start);
  }
  return { sorted: sorted.sort((a, b) => a - b), bytes };
}

export async function benchEstimatePdf(): Promise<BenchReport> {
  const typical = await times(5, 50);
  const full = await times(50, 20);
  const world = await times(5, 50, WORLD_NAME);
  const row = (name: string, t: { sorted: number[]; bytes: number }) => [name, ms(percentile(t.sorted, 50)), ms(percentile(t.sorted, 95)), `${(t.bytes / 1024).toFixed(1)} KB`];
  const p95 = percentile(typical.sorted, 95);
  return {
    title: "Estimate PDF (pdfkit, in process)",
    headers: ["estimate", "median", "p95", "size"],
    rows: [row("typical (5 lines)", typical), row("full (50 lines)", full), row("typical, named in Vietnamese, Chinese, Arabic", world)],
    checks: [{ label: `typical estimate's PDF p95 ${ms(p95)} under ${TARGET_MS} ms`, ok: p95 < TARGET_MS }],
  };
}
