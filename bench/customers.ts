/**
 * Customers (issue 23): matching a new request to its customer among 50,000
 * (matchCustomer in its own transaction, as the quote form's transaction
 * calls it: 45 % found by e-mail in another letter case, 45 % by the phone in
 * another format, 10 % new), and a customer's page (customerView: contact
 * details, vehicles, the timeline of 200 entries, Lifetime Value) on each
 * database; then the whole page as the owner gets it: GET
 * /admin/customers/{id} from the production server on its embedded database
 * on disk, signed in, one request at a time (guard, shell and render included),
 * in turns with GET /admin/settings, the baseline: the ratio of the two says
 * what the page costs beyond any dashboard page on the machine of the run.
 *
 *   tsx bench/run.ts customers   or   tsx bench/customers.ts
 *   (50,000 customers; BENCH_CUSTOMERS to change)
 *
 * The server part uses BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), where it creates and drops a
 * database bench_customers_…; skipped with a note when no server answers.
 * Targets: matching p95 under 5 ms; the page p95 under 50 ms (its data and over HTTP).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Kysely, sql } from "kysely";
import pg from "pg";
import type { Database } from "../db/types";
import { type BenchReport, printReport, timeRuns, timeRunsInTurns } from "./lib";
import { type BenchTarget, embeddedMemoryDatabase, onEachDatabase, scratchServerDatabase } from "./databases";
import { matchCustomer } from "../app/server/customers/matching.server";
import { customerView } from "../app/server/customers/customer-view.server";
import { getCustomer } from "../app/server/customers/customers.server";
import { openDatabase } from "../app/server/db.server";
import { migrateToLatest } from "../app/server/migrate.server";
import { signInByEmail, startAppServer } from "../tests/helpers/app-server";
import { startSmtpSink } from "../tests/helpers/smtp";

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

type DB = Kysely<Database>;
const MATCH_RUNS = 400;
const PAGE_RUNS = 60;
const HTTP_RUNS = 200;
const WARMUP = 20;
const MATCH_TARGET_MS = 5;
const PAGE_TARGET_MS = 50;
const TIMELINE = { requests: 80, estimates: 60, jobs: 60 };

interface Target extends BenchTarget {
  db: DB;
}

/** `count` customers (e-mail customer{g}@example.com, phone (616) 5xx-xxxx), then one with 200 timeline entries; returns its id. */
async function generate(db: DB, count: number): Promise<{ ms: number; busyId: number }> {
  const start = performance.now();
  // With the number the app stores beside the typed phone (docs/decisions/0108), which matching compares.
  await sql`INSERT INTO customers (name, email, phone, phone_e164, created_at)
    SELECT 'Customer ' || g, 'customer' || g || '@example.com', '(616) ' || lpad((5000000 + g)::text, 7, '0'), '+1616' || lpad((5000000 + g)::text, 7, '0'), now() - g * interval '1 hour'
    FROM generate_series(1, ${count}::int) g`.execute(db);
  const busy = await db.insertInto("customers").values({ name: "Busy Customer", email: "busy@example.com", phone: "2315550100", phone_e164: "+12315550100" }).returning("id").executeTakeFirstOrThrow();
  await sql`INSERT INTO quote_requests (customer_id, name, email, phone, vehicle_type, message, created_at)
    SELECT ${busy.id}::int, 'Busy Customer', 'busy@example.com', '2315550100', 'Boat', 'Again', now() - g * interval '3 days'
    FROM generate_series(1, ${TIMELINE.requests}::int) g`.execute(db);
  await sql`INSERT INTO estimates (token, lead_id, valid_until, total_cents, created_at)
    SELECT 'benchtoken-estimate-' || lpad(g::text, 8, '0'), q.id, current_date + 30, 12345, q.created_at + interval '1 hour'
    FROM (SELECT id, created_at, row_number() OVER (ORDER BY id) AS g FROM quote_requests WHERE customer_id = ${busy.id}::int) q
    WHERE q.g <= ${TIMELINE.estimates}`.execute(db);
  await sql`INSERT INTO jobs (lead_id, token, starts_at, duration_minutes, busy, status)
    SELECT q.id, 'benchtoken-job-' || lpad(q.g::text, 12, '0'), s, 120, tstzrange(s, s + interval '120 minutes', '[)'), 'done'
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS g, date_trunc('hour', created_at) + interval '2 days' AS s
          FROM quote_requests WHERE customer_id = ${busy.id}::int) q
    WHERE q.g <= ${TIMELINE.jobs}`.execute(db);
  for (const table of ["customers", "quote_requests", "estimates", "jobs"]) await sql`ANALYZE ${sql.table(table)}`.execute(db);
  return { ms: performance.now() - start, busyId: busy.id };
}

