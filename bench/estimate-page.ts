import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { type AppServer, signInByEmail, startAppServer } from "../tests/helpers/app-server";
import { startSmtpSink } from "../tests/helpers/smtp";
import { ADMIN_CODE, BUDGET_BYTES } from "./browser-js";
import { type BenchReport, kb } from "./lib";
import { CATEGORIES, failingAudits, type Lhr, lighthouseVersion } from "./lighthouse";
import { pageScripts, type ScriptFile } from "./page-scripts";
import { sentEstimatePath } from "./sent-estimate";

/**
 * Issue 20: the customer's estimate page, `/estimates/{token}`, as a customer
 * opens it from the e-mail: its JavaScript (at most 130 KB gzip, nothing of
 * the dashboard) and Lighthouse's mobile report, each beside a public page
 * measured in the same run on the same server. The estimate is made and sent
 * through the server's own routes (bench/sent-estimate.ts).
 */

const OWNER = "owner@bench.example";

async function withSentEstimate<T>(fn: (app: AppServer, estimatePath: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-bench-"));
  const smtp = await startSmtpSink();
  const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER }, { dataDir, embeddedOnDisk: true });
  try {
    return await fn(app, await sentEstimatePath(app, smtp, await signInByEmail(app, smtp, OWNER)));
  } finally {
    await app.stop();
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The source files of the dashboard's components, by name (a chunk of its own is named after its module). */
function dashboardModuleNames(): string[] {
  const root = path.resolve(import.meta.dirname, "../app/components");
  return ["admin", "leads"].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => path.basename(f).replace(/\.tsx?$/, "")),
  );
}

/**
 * Files only the dashboard's routes load, read from React Router's browser
 * manifest (window.__reactRouterManifest): each admin route's module and its
 * imports, less every file a route outside /admin (or the entry) also imports.
 */
