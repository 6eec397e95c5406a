/**
 * The owner's searches (issue 32) at the customers bench's scale: 50,000
 * customers (`BENCH_CUSTOMERS`), each with one quote request (its phone in one
 * of four formats, as visitors type them), one vehicle (ten makes and models,
 * years 2000-2024) and, for every second one, an invoice. Then each search as
 * its page runs it (listCustomers, listLeads, listInvoices: the page of 25
 * and the count), 40 runs after 5 warm-ups, on the PostgreSQL server
 * (`BENCH_DATABASE_URL`, a throwaway `bench_search_…`; skipped with a note
 * when none answers) and on PGlite in memory, in this process.
 *
 *   tsx bench/run.ts search   or   tsx bench/search.ts
 *
 * Target: p95 under 50 ms for each search; each finds what it should (the
 * phone searches the one customer or lead whose phone it is).
 */
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { defaultListQuery, type ListQuery, type ListSpec } from "../app/lib/list-query";
import { CUSTOMERS_LIST, listCustomers } from "../app/server/customers/customer-list.server";
import { INVOICES_LIST, listInvoices } from "../app/server/invoices/invoice-lists.server";
import { LEADS_LIST, listLeads } from "../app/server/leads/inbox.server";
import type { DB } from "../app/server/db.server";
import { embeddedMemoryDatabase, onEachDatabase, scratchServerDatabase, type BenchTarget } from "./databases";
import { type BenchReport, printReport, timeRuns } from "./lib";

const RUNS = 40;
const WARMUP = 5;
const TARGET_MS = 50;
const VEHICLES = [
  ["Truck", "Chevrolet", "Silverado"],
  ["SUV", "Chevrolet", "Tahoe"],
  ["Boat", "Sea Ray", "SPX 190"],
  ["Car", "Honda", "Civic"],
  ["Truck", "Ford", "F-150"],
  ["SUV", "Toyota", "RAV4"],
  ["Boat", "Bayliner", "Element"],
  ["Car", "Toyota", "Camry"],
  ["Van", "Honda", "Odyssey"],
  ["Car", "Tesla", "Model 3"],
] as const;

interface Target extends BenchTarget {
  db: DB;
}

/** Customer g's phone as its request typed it: 616-50x-xxxx in one of four formats. */
const phoneSql = sql`CASE g % 4
    WHEN 0 THEN '(616) ' || substr(d, 1, 3) || '-' || substr(d, 4)
    WHEN 1 THEN '616-' || substr(d, 1, 3) || '-' || substr(d, 4)
    WHEN 2 THEN '616' || d
    ELSE '+1 616.' || substr(d, 1, 3) || '.' || substr(d, 4) END`;

export async function generate(db: DB, count: number): Promise<number> {
  const start = performance.now();
  // With the number the app stores beside the typed phone (docs/decisions/0108), which phone_digits is read from.
  await sql`INSERT INTO customers (id, name, email, phone, phone_e164, created_at)
    SELECT g, 'Customer ' || g, 'customer' || g || '@example.com', ${phoneSql}, '+1616' || d, now() - g * interval '1 hour'
    FROM generate_series(1, ${count}::int) g, LATERAL (SELECT (5000000 + g)::text AS d) p`.execute(db);
  await sql`SELECT setval('customers_id_seq', ${count}::int)`.execute(db);
  await sql`INSERT INTO quote_requests (customer_id, name, email, phone, phone_e164, vehicle_type, message, created_at)
    SELECT g, 'Customer ' || g, 'customer' || g || '@example.com', ${phoneSql}, '+1616' || d, 'Car', 'A wash please', now() - g * interval '1 hour'
    FROM generate_series(1, ${count}::int) g, LATERAL (SELECT (5000000 + g)::text AS d) p`.execute(db);
  const kinds = sql.join(VEHICLES.map(([kind, make, model]) => sql`(${kind}, ${make}, ${model})`));
  await sql`INSERT INTO vehicles (customer_id, kind, make, model, year, color)
    SELECT g, v.kind, v.make, v.model, 2000 + g % 25, (ARRAY['White', 'Black', 'Red', 'Blue'])[1 + g % 4]
    FROM generate_series(1, ${count}::int) g
    JOIN (SELECT row_number() OVER () - 1 AS i, kind, make, model FROM (VALUES ${kinds}) k (kind, make, model)) v ON v.i = g % ${VEHICLES.length}`.execute(db);
  await sql`INSERT INTO invoices (token, lead_id, status, subtotal_cents, total_cents, due_date)
    SELECT 'benchtoken-invoice-' || lpad(q.id::text, 10, '0'), q.id, 'sent', 10000 + q.id, 10000 + q.id, current_date + 14
    FROM quote_requests q WHERE q.id % 2 = 0`.execute(db);
  for (const table of ["customers", "quote_requests", "vehicles", "invoices"]) await sql`ANALYZE ${sql.table(table)}`.execute(db);
  return performance.now() - start;
}