async function benchTarget(target: Target, count: number) {
  const { db } = target;
  const { ms: generateMs, busyId } = await generate(db, count);
  let n = 0;
  const match = () => {
    n++;
    const g = 1 + ((n * 7919) % count);
    const person =
      n % 10 === 0
        ? { name: `New Person ${n}`, email: `new${n}@example.org`, phone: `(810) ${String(1000000 + n).slice(-7)}` }
        : n % 2
          ? { name: "Someone", email: ` Customer${g}@EXAMPLE.com `, phone: "" }
          : { name: "Someone", email: `other${n}@example.net`, phone: `+1 616-${String(5000000 + g).padStart(7, "0").replace(/^(\d{3})/, "$1-")}` };
    return db.transaction().execute((trx) => matchCustomer(trx, person));
  };
  const page = async () => customerView(db, await getCustomer(db, busyId), { q: "", confirm: "" }, new Date(), "America/Detroit");

  const matched = await timeRuns(match, { runs: MATCH_RUNS, warmup: WARMUP });
  const view = await page();
  const paged = await timeRuns(page, { runs: PAGE_RUNS, warmup: WARMUP });
  // Integrity: found ones were found (no new customer per matched request), the page holds every entry.
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM customers`.execute(db);
  const created = rows[0]!.n - count - 1;
  const expectedNew = Math.floor((MATCH_RUNS + WARMUP) / 10);
  return { generateMs, match: matched, page: paged, entries: view.timeline.length, created, expectedNew };
}

/** The entries of the page's Timeline list, counted in its HTML. */
function timelineEntries(html: string): number {
  const timeline = html.slice(html.indexOf('id="timeline-heading"'));
  return timeline.slice(0, timeline.indexOf("</ol>")).match(/<li[ >]/g)?.length ?? 0;
}

/**
 * GET /admin/customers/{id} of the busy customer among `count`, from the
 * production server on its embedded database on disk; in turns with GET
 * /admin/settings (the dashboard's shell around one form), the baseline that
 * says how fast this machine serves any dashboard page.
 */
async function pageOverHttp(count: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-bench-customers-"));
  const smtp = await startSmtpSink();
  try {
    const opened = openDatabase({ url: "", dataDir });
    await migrateToLatest(opened.db);
    const { busyId } = await generate(opened.db, count);
    await opened.close();
    const owner = "owner@bench.example";
    const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: owner }, { dataDir, embeddedOnDisk: true });
    try {
      const cookie = await signInByEmail(app, smtp, owner);
      const get = async (pathname: string) => {
        const response = await app.fetch(pathname, { headers: { cookie } });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
        return body;
      };
      const page = `/admin/customers/${busyId}`;
      const entries = timelineEntries(await get(page));
      const times = await timeRunsInTurns({ page: () => get(page), shell: () => get("/admin/settings") }, { rounds: HTTP_RUNS, warmup: WARMUP });
      return { entries, ...times };
    } finally {
      await app.stop();
    }
  } finally {
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function serverTarget(adminUrl: string): Promise<Target | undefined> {
  const server = await scratchServerDatabase(adminUrl, "bench_customers", 4);
  return server && { label: "PostgreSQL server", db: server.db, close: server.close };
}

async function embeddedTarget(): Promise<Target> {
  const { db, close } = await embeddedMemoryDatabase();
  return { label: "PGlite (embedded, in memory)", db, close };
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

/** For bench/run.ts (`tsx bench/run.ts customers`). */
export async function benchCustomers(options: { customers?: number } = {}): Promise<BenchReport> {
  const count = options.customers ?? Number(process.env.BENCH_CUSTOMERS ?? 50_000);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const report: BenchReport = {
    title: `Customers: matching a request among ${count.toLocaleString("en-US")} customers (${MATCH_RUNS} runs) and a customer page of 200 timeline entries (${PAGE_RUNS} runs)`,
    headers: ["database", "operation", "p50", "p95", "target (p95)"],
    rows: [],
    checks: [],
    notes: ["matching: matchCustomer in its own transaction (45 % by e-mail in another case, 45 % by phone in another format, 10 % new customers)"],
  };
  const targets: [() => Promise<Target | undefined>, number][] = [
    [() => serverTarget(serverUrl), count],
    [embeddedTarget, count],
  ];
  await onEachDatabase(report, serverUrl, targets, async (target, n) => {
    const r = await benchTarget(target, n);
    report.notes!.push(`${target.label}: ${n.toLocaleString("en-US")} customers and the busy one's 200 records generated in ${(r.generateMs / 1000).toFixed(1)} s`);
    report.rows.push([target.label, "match a request", ms(r.match.p50), ms(r.match.p95), `${MATCH_TARGET_MS} ms`]);
    report.rows.push([target.label, `customer page (${r.entries} entries)`, ms(r.page.p50), ms(r.page.p95), `${PAGE_TARGET_MS} ms`]);
    report.checks.push({ label: `${target.label}: matching p95 ${ms(r.match.p95)} under ${MATCH_TARGET_MS} ms`, ok: r.match.p95 < MATCH_TARGET_MS });
    report.checks.push({ label: `${target.label}: customer page p95 ${ms(r.page.p95)} under ${PAGE_TARGET_MS} ms`, ok: r.page.p95 < PAGE_TARGET_MS });
    report.checks.push({ label: `${target.label}: the page shows all 200 entries (${r.entries})`, ok: r.entries === 200 });
    report.checks.push({ label: `${target.label}: only the new people became customers (${r.created}, expected ${r.expectedNew})`, ok: r.created === r.expectedNew });
  });
  const http = await pageOverHttp(count);
  const label = "PGlite on disk, production server";
  report.rows.push([label, `GET /admin/customers/{id} (${http.entries} entries)`, ms(http.page.p50), ms(http.page.p95), `${PAGE_TARGET_MS} ms`]);
  report.rows.push([label, "GET /admin/settings (baseline)", ms(http.shell.p50), ms(http.shell.p95), ""]);
  report.checks.push({ label: `${label}: the page over HTTP p95 ${ms(http.page.p95)} under ${PAGE_TARGET_MS} ms`, ok: http.page.p95 < PAGE_TARGET_MS });
  report.notes!.push(
    `over HTTP, ${HTTP_RUNS} of each in turns: the customer page takes ${(http.page.p50 / http.shell.p50).toFixed(2)}x the p50 and ${(http.page.p95 / http.shell.p95).toFixed(2)}x the p95 of /admin/settings on this machine now`,
  );
  report.checks.push({ label: `${label}: its Timeline lists all 200 entries (${http.entries})`, ok: http.entries === 200 });
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) printReport(await benchCustomers());
