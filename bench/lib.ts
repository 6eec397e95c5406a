import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon, { type Options, type Result } from "autocannon";
import { startAppServer, type AppServer } from "../tests/helpers/app-server";

/** What one benchmark hands back to bench/run.ts for printing. */
export interface BenchReport {
  title: string;
  headers: string[];
  rows: (string | number)[][];
  /** Targets and integrity checks; a failed one makes `npm run bench` exit 1. */
  checks: { label: string; ok: boolean }[];
  notes?: string[];
}

export type Benchmark = () => Promise<BenchReport>;

/** Load for a fixed time; throws if the target answered with errors or timeouts. */
export async function load(options: Options): Promise<Result> {
  const result = await autocannon({ connections: 32, ...(options.amount ? {} : { duration: 8 }), ...options });
  if (result.errors || result.timeouts) {
    throw new Error(`${options.url}: ${result.errors} connection errors, ${result.timeouts} timeouts`);
  }
  return result;
}

export const rps = (r: Result) => Math.round(r.requests.average);
/** The p-th percentile of times sorted ascending (the nearest rank below). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
/** p50 and p95 of `runs` timed calls of `run`, after `warmup` untimed ones, one at a time. */
export async function timeRuns(run: () => Promise<unknown>, { runs, warmup }: { runs: number; warmup: number }): Promise<{ p50: number; p95: number }> {
  return (await timeRunsInTurns({ run }, { rounds: runs, warmup })).run;
}

/**
 * p50 and p95 of each of `runs`, called in turns (one of each, then again):
 * whatever the machine is doing then slows them alike, so their ratio holds
 * where their times alone would not.
 */
export async function timeRunsInTurns<K extends string>(
  runs: Record<K, () => Promise<unknown>>,
  { rounds, warmup }: { rounds: number; warmup: number },
): Promise<Record<K, { p50: number; p95: number }>> {
  const names = Object.keys(runs) as K[];
  const times = new Map(names.map((name) => [name, [] as number[]]));
  for (let i = -warmup; i < rounds; i++) {
    for (const name of names) {
      const start = performance.now();
      await runs[name]();
      if (i >= 0) times.get(name)!.push(performance.now() - start);
    }
  }
  return Object.fromEntries(
    names.map((name) => {
      const sorted = times.get(name)!.sort((a, b) => a - b);
      return [name, { p50: percentile(sorted, 50), p95: percentile(sorted, 95) }];
    }),
  ) as Record<K, { p50: number; p95: number }>;
}

export const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;

export function printReport(report: BenchReport): void {
  const cells = [report.headers, ...report.rows.map((r) => r.map(String))];
  const widths = report.headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) => `  ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ")}`;
  console.log(`\n${report.title}`);
  console.log(line(report.headers));
  console.log(`  ${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const r of cells.slice(1)) console.log(line(r));
  for (const c of report.checks) console.log(`  ${c.ok ? "PASS" : "FAIL"}  ${c.label}`);
  for (const n of report.notes ?? []) console.log(`  note: ${n}`);
}

/**
 * Runs `fn` against the built production server (tests/helpers/app-server.ts)
 * with a data directory of its own, removed afterwards. Without DATABASE_URL
 * in `env` the database is the embedded one on disk, as `npm start` runs.
 */
export async function withAppServer<T>(env: Record<string, string>, fn: (server: AppServer) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-bench-"));
  const server = await startAppServer(env, { dataDir, embeddedOnDisk: true });
  try {
    return await fn(server);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
