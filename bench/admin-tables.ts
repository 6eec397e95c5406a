/**
 * Admin tables on a big table: list page 1 (sorted, searched) against the
 * plain SELECT … LIMIT 50 of the same page, and the CSV export of every row
 * against PostgreSQL's own COPY … TO STDOUT, on the PostgreSQL server and on
 * the embedded database (PGlite), side by side in one run.
 *
 *   tsx bench/run.ts admin   or   tsx bench/admin-tables.ts
 *   (1,000,000 rows on the server, 100,000 on PGlite; BENCH_ROWS / BENCH_EMBEDDED_ROWS to change)
 *
 * The server part uses BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), where it creates and drops a
 * database bench_admin_…; it is skipped with a note when no server answers.
 */
import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { Kysely, sql } from "kysely";
import pg from "pg";
import type { Database } from "../db/types";
import { type BenchReport, percentile, printReport, timeRuns } from "./lib";
import { type BenchTarget, embeddedMemoryDatabase, onEachDatabase, scratchServerDatabase } from "./databases";
import { generateQuoteRows } from "./quote-rows";
import { parseListQuery } from "../app/lib/list-query";
import { exportCsv } from "../app/server/tables/export.server";
import { getTable, tableSchema } from "../app/server/tables/registry.server";
import { listRows } from "../app/server/tables/rows.server";

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

type DB = Kysely<Database>;
const RUNS = 50;
const WARMUP = 5;

interface Target extends BenchTarget {
  db: DB;
  /** On the server, the pool the export borrows its COPY connection from (as the app's serverPool()). */
  pool?: pg.Pool;
  /** Time of COPY (SELECT …) TO STDOUT CSV of the export's rows, in ms. */
  copy(select: string): Promise<number>;
}

/** The file's runs and warm-ups, timed. */
const timed = (run: () => Promise<unknown>, runs = RUNS) => timeRuns(run, { runs, warmup: WARMUP });

function sampleRss(): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