const query = (spec: ListSpec, q: string): ListQuery => ({ ...defaultListQuery(spec), q });

async function searches(db: DB, count: number) {
  const g = Math.floor(count / 2) + 1; // (616) 5xx-xxxx of customer g, whatever its stored format
  const d = String(5000000 + g);
  const invoice = await db.selectFrom("invoices").select("number").orderBy("id").offset(1000).limit(1).executeTakeFirstOrThrow();
  const customers = (q: string) => async () => (await listCustomers(db, query(CUSTOMERS_LIST, q))).total;
  const leads = (q: string) => async () => (await listLeads(db, query(LEADS_LIST, q))).total;
  const invoices = (q: string) => async () => (await listInvoices(db, query(INVOICES_LIST, q))).total;
  return [
    ["customers", `(616) ${d.slice(0, 3)}-${d.slice(3)}`, customers, 1],
    ["customers", `+1 616 ${d.slice(0, 3)} ${d.slice(3)}`, customers, 1],
    ["customers", `616${d}`, customers, 1],
    ["customers", d, customers, 1],
    ["customers", "Tahoe", customers, count / 10],
    ["customers", "2019 Silverado", customers, undefined],
    ["customers", "Sea Ray", customers, count / 10],
    ["customers", `Customer ${g}`, customers, undefined],
    ["leads", `616-${d.slice(0, 3)}-${d.slice(3)}`, leads, 1],
    ["leads", `616.${d.slice(0, 3)}.${d.slice(3)}`, leads, 1],
    ["leads", d, leads, 1],
    ["invoices", `#${invoice.number}`, invoices, 1],
    ["invoices", `Customer ${g - (g % 2)}`, invoices, undefined],
  ] as const;
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

export async function benchSearch(options: { customers?: number } = {}): Promise<BenchReport> {
  const count = options.customers ?? Number(process.env.BENCH_CUSTOMERS ?? 50_000);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const report: BenchReport = {
    title: `Search: customers, leads and invoices among ${count.toLocaleString("en-US")} customers (${RUNS} runs each)`,
    headers: ["database", "list", "search", "found", "p50", "p95", "target (p95)"],
    rows: [],
    checks: [],
    notes: ["each search as its page runs it: the page of 25 and the count"],
  };
  const targets: [() => Promise<Target | undefined>, number][] = [
    [
      async () => {
        const server = await scratchServerDatabase(serverUrl, "bench_search", 4);
        return server && { label: "PostgreSQL server", db: server.db, close: server.close };
      },
      count,
    ],
    [async () => ({ label: "PGlite (embedded, in memory)", ...(await embeddedMemoryDatabase()) }), count],
  ];
  await onEachDatabase(report, serverUrl, targets, async (target, n) => {
    const generateMs = await generate(target.db, n);
    report.notes!.push(`${target.label}: generated in ${(generateMs / 1000).toFixed(1)} s`);
    for (const [list, q, run, expected] of await searches(target.db, n)) {
      const found = await run(q)();
      const times = await timeRuns(run(q), { runs: RUNS, warmup: WARMUP });
      report.rows.push([target.label, list, `"${q}"`, String(found), ms(times.p50), ms(times.p95), `${TARGET_MS} ms`]);
      report.checks.push({ label: `${target.label}: ${list} "${q}" p95 ${ms(times.p95)} under ${TARGET_MS} ms`, ok: times.p95 < TARGET_MS });
      if (expected !== undefined) report.checks.push({ label: `${target.label}: ${list} "${q}" finds ${expected} (${found})`, ok: found === expected });
    }
  });
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) printReport(await benchSearch());
