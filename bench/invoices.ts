/**
 * What is owed and what came in, on a big table: /admin/invoices's queries
 * (the page of invoices and its count, for All, Unpaid and Paid; the amount
 * outstanding and the overdue count) and the income chart (live payments by
 * month, twelve months), each timed on its own on the PostgreSQL server.
 *
 *   tsx bench/run.ts invoices   or   tsx bench/invoices.ts
 *   (20,000 invoices; BENCH_INVOICES to change)
 *
 * Uses BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * where it creates and drops a database bench_invoices_…; skipped with a note
 * when no server answers. The target (the issue's): p95 under 50 ms for each.
 */
import { pathToFileURL } from "node:url";
import { Kysely, sql } from "kysely";
import pg from "pg";
import type { Database } from "../db/types";
import { type BenchReport, printReport, timeRuns } from "./lib";
import { scratchServerDatabase } from "./databases";
import { defaultListQuery, withFilter } from "../app/lib/list-query";
import { dayIn } from "../app/lib/time-zone";
import { incomeByMonth, INVOICES_LIST, listInvoices, owedFigures } from "../app/server/invoices/invoice-lists.server";

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

type DB = Kysely<Database>;
const RUNS = 50;
const WARMUP = 5;
const TARGET_MS = 50;

/** The file's runs and warm-ups, timed. */
const timed = (run: () => Promise<unknown>, runs = RUNS) => timeRuns(run, { runs, warmup: WARMUP });

/**
 * Two years of invoices, one lead each: mostly paid (one to three payments,
 * some deleted), the newest sent or partly paid (some overdue), a few drafts
 * and voids; lines as an estimate copies them.
 */
