/**
 * The owner's numbers (issue 38) over two years of a busy business: 100,000
 * requests (`BENCH_REQUESTS`; estimates for half of them, 40,000 jobs and
 * 40,000 invoices in the same proportion), 30,000 customers, reviews, a
 * price book of 3 packages × 4 vehicle classes, generated with INSERT …
 * SELECT generate_series as the leads and invoices benches do. Then each
 * figure group of /admin/reports (app/server/reports/) and the whole page's
 * data for this month, last month, this year and the two years, beside the
 * plain queries of the same period (a count of its requests, a count and sum
 * of its paid invoices) and, for the four groups read from the summaries
 * (docs/decisions/0157), the same figures read live from the work itself
 * (app/server/reports/live-figures.server.ts), timed in turns in the same run, on the PostgreSQL
 * server (`BENCH_DATABASE_URL`, a throwaway `bench_reports_…`; skipped with a
 * note when none answers) and on PGlite in memory, in this process.
 *
 *   tsx bench/run.ts reports   or   tsx bench/reports.ts
 *
 * Target: p95 under 200 ms for each report and for the whole page's data.
 */
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import type { DB } from "../app/server/db.server";
import { funnelCounts } from "../app/server/reports/funnel.server";
import { jobTimeFigures } from "../app/server/reports/job-time.server";
import { liveFunnelCounts, liveJobTimeFigures, liveRepeatFigures, liveRevenueFigures } from "../app/server/reports/live-figures.server";
import { readPeriod, type ReportPeriod } from "../app/server/reports/period.server";
import { reportQuery } from "../app/server/reports/report-query.server";
import { repeatFigures } from "../app/server/reports/repeat-customers.server";
import { REPORT_GROUPS, reportsView, runGroup } from "../app/server/reports/reports-view.server";
import { revenueFigures } from "../app/server/reports/revenue.server";
import { embeddedMemoryDatabase, onEachDatabase, scratchServerDatabase, type BenchTarget } from "./databases";
import { type BenchReport, ms, printReport, ratio, timeRunsInTurns } from "./lib";

// BENCH_REPORTS_ROUNDS for fewer on a slow machine (PGlite's two years).
const RUNS = Number(process.env.BENCH_REPORTS_ROUNDS ?? 20);
const WARMUP = 2;
const TARGET_MS = 200;
const ZONE = "America/Detroit";
const CLASSES = ["Sedan or Coupe", "SUV or Crossover", "Truck", "Boat"];
const PACKAGES = ["Express Detail", "Full Detail", "Ceramic Coat"];

interface Target extends BenchTarget {
  db: DB;
}

/**
 * Two years back from now: requests every ~10.5 minutes; every second one
 * estimated (most accepted), three in five of those booked; online bookings
 * and plan visits as estimates of their own; each job 20 minutes long, 25
 * apart (no two overlap, as the database demands), done when past (a few
 * cancelled, a few never started), invoiced and mostly paid two days later;
 * one job in three reviewed. Package lines as the price book writes them.
 */
