import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { signInByEmail, startAppServer } from "../tests/helpers/app-server";
import { startSmtpSink } from "../tests/helpers/smtp";
import { imagesAboveTheFold } from "./above-the-fold";
import { type BenchReport, kb } from "./lib";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedGalleryPairs } from "./seed-gallery";

const PAGES = ["/", "/book", "/gallery", "/about"];
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const OWNER = "owner@bench.example";

export type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { id: string; title: string; score: number | null; scoreDisplayMode: string; numericValue?: number; displayValue?: string; details?: { items?: unknown[] } }>;
};
type NetworkRequest = { url: string; resourceType?: string; transferSize?: number };

/**
 * (h) Lighthouse's mobile report (its default: a Moto G Power screen, simulated
 * slow 4G and 4x CPU slowdown) for /, /book (issue 35), /gallery and /about, on the built
 * production server with three published before/after pairs (a new database
 * has none, and the gallery's photos are what these pages load). Prints the
 * four category scores, LCP, CLS, TBT, and the bytes of the images a phone
 * shows before scrolling (bench/above-the-fold.ts picks them; their sizes are
 * Lighthouse's network records). Target: 100 in each category; every audit
 * that cost points is listed in the notes.
 */
export async function benchLighthouse(): Promise<BenchReport> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-bench-"));
  const smtp = await startSmtpSink();
  const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER }, { dataDir, embeddedOnDisk: true });
  const chrome = await launchChromium();
  try {
    await seedGalleryPairs(app, await signInByEmail(app, smtp, OWNER), 3);
    const urls = PAGES.map((p) => `${app.url}${p}`);
    const aboveFold = await imagesAboveTheFold(urls);
    const rows: (string | number)[][] = [];
    const checks: BenchReport["checks"] = [];
    const notes: string[] = [];
    for (const [i, url] of urls.entries()) {
      // Once unmeasured: the page cache and the server's first render are not what a visitor meets.
      await fetch(url);
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const lhr = result.lhr as unknown as Lhr;
      // The whole report, to read what the table leaves out (LIGHTHOUSE_JSON_DIR=/some/dir).
      if (process.env.LIGHTHOUSE_JSON_DIR) {
        const name = PAGES[i] === "/" ? "home" : PAGES[i]!.slice(1);
        writeFileSync(path.join(process.env.LIGHTHOUSE_JSON_DIR, `${name}.json`), JSON.stringify(result.lhr, null, 1));
      }
      const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const requests = (lhr.audits["network-requests"]?.details?.items ?? []) as NetworkRequest[];
      const images = requests.filter((r) => r.resourceType === "Image");
      const shown = aboveFold.get(url) ?? [];
      const foldBytes = shown.reduce((s, src) => s + (images.find((r) => r.url === src)?.transferSize ?? 0), 0);
      const allBytes = images.reduce((s, r) => s + (r.transferSize ?? 0), 0);
      rows.push([
        PAGES[i]!,
        scores.join(" / "),
        `${(audit("largest-contentful-paint") / 1000).toFixed(1)} s`,
        audit("cumulative-layout-shift").toFixed(3),
        `${Math.round(audit("total-blocking-time"))} ms`,
        `${kb(foldBytes)} (${shown.length})`,
        `${kb(allBytes)} (${images.length})`,
      ]);
      checks.push({ label: `${PAGES[i]}: 100 in all four categories (${scores.join("/")})`, ok: scores.every((s) => s === 100) });
      for (const failing of failingAudits(lhr)) notes.push(`${PAGES[i]} ${failing}`);
    }
    notes.push(
      "images above the fold: the <img> elements whose box meets the first 412x823 screen (currentSrc), their transfer size as Lighthouse recorded it; beside it, every image Lighthouse saw loaded during the page load (lazy ones near the screen included)",
    );
    return {
      title: `(h) Lighthouse ${lighthouseVersion()} mobile (simulated slow 4G, 4x CPU), scores performance / accessibility / best practices / SEO`,
      headers: ["page", "scores", "LCP", "CLS", "TBT", "images above the fold", "all images loaded"],
      rows,
      checks,
      notes,
    };
  } finally {
    chrome.kill();
    await app.stop();
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Debian's Chromium, as the browser tests use; chrome-launcher downloads nothing. */
export function launchChromium(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
}

/**
 * Lighthouse's mobile report of `url` in `chrome` (`headers`: a signed-in
 * page's cookie), after one unmeasured load (the page cache and the server's
 * first render are not what a visitor meets): the report, its four category
 * scores, and FCP, LCP, CLS and TBT as table cells.
 */
export async function mobileReport(chrome: chromeLauncher.LaunchedChrome, url: string, headers: Record<string, string> = {}): Promise<{ lhr: Lhr; scores: number[]; timings: string[] }> {
  await fetch(url, { headers });
  const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES], extraHeaders: headers });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr as unknown as Lhr;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    lhr,
    scores: CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100)),
    timings: [
      `${(audit("first-contentful-paint") / 1000).toFixed(1)} s`,
      `${(audit("largest-contentful-paint") / 1000).toFixed(1)} s`,
      audit("cumulative-layout-shift").toFixed(3),
      `${Math.round(audit("total-blocking-time"))} ms`,
    ],
  };
}

/**
 * What cost points in the four categories, "id (title): score": the scored
 * audits (metrics, pass/fail checks) below 1, and the performance
 * opportunities Lighthouse flags (scoreDisplayMode metricSavings, unweighted,
 * but they say why a metric is slow: render-blocking CSS, for one).
 */
export function failingAudits(lhr: Lhr): string[] {
  const ids = new Set(CATEGORIES.flatMap((c) => lhr.categories[c]?.auditRefs.map((r) => r.id) ?? []));
  return [...ids]
    .map((id) => lhr.audits[id]!)
    .filter((a) => a && a.score !== null && a.score < 1 && ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode))
    .map((a) => `${a.id} (${a.title}): ${a.score!.toFixed(2)}${a.displayValue ? `, ${a.displayValue}` : ""}`);
}

export function lighthouseVersion(): string {
  const file = path.resolve(import.meta.dirname, "../node_modules/lighthouse/package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}
