/**
 * `npm run bench`: builds, then runs each benchmark against the production
 * server and prints its table. `tsx bench/run.ts quote js` runs only those.
 * A failed target or integrity check makes the exit code 1.
 * To add one: export a `Benchmark` from a file beside this one and list it here.
 */
import { benchAdminTables } from "./admin-tables";
import { benchApiTokens } from "./api-tokens";
import { benchBrowserJs } from "./browser-js";
import { benchCustomerJs, benchCustomerLighthouse } from "./customer-pages";
import { benchCustomers } from "./customers";
import { benchEstimatePdf } from "./estimate-pdf";
import { benchExportMemory } from "./export-memory";
import { benchInvoices } from "./invoices";
import { benchLeadsInbox } from "./leads-inbox";
import { benchLighthouse } from "./lighthouse";
import { type Benchmark, type BenchReport, printReport } from "./lib";
import { benchOutboxDrain } from "./outbox-drain";
import { benchPlans } from "./plans";
import { benchParallelUploads } from "./parallel-uploads";
import { benchQuotePrice } from "./price-book";
import { benchPublicPage } from "./public-page";
import { benchQuoteSubmissions } from "./quote-submissions";
import { benchRowHistory } from "./row-history";
import { benchScaleOut } from "./scale-out";
import { benchReports } from "./reports";
import { benchSearch } from "./search";
import { benchFreeTimes, benchSchedulePage } from "./schedule";
import { benchShutdown } from "./shutdown";
import { benchToday } from "./today";
import { benchDailyEmail } from "./daily-email";

const benchmarks: Record<string, Benchmark> = {
  page: benchPublicPage,
  quote: benchQuoteSubmissions,
  js: benchBrowserJs,
  lighthouse: benchLighthouse,
  admin: benchAdminTables,
  leads: benchLeadsInbox,
  export: benchExportMemory,
  outbox: benchOutboxDrain,
  shutdown: benchShutdown,
  tokens: benchApiTokens,
  history: benchRowHistory,
  scale: benchScaleOut,
  uploads: benchParallelUploads,
  pdf: benchEstimatePdf,
  "customer-js": benchCustomerJs,
  "customer-lighthouse": benchCustomerLighthouse,
  freetimes: benchFreeTimes,
  price: benchQuotePrice,
  schedule: benchSchedulePage,
  invoices: benchInvoices,
  customers: benchCustomers,
  search: benchSearch,
  today: benchToday,
  "daily-email": benchDailyEmail,
  reports: benchReports,
  plans: benchPlans,
};

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in benchmarks));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(", ")}. Choose from: ${Object.keys(benchmarks).join(", ")}`);
  process.exit(2);
}

const started = Date.now();
const reports: BenchReport[] = [];
for (const [name, run] of Object.entries(benchmarks)) {
  if (chosen.length && !chosen.includes(name)) continue;
  console.log(`\nRunning ${name}…`);
  const report = await run();
  printReport(report);
  reports.push(report);
}

const failed = reports.flatMap((r) => r.checks.filter((c) => !c.ok).map((c) => `${r.title.slice(0, 3)} ${c.label}`));
console.log(`\n${reports.length} benchmark(s) in ${((Date.now() - started) / 1000).toFixed(0)} s; ${failed.length ? `FAILED:\n  ${failed.join("\n  ")}` : "all targets met"}`);
process.exit(failed.length ? 1 : 0);