async function generate(db: DB, rows: number): Promise<number> {
  const start = performance.now();
  await sql`INSERT INTO quote_requests (name, email, phone, vehicle_type, message, status, created_at, updated_at)
    SELECT 'Customer ' || g, 'customer' || g || '@example.com', '(616) 555-' || lpad((g % 10000)::text, 4, '0'), 'car', 'Full detail please.', 'completed',
           now() - g * interval '52 minutes', now() - g * interval '52 minutes'
    FROM generate_series(1, ${rows}::int) AS g`.execute(db);
  await sql`INSERT INTO invoices (token, lead_id, status, tax_rate, subtotal_cents, tax_cents, total_cents, paid_cents, due_date, sent_at, paid_at, voided_at, created_at, updated_at)
    SELECT 'bench-token-' || q.id || '-abcdefghijklmnop', q.id, s.status, 6, s.sub, round(s.sub * 0.06), s.sub + round(s.sub * 0.06),
           CASE s.status WHEN 'paid' THEN s.sub + round(s.sub * 0.06) WHEN 'partly_paid' THEN (s.sub + round(s.sub * 0.06)) / 2 ELSE 0 END,
           CASE WHEN s.status <> 'draft' THEN (q.created_at + interval '14 days')::date END,
           CASE WHEN s.status <> 'draft' THEN q.created_at END,
           CASE WHEN s.status = 'paid' THEN q.created_at + interval '3 days' END,
           CASE WHEN s.status = 'void' THEN q.created_at + interval '1 day' END,
           q.created_at, q.created_at
    FROM quote_requests q,
         LATERAL (SELECT CASE WHEN q.id % 50 = 0 THEN 'void' WHEN q.id % 47 = 0 THEN 'draft'
                              WHEN q.id <= ${Math.round(rows * 0.05)} THEN (ARRAY['sent', 'partly_paid'])[1 + q.id % 2]
                              ELSE 'paid' END AS status,
                         (5000 + (q.id * 7919) % 90000)::bigint AS sub) s
    ORDER BY q.id DESC`.execute(db);
  await sql`INSERT INTO invoice_lines (invoice_id, position, description, quantity, unit_price_cents)
    SELECT id, 0, 'Complete detail', 1, subtotal_cents FROM invoices`.execute(db);
  // Paid ones in two payments (the first half, then the rest), a partly paid one in one; every 30th has a deleted wrong one too.
  await sql`INSERT INTO payments (invoice_id, amount_cents, method, paid_on, recorded_by, created_at)
    SELECT id, total_cents / 2, (ARRAY['Cash','Card','Check','Venmo','Zelle','Other'])[1 + id % 6], (sent_at + interval '1 day')::date, 'owner@shine.example', sent_at
    FROM invoices WHERE status IN ('paid', 'partly_paid')`.execute(db);
  await sql`INSERT INTO payments (invoice_id, amount_cents, method, paid_on, recorded_by, created_at)
    SELECT id, total_cents - total_cents / 2, 'Card', paid_at::date, 'owner@shine.example', paid_at FROM invoices WHERE status = 'paid'`.execute(db);
  await sql`INSERT INTO payments (invoice_id, amount_cents, method, paid_on, recorded_by, created_at, deleted_at, deleted_by)
    SELECT id, 100, 'Cash', sent_at::date, 'owner@shine.example', sent_at, sent_at, 'owner@shine.example' FROM invoices WHERE status = 'paid' AND id % 30 = 0`.execute(db);
  for (const table of ["quote_requests", "invoices", "invoice_lines", "payments"]) await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
  return performance.now() - start;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function benchInvoices(options: { rows?: number } = {}): Promise<BenchReport> {
  const rows = options.rows ?? Number(process.env.BENCH_INVOICES ?? 20_000);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const report: BenchReport = {
    title: `Invoices: /admin/invoices's queries and the income chart (${rows.toLocaleString("en-US")} invoices, ${RUNS} runs after ${WARMUP} warm-ups)`,
    headers: ["query", "p50", "p95"],
    rows: [],
    checks: [],
    notes: [],
  };
  const server = await scratchServerDatabase(serverUrl, "bench_invoices");
  if (!server) {
    report.notes!.push(`SKIPPED: no PostgreSQL server answers at ${serverUrl} (set BENCH_DATABASE_URL to one where the user may create databases)`);
    return report;
  }
  try {
    const { db } = server;
    const generateMs = await generate(db, rows);
    report.title = report.title.replace("invoices,", `invoices on PostgreSQL ${server.version},`);
    const payments = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM payments`.execute(db)).rows[0]!.n);
    report.notes!.push(`${rows.toLocaleString("en-US")} invoices, their lines and ${payments.toLocaleString("en-US")} payments generated in ${(generateMs / 1000).toFixed(1)} s`);
    const today = dayIn(new Date(), "America/Detroit");
    const all = defaultListQuery(INVOICES_LIST);
    const cases: { name: string; run: () => Promise<unknown> }[] = [
      { name: "the list, All (first page and count)", run: () => listInvoices(db, all) },
      { name: "the list, Unpaid", run: () => listInvoices(db, withFilter(INVOICES_LIST, all, "status", "unpaid")) },
      { name: "the list, Paid, page 100", run: () => listInvoices(db, { ...withFilter(INVOICES_LIST, all, "status", "paid"), page: 100 }) },
      { name: "outstanding and overdue", run: () => owedFigures(db, today) },
      { name: "income per month (12 months)", run: () => incomeByMonth(db, today) },
      { name: "the whole page's data (all of the above at once)", run: () => Promise.all([listInvoices(db, all), owedFigures(db, today), incomeByMonth(db, today)]) },
    ];
    // What the page shows must match the rows.
    const page = await listInvoices(db, all);
    report.checks.push({ label: `the list counts all ${rows.toLocaleString("en-US")} invoices and shows ${INVOICES_LIST.pageSize}`, ok: page.total === rows && page.rows.length === INVOICES_LIST.pageSize });
    const income = await incomeByMonth(db, today);
    const expected = Number(
      (await sql<{ n: string }>`SELECT coalesce(sum(amount_cents), 0) AS n FROM payments WHERE deleted_at IS NULL AND paid_on >= date_trunc('month', ${today}::date) - interval '11 months' AND paid_on <= ${today}::date`.execute(db)).rows[0]!.n,
    );
    report.checks.push({ label: `the chart's twelve months add up to the live payments of that span (${income.length} months)`, ok: income.length === 12 && income.reduce((s, m) => s + m.cents, 0) === expected });
    for (const c of cases) {
      const t = await timed(c.run);
      report.rows.push([c.name, ms(t.p50), ms(t.p95)]);
      report.checks.push({ label: `${c.name}: p95 ${ms(t.p95)} < ${TARGET_MS} ms`, ok: t.p95 < TARGET_MS });
    }
  } finally {
    await server.close();
  }
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const report = await benchInvoices();
  printReport(report);
  process.exit(report.checks.every((c) => c.ok) ? 0 : 1);
}