async function benchTarget(target: Target, rows: number) {
  const table = getTable("quote_requests")!;
  const { db } = target;
  const generateMs = await generateQuoteRows(db, rows);
  const q = (s: string) => {
    const parsed = parseListQuery(tableSchema(table), new URLSearchParams(s), "api");
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.query;
  };

  const cases: { name: string; list: () => Promise<unknown>; plain: () => Promise<unknown> }[] = [
    {
      name: "page 1, newest first (default)",
      list: () => listRows(db, table, q("")),
      plain: () => sql`SELECT * FROM quote_requests ORDER BY created_at DESC LIMIT 50`.execute(db),
    },
    {
      name: "page 1, sort=name:asc",
      list: () => listRows(db, table, q("sort=name:asc")),
      // Text sorts case-insensitively: the same page is ORDER BY lower(name), id (served by its index).
      plain: () => sql`SELECT * FROM quote_requests ORDER BY lower(name) ASC, id ASC LIMIT 50`.execute(db),
    },
    {
      name: "page 1, search 'walker12345' (1 row)",
      list: () => listRows(db, table, q("q=walker12345")),
      plain: () => sql`SELECT * FROM quote_requests WHERE email ILIKE '%walker12345%' ORDER BY created_at DESC LIMIT 50`.execute(db),
    },
    {
      name: "page 1, search 'Walker' (2 % of rows)",
      list: () => listRows(db, table, q("q=Walker")),
      plain: () => sql`SELECT * FROM quote_requests WHERE name ILIKE '%Walker%' ORDER BY created_at DESC LIMIT 50`.execute(db),
    },
  ];
  const pages = [];
  for (const c of cases) pages.push({ case: c.name, list: await timed(c.list), plain: await timed(c.plain) });

  // Export: every row, newest first, consumed as a client would (bytes counted, nothing kept).
  const columns = Object.keys(table.columns).map((n) => `${n}::text`).join(", ");
  const select = `SELECT ${columns} FROM quote_requests ORDER BY created_at DESC, id DESC`;
  const copyMs = await target.copy(select);
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  const rss = sampleRss();
  const start = performance.now();
  let bytes = 0;
  for await (const chunk of exportCsv(db, table, q(""), target.pool) as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const exportMs = performance.now() - start;
  const peakRss = rss.stop();

  // The embedded database runs one query at a time: while an export runs, a list
  // request waits for the batch in progress. Page 1 requested back to back through a second export.
  let duringExport: { p50: number; p95: number } | undefined;
  if (!target.pool) {
    let exporting = true;
    const drain = (async () => {
      for await (const _ of exportCsv(db, table, q("")) as unknown as AsyncIterable<Uint8Array>);
      exporting = false;
    })();
    const times: number[] = [];
    while (exporting) {
      const t = performance.now();
      await listRows(db, table, q(""));
      times.push(performance.now() - t);
    }
    await drain;
    times.sort((a, b) => a - b);
    duringExport = { p50: percentile(times, 50), p95: percentile(times, 95) };
  }
  return {
    generateMs,
    pages,
    duringExport,
    export: { ms: exportMs, rowsPerSecond: (rows / exportMs) * 1000, mb: bytes / 2 ** 20, peakRssMb: peakRss / 2 ** 20, rssGrowthMb: (peakRss - rssBefore) / 2 ** 20 },
    copyMs,
  };
}

async function serverTarget(adminUrl: string): Promise<Target | undefined> {
  const server = await scratchServerDatabase(adminUrl, "bench_admin");
  if (!server) return undefined;
  return {
    label: "PostgreSQL server",
    db: server.db,
    pool: server.pool,
    async copy(select) {
      const start = performance.now();
      execFileSync("psql", [server.url, "-q", "-c", `\\copy (${select}) to '/dev/null' csv header`], { stdio: "inherit" });
      return performance.now() - start;
    },
    close: server.close,
  };
}

async function embeddedTarget(): Promise<Target> {
  const { db, pglite, close } = await embeddedMemoryDatabase();
  return {
    label: "PGlite (embedded, in memory)",
    db,
    async copy(select) {
      // PGlite has no separate client: its COPY writes into a Blob in this process.
      const start = performance.now();
      await pglite.query(`COPY (${select}) TO '/dev/blob' WITH (FORMAT csv, HEADER)`);
      return performance.now() - start;
    },
    close,
  };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** For bench/run.ts (`tsx bench/run.ts admin`): one table for both databases, with the targets as checks. */
export async function benchAdminTables(options: { rows?: number; embeddedRows?: number } = {}): Promise<BenchReport> {
  const rows = options.rows ?? Number(process.env.BENCH_ROWS ?? 1_000_000);
  // PGlite inserts ~3,000 rows/s with this table's indexes and its export runs
  // ~6,000 rows/s, so 1,000,000 rows would take over 8 minutes: it gets 100,000 by default.
  const embeddedRows = options.embeddedRows ?? Number(process.env.BENCH_EMBEDDED_ROWS ?? Math.min(rows, 100_000));
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const report: BenchReport = {
    title: `Admin tables: list page 1 and CSV export (quote_requests shape; ${RUNS} runs after ${WARMUP} warm-ups)`,
    headers: ["database, rows", "measure", "ours p50", "ours p95", "baseline p50", "baseline p95", "ratio"],
    rows: [],
    checks: [],
    notes: ["baseline of a list query: the plain SELECT * … ORDER BY … LIMIT 50 of the same page; of the export: COPY (SELECT …) TO STDOUT CSV (psql \\copy on the server, COPY TO '/dev/blob' in PGlite)"],
  };
  const targets: [() => Promise<Target | undefined>, number][] = [
    [() => serverTarget(serverUrl), rows],
    [embeddedTarget, embeddedRows],
  ];
  await onEachDatabase(report, serverUrl, targets, async (target, n) => {
    const r = await benchTarget(target, n);
    const label = `${target.label}, ${n.toLocaleString("en-US")}`;
    report.notes!.push(`${target.label}: ${n.toLocaleString("en-US")} rows generated in ${(r.generateMs / 1000).toFixed(1)} s`);
    for (const p of r.pages) {
      report.rows.push([label, p.case, ms(p.list.p50), ms(p.list.p95), ms(p.plain.p50), ms(p.plain.p95), `${(p.list.p50 / p.plain.p50).toFixed(1)}x`]);
    }
    if (r.duringExport) {
      const alone = r.pages[0]!.list;
      report.rows.push([label, "page 1 (default) while an export runs, vs alone", ms(r.duringExport.p50), ms(r.duringExport.p95), ms(alone.p50), ms(alone.p95), `${(r.duringExport.p50 / alone.p50).toFixed(1)}x`]);
    }
    const e = r.export;
    report.rows.push([
      label,
      `export all rows: ${Math.round(e.rowsPerSecond).toLocaleString("en-US")} rows/s, ${e.mb.toFixed(0)} MB CSV, peak RSS ${e.peakRssMb.toFixed(0)} MB (+${e.rssGrowthMb.toFixed(0)} MB)`,
      `${(e.ms / 1000).toFixed(2)} s`,
      "",
      `${(r.copyMs / 1000).toFixed(2)} s`,
      "",
      `${(e.ms / r.copyMs).toFixed(2)}x`,
    ]);
    if (target.label === "PostgreSQL server") {
      for (const p of r.pages) report.checks.push({ label: `server ${p.case}: p95 ${ms(p.list.p95)} < 50 ms`, ok: p.list.p95 < 50 });
      report.checks.push({ label: `server export within 3x of COPY (${(e.ms / r.copyMs).toFixed(2)}x)`, ok: e.ms <= 3 * r.copyMs });
      // The growth, not the peak: the bench process's own size (the app's modules it loads) is not the export's.
      report.checks.push({ label: `server export adds ${e.rssGrowthMb.toFixed(0)} MB to the process at its peak (< 100 MB)`, ok: e.rssGrowthMb < 100 });
    }
  });
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  printReport(await benchAdminTables());
}