function dashboardOnlyFiles(): Set<string> {
  // The server's build (tests/helpers/app-server.ts starts $BUILD_DIR); the pages inline what they need of it.
  const assets = path.resolve(import.meta.dirname, "..", process.env.BUILD_DIR || "build", "client/assets");
  const names = readdirSync(assets).filter((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (names.length !== 1) throw new Error(`Expected one React Router manifest in ${assets}, found ${names.length}: has the build changed shape?`);
  const text = readFileSync(path.join(assets, names[0]!), "utf8");
  const manifest = JSON.parse(text.slice("window.__reactRouterManifest=".length).replace(/;\s*$/, "")) as {
    entry: { module: string; imports?: string[] };
    routes: Record<string, { id: string; module: string; imports?: string[] }>;
  };
  const admin = new Set<string>();
  const elsewhere = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const route of Object.values(manifest.routes)) {
    const into = /^routes\/admin([._]|$)/.test(route.id) ? admin : elsewhere;
    for (const f of [route.module, ...(route.imports ?? [])]) into.add(f);
  }
  return new Set([...admin].filter((f) => !elsewhere.has(f)));
}

/** The page's files that are (or hold) dashboard code, with the reason. */
function dashboardHits(loaded: ScriptFile[], deferred: ScriptFile[], adminOnly: Set<string>, moduleNames: string[]): string[] {
  const name = (f: ScriptFile) => f.url.replace(/^.*\//, "");
  return [...loaded, ...deferred].flatMap((f) => {
    const reasons = [
      // The manifest lists static imports only: a chunk the page's own code import()s (root's
      // NotAdministrator, components/auth, which /admin imports statically) is by that shared, not the dashboard's.
      loaded.includes(f) && adminOnly.has(f.url) ? "loaded only by /admin routes" : "",
      moduleNames.find((m) => name(f).startsWith(`${m}-`) && /^[\w.]+-[\w-]{8}\.js$/.test(name(f))) ? "named after a components/admin or components/leads module" : "",
      ADMIN_CODE.some((re) => re.test(f.url) || re.test(f.text)) ? "editor code (quill, md-editor)" : "",
    ].filter(Boolean);
    return reasons.length ? [`${name(f)} (${reasons.join(", ")})`] : [];
  });
}

/** The customer page's JavaScript beside the home page's (bench/browser-js.ts measures the same way), same server. */
export function benchEstimateJs(): Promise<BenchReport> {
  return withSentEstimate(async (app, estimatePath) => {
    const estimate = await pageScripts(`${app.url}${estimatePath}`);
    const home = await pageScripts(`${app.url}/`);
    const sum = (files: ScriptFile[], key: "raw" | "gzip") => files.reduce((s, f) => s + f[key], 0);
    const total = sum(estimate.loaded, "gzip");
    const homeNames = new Set(home.loaded.map((f) => f.url));
    const own = estimate.loaded.filter((f) => !homeNames.has(f.url));
    const hits = dashboardHits(estimate.loaded, estimate.deferred, dashboardOnlyFiles(), dashboardModuleNames());
    return {
      title: `JavaScript for /estimates/{token} (${estimate.loaded.length} files) beside / (${home.loaded.length} files), same server`,
      headers: ["file", "raw", "gzip", "also on /"],
      rows: [
        ...estimate.loaded.map((f) => [f.url.replace(/^.*\//, ""), kb(f.raw), kb(f.gzip), homeNames.has(f.url) ? "yes" : "no"]),
        ...estimate.deferred.map((d) => [`(later, on demand) ${d.url}`, kb(d.raw), kb(d.gzip), ""]),
        ["total loaded with /estimates/{token}", kb(sum(estimate.loaded, "raw")), kb(total), ""],
        ["of which not loaded by /", kb(sum(own, "raw")), kb(sum(own, "gzip")), ""],
        ["baseline: total loaded with /", kb(sum(home.loaded, "raw")), kb(sum(home.loaded, "gzip")), ""],
      ],
      checks: [
        { label: `gzip total ${kb(total)} within the ${kb(BUDGET_BYTES)} budget (${((100 * total) / BUDGET_BYTES).toFixed(0)}%; / loads ${kb(sum(home.loaded, "gzip"))})`, ok: total <= BUDGET_BYTES },
        { label: `nothing of the dashboard, also in the chunks loaded later${hits.length ? `: ${hits.join("; ")}` : ""}`, ok: !hits.length },
      ],
      notes: [
        "dashboard code is looked for in the built files three ways: a file only /admin routes load (React Router's manifest), a chunk named after a components/admin or components/leads module, and the editors' code; a module merged into a shared chunk under another name is caught at the source instead, by the import-graph rule public-pages-without-dashboard-components (.dependency-cruiser.cjs)",
      ],
    };
  });
}

/**
 * Lighthouse's mobile report (as bench/lighthouse.ts: Moto G Power screen,
 * simulated slow 4G, 4x CPU) for the customer page, and for /about in the
 * same run as the baseline. The page is `noindex` on purpose (ui-contract:
 * never indexed), which Lighthouse's SEO category counts against it
 * (is-crawlable): its SEO score is printed as Lighthouse gives it, and the
 * check is that every other SEO audit passes and is-crawlable fails for that
 * noindex alone. Performance, accessibility and best practices: 100.
 */
export function benchEstimateLighthouse(): Promise<BenchReport> {
  return withSentEstimate(async (app, estimatePath) => {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
    });
    try {
      const rows: (string | number)[][] = [];
      const checks: BenchReport["checks"] = [];
      const notes: string[] = [];
      for (const [label, pathname] of [
        ["/estimates/{token}", estimatePath],
        ["baseline: /about", "/about"],
      ] as const) {
        const url = `${app.url}${pathname}`;
        // Once unmeasured, as bench/lighthouse.ts does: the server's first render is not what a customer meets.
        await fetch(url);
        const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const lhr = result.lhr as unknown as Lhr;
        const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const failing = failingAudits(lhr);
        rows.push([
          label,
          scores.join(" / "),
          `${(audit("first-contentful-paint") / 1000).toFixed(1)} s`,
          `${(audit("largest-contentful-paint") / 1000).toFixed(1)} s`,
          audit("cumulative-layout-shift").toFixed(3),
          `${Math.round(audit("total-blocking-time"))} ms`,
        ]);
        for (const f of failing) notes.push(`${label} ${f}`);
        if (pathname !== estimatePath) {
          // For comparison only (bench/lighthouse.ts holds /about to 100): below 100 here too says the machine was busy.
          notes.push(`${label}: ${scores.join("/")} in the same run, for comparison`);
          continue;
        }
        checks.push({ label: `${label}: 100 in performance, accessibility, best practices (${scores.slice(0, 3).join("/")})`, ok: scores.slice(0, 3).every((s) => s === 100) });
        const seoIds = lhr.categories.seo?.auditRefs.filter((r) => r.weight > 0).map((r) => r.id) ?? [];
        const seoFailing = seoIds.filter((id) => (lhr.audits[id]?.score ?? 1) < 1);
        const crawlable = lhr.audits["is-crawlable"];
        checks.push({
          label: `${label}: SEO ${scores[3]} as Lighthouse scores it; every SEO audit passes but is-crawlable, which fails for the page's own noindex (failing: ${seoFailing.join(", ") || "none"})`,
          ok: seoFailing.length === 1 && seoFailing[0] === "is-crawlable" && JSON.stringify(crawlable?.details ?? {}).includes("noindex"),
        });
      }
      return {
        title: `Lighthouse ${lighthouseVersion()} mobile (simulated slow 4G, 4x CPU) on the customer's estimate page beside /about, scores performance / accessibility / best practices / SEO`,
        headers: ["page", "scores", "FCP", "LCP", "CLS", "TBT"],
        rows,
        checks,
        notes,
      };
    } finally {
      chrome.kill();
    }
  });
}