export async function generate(db: DB, requests: number): Promise<{ ms: number; counts: Record<string, number> }> {
  const start = performance.now();
  const span = 2 * 365 * 24 * 60; // minutes in two years
  const step = span / requests;
  const jobsWanted = Math.round(requests * 0.4);
  const customers = Math.round(requests * 0.3);
  await sql`INSERT INTO vehicle_classes (name, per_foot, sort_order) SELECT name, name = 'Boat', ord::int FROM unnest(${CLASSES}::text[]) WITH ORDINALITY AS c(name, ord)`.execute(db);
  await sql`INSERT INTO packages (name, sort_order) SELECT name, ord::int FROM unnest(${PACKAGES}::text[]) WITH ORDINALITY AS p(name, ord)`.execute(db);
  await sql`INSERT INTO package_prices (package_id, vehicle_class_id, price_cents, duration_minutes) SELECT p.id, c.id, 10000 + p.id * 5000, 60 + p.id * 30 FROM packages p CROSS JOIN vehicle_classes c`.execute(db);
  await sql`INSERT INTO customers (name, email) SELECT 'Customer ' || g, 'customer' || g || '@example.com' FROM generate_series(1, ${customers}::int) g`.execute(db);
  // The work's words: "{Package}, {Class}" (per foot for a boat), by g.
  const line = (g: string) =>
    sql.raw(`(ARRAY['Express Detail','Full Detail','Ceramic Coat'])[1 + ${g} % 3] || ', ' || (ARRAY['Sedan or Coupe','SUV or Crossover','Truck','Boat'])[1 + (${g} / 3) % 4] || CASE WHEN (${g} / 3) % 4 = 3 THEN ' (' || (16 + ${g} % 10) || ' ft at $15.00 per foot)' ELSE '' END`);
  await sql`INSERT INTO quote_requests (name, email, phone, vehicle_type, message, status, customer_id, created_at, updated_at)
    SELECT 'Customer ' || c, 'customer' || c || '@example.com', '(616) 555-0100', 'car', 'Full detail please.', 'completed', c, t, t
    FROM generate_series(1, ${requests}::int) AS g,
         LATERAL (SELECT 1 + (g * 7919) % ${customers}::int AS c, now() - (${requests}::int - g) * ${step}::float8 * interval '1 minute' AS t) x`.execute(db);
  // Estimates: every second request (a few drafts, some declined), then online bookings and plan visits of their own.
  await sql`INSERT INTO estimates (token, lead_id, customer_id, source, status, valid_until, created_at, updated_at)
    SELECT 'bench-est-' || q.id || '-abcdefghijklmnop', q.id, q.customer_id, 'quote_form',
           CASE WHEN q.id % 20 = 0 THEN 'draft' WHEN q.id % 10 = 4 THEN 'declined' WHEN q.id % 10 = 8 THEN 'sent' ELSE 'accepted' END,
           (q.created_at + interval '30 days')::date, q.created_at + interval '1 hour', q.created_at + interval '1 hour'
    FROM quote_requests q WHERE q.id % 2 = 0`.execute(db);
  const quoteJobs = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM estimates WHERE status = 'accepted'`.execute(db)).rows[0]!.n);
  const own = Math.max(0, jobsWanted - quoteJobs);
  await sql`INSERT INTO estimates (token, customer_id, source, status, valid_until, created_at, updated_at)
    SELECT 'bench-own-' || g || '-abcdefghijklmnop', 1 + (g * 104729) % ${customers}::int, CASE WHEN g % 5 = 0 THEN 'plan' ELSE 'online_booking' END, 'accepted',
           (now() - t)::date, now() - t, now() - t
    FROM generate_series(1, ${own}::int) g, LATERAL (SELECT (${own}::int - g) * ${span / Math.max(1, own)}::float8 * interval '1 minute' AS t) x`.execute(db);
  await sql`INSERT INTO estimate_lines (estimate_id, position, description, quantity, unit_price_cents) SELECT id, 0, ${line("id")}, 1, 20000 FROM estimates`.execute(db);
  // Jobs of the accepted estimates in the order they were made, 25 minutes apart from two years ago to a month ahead.
  await sql`INSERT INTO jobs (token, lead_id, estimate_id, customer_id, source, status, starts_at, duration_minutes, buffer_minutes, busy, started_at, done_at, cancelled_at, cancelled_by, created_at, updated_at)
    SELECT 'bench-job-' || e.id || '-abcdefghijklmnop', e.lead_id, e.id, e.customer_id, e.source, s.status, s.starts, 20, 0, tstzrange(s.starts, s.starts + interval '20 minutes'),
           CASE WHEN s.status = 'done' THEN s.starts END,
           CASE WHEN s.status = 'done' THEN s.starts + make_interval(mins => 12 + e.id % 15) END,
           CASE WHEN s.status = 'cancelled' THEN e.created_at END,
           CASE WHEN s.status = 'cancelled' THEN (ARRAY['owner','customer'])[1 + e.id % 2] END,
           e.created_at, e.created_at
    FROM (SELECT e.*, row_number() OVER (ORDER BY e.created_at, e.id) AS n FROM estimates e WHERE e.status = 'accepted') e,
         LATERAL (SELECT now() - interval '730 days' + e.n * interval '25 minutes' + interval '1 day' AS starts) t,
         LATERAL (SELECT t.starts, CASE WHEN e.id % 17 = 0 THEN 'cancelled' WHEN t.starts > now() OR e.id % 31 = 0 THEN 'scheduled' ELSE 'done' END AS status) s`.execute(db);
  // One invoice per job not cancelled and not ahead: paid two days after (the newest and every 23rd left unpaid, some partly).
  await sql`INSERT INTO invoices (token, lead_id, job_id, estimate_id, customer_id, status, tax_rate, subtotal_cents, tax_cents, total_cents, paid_cents, due_date, sent_at, paid_at, created_at, updated_at)
    SELECT 'bench-inv-' || j.id || '-abcdefghijklmnop', j.lead_id, j.id, j.estimate_id, j.customer_id, s.status, 6, s.sub, round(s.sub * 0.06), s.sub + round(s.sub * 0.06),
           CASE s.status WHEN 'paid' THEN s.sub + round(s.sub * 0.06) WHEN 'partly_paid' THEN s.sub / 2 ELSE 0 END,
           (j.starts_at + interval '14 days')::date, j.starts_at, CASE WHEN s.status = 'paid' THEN j.starts_at + interval '2 days' END, j.starts_at, j.starts_at
    FROM jobs j, LATERAL (SELECT (15000 + (j.id * 7919) % 30000)::bigint AS sub,
                                 CASE WHEN j.starts_at > now() - interval '2 days' OR j.id % 23 = 0 THEN (ARRAY['sent','partly_paid'])[1 + j.id % 2] ELSE 'paid' END AS status) s
    WHERE j.status <> 'cancelled' AND j.starts_at <= now()`.execute(db);
  await sql`INSERT INTO invoice_lines (invoice_id, position, description, quantity, unit_price_cents)
    SELECT i.id, l.position, l.description, 1, i.subtotal_cents FROM invoices i JOIN estimate_lines l ON l.estimate_id = i.estimate_id`.execute(db);
  await sql`INSERT INTO reviews (job_id, token, stars, consent, requested_at, submitted_at)
    SELECT id, 'bench-rev-' || id || '-abcdefghijklmnop', 1 + id % 5, id % 2 = 0, done_at, done_at + interval '1 day' FROM jobs WHERE status = 'done' AND id % 3 = 0`.execute(db);
  // The summaries the triggers filled as the rows went in (docs/decisions/0157) are tables the inserts wrote too.
  const written = ["customers", "quote_requests", "estimates", "estimate_lines", "jobs", "invoices", "invoice_lines", "reviews"];
  written.push("report_requests", "report_sales", "report_job_times", "report_request_days", "report_sale_days", "report_job_time_days");
  for (const table of written) await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
  const counts: Record<string, number> = {};
  for (const table of ["quote_requests", "estimates", "jobs", "invoices", "reviews"]) {
    counts[table] = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n);
  }
  return { ms: performance.now() - start, counts };
}

/** The groups read from the summaries, each with its figures read live (the reference, and the second baseline). */
const SUMMARISED: { group: string; summary: (db: DB, p: ReportPeriod) => Promise<unknown>; live: (db: DB, p: ReportPeriod) => Promise<unknown> }[] = [
  { group: "funnel", summary: funnelCounts, live: liveFunnelCounts },
  { group: "tickets, packages, vehicle-classes", summary: revenueFigures, live: liveRevenueFigures },
  { group: "repeat-customers", summary: repeatFigures, live: liveRepeatFigures },
  { group: "job-time", summary: jobTimeFigures, live: liveJobTimeFigures },
];

/** The whole page's data as it was read before the summaries: the four groups live, the others as the page runs them. */
async function livePage(db: DB, period: ReportPeriod, now: Date): Promise<unknown[]> {
  const others = REPORT_GROUPS.filter((g) => !SUMMARISED.some((s) => s.group === g.tables.join(", ")));
  return Promise.all([...SUMMARISED.map((s) => reportQuery(db, (trx) => s.live(trx, period))), ...others.map((g) => runGroup(db, g, period, now))]);
}

/** The plain queries of a period: what any page of it costs at least. */
const plain = (db: DB, p: ReportPeriod) => ({
  "plain: count of the requests": () => sql`SELECT count(*) FROM quote_requests WHERE created_at >= ${p.start} AND created_at < ${p.end}`.execute(db),
  "plain: count and sum of the paid invoices": () =>
    sql`SELECT count(*), sum(subtotal_cents) FROM invoices WHERE status = 'paid' AND paid_at >= ${p.start} AND paid_at < ${p.end}`.execute(db),
});

export async function benchReports(options: { requests?: number } = {}): Promise<BenchReport> {
  const requests = options.requests ?? Number(process.env.BENCH_REQUESTS ?? 100_000);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const report: BenchReport = {
    title: `Reports: /admin/reports over two years (${requests.toLocaleString("en-US")} requests; ${RUNS} runs in turns after ${WARMUP} warm-ups)`,
    headers: ["database", "period", "query", "p50", "p95", "live p50", "live p95", "p95 ÷ live p95", "target (p95)"],
    rows: [],
    checks: [],
    notes: [
      "each figure group as the page runs it (app/server/reports/), the whole page's data (reportsView: every group at once), the plain queries of the same period, and the groups read from the summaries read live instead (live p50 / p95), in the same turns",
    ],
  };
  // BENCH_REPORTS_ON=server or embedded measures one database only.
  const on = process.env.BENCH_REPORTS_ON;
  const targets: [() => Promise<Target | undefined>, number][] = [
    [
      async () => {
        const server = await scratchServerDatabase(serverUrl, "bench_reports");
        return server && { label: `PostgreSQL ${server.version}`, db: server.db, close: server.close };
      },
      on === "embedded" ? 0 : requests,
    ],
    [async () => ({ label: "PGlite (embedded, in memory)", ...(await embeddedMemoryDatabase()) }), on === "server" ? 0 : requests],
  ];
  await onEachDatabase(report, serverUrl, targets, async (target, n) => {
    const { db } = target;
    const made = await generate(db, n);
    const note = `${target.label}: ${Object.entries(made.counts).map(([t, c]) => `${c.toLocaleString("en-US")} ${t}`).join(", ")} generated in ${(made.ms / 1000).toFixed(1)} s`;
    report.notes!.push(note);
    console.log(note);
    const now = new Date();
    const twoYearsAgo = new Date(now.getTime() - 730 * 86_400_000).toISOString().slice(0, 10);
    const periods: [string, string][] = [
      ["this month", "period=this-month"],
      ["last month", "period=last-month"],
      ["this year", "period=this-year"],
      ["two years", `period=range&from=${twoYearsAgo}&to=${now.toISOString().slice(0, 10)}`],
    ];
    for (const [label, query] of periods) {
      const reading = readPeriod(new URLSearchParams(query), now, ZONE);
      if (!reading.ok) throw new Error(`bench period ${label}: ${JSON.stringify(reading.errors)}`);
      const period = reading.period;
      const runs: Record<string, () => Promise<unknown>> = { ...plain(db, period) };
      for (const group of REPORT_GROUPS) runs[group.tables.join(", ")] = () => runGroup(db, group, period, now);
      runs["the whole page's data"] = () => reportsView(db, { id: 0, role: "owner" }, new URLSearchParams(query), now);
      for (const s of SUMMARISED) runs[`live: ${s.group}`] = () => reportQuery(db, (trx) => s.live(trx, period));
      runs["live: the whole page's data"] = () => livePage(db, period, now);
      // The page's figures must be the data's: the funnel's requests are the plain count's and then some, the revenue the plain sum.
      const view = await reportsView(db, { id: 0, role: "owner" }, new URLSearchParams(query), now);
      const paid = (await sql<{ n: string; s: string | null }>`SELECT count(*) AS n, sum(subtotal_cents) AS s FROM invoices WHERE status = 'paid' AND paid_at >= ${period.start} AND paid_at < ${period.end}`.execute(db)).rows[0]!;
      const tickets = view.ok ? view.tables.find((t) => t.name === "tickets")!.rows[0]![1]!.csv : -1;
      report.checks.push({ label: `${target.label}, ${label}: the average ticket's paid invoices are the plain count (${paid.n})`, ok: Number(tickets) === Number(paid.n) });
      // And the summaries' figures the live queries' (docs/decisions/0157).
      for (const s of SUMMARISED) {
        const same = JSON.stringify(await s.summary(db, period)) === JSON.stringify(await s.live(db, period));
        report.checks.push({ label: `${target.label}, ${label}: ${s.group} from the summaries equals the live figures`, ok: same });
      }
      const times = await timeRunsInTurns(runs, { rounds: RUNS, warmup: WARMUP });
      for (const [name, t] of Object.entries(times)) {
        if (name.startsWith("live: ")) continue;
        const isPlain = name.startsWith("plain");
        const live = times[`live: ${name}`];
        report.rows.push([target.label, label, name, ms(t.p50), ms(t.p95), live ? ms(live.p50) : "", live ? ms(live.p95) : "", live ? ratio(t.p95, live.p95) : "", isPlain ? "" : `${TARGET_MS} ms`]);
        // As it goes: a long run on a busy machine shows what it measured so far.
        console.log(report.rows.at(-1)!.join(" | "));
        if (!isPlain) report.checks.push({ label: `${target.label}, ${label}: ${name} p95 ${ms(t.p95)} under ${TARGET_MS} ms`, ok: t.p95 < TARGET_MS });
      }
    }
  });
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const report = await benchReports();
  printReport(report);
  process.exit(report.checks.every((c) => c.ok) ? 0 : 1);
}
