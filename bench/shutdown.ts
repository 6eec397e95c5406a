import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { startAppServer } from "../tests/helpers/app-server";
import { keepAliveLoad } from "../tests/helpers/keep-alive-load";
import { type BenchReport, ms } from "./lib";

const CLIENTS = 16;
const RUNS = Number(process.env.BENCH_SHUTDOWN_RUNS || 3);
const LOAD_BEFORE_SIGTERM_MS = 2_000;

/**
 * (f) SIGTERM under steady load: the production server on the embedded
 * database on disk (as `npm start` runs), 16 keep-alive clients sending quotes,
 * pages and static files back to back; SIGTERM after 2 s. Measures the time
 * from SIGTERM to the process's exit and counts the requests that failed on an
 * open connection (reset, hang-up, answer cut short); then checks that every
 * quote answered 200 is in the database. Several runs, each on a new server.
 */
export async function benchShutdown(): Promise<BenchReport> {
  const runs: { exitMs: number; code: number | null; sent: number; afterSigterm: number; failures: string[]; newResets: number; refused: number; stored: number; accepted: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-bench-"));
    const server = await startAppServer({ TRUST_PROXY: "1" }, { dataDir, embeddedOnDisk: true });
    try {
      let sigtermAt = 0;
      const load = keepAliveLoad(server.url, CLIENTS, () => sigtermAt > 0);
      await new Promise((r) => setTimeout(r, LOAD_BEFORE_SIGTERM_MS));
      const exited = new Promise<number | null>((resolve) => server.process.once("exit", resolve));
      sigtermAt = performance.now();
      server.process.kill("SIGTERM");
      const code = await exited;
      const exitMs = performance.now() - sigtermAt;
      const result = await load.done;
      const db = new PGlite(path.join(dataDir, "db"));
      const stored = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM quote_requests")).rows[0]!.n;
      await db.close();
      runs.push({
        exitMs,
        code,
        sent: result.sent,
        afterSigterm: result.quotesAcceptedAfterMark,
        failures: result.failures,
        newResets: result.newConnectionResets,
        refused: result.refused,
        stored,
        accepted: result.quotesAccepted,
      });
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const failed = runs.reduce((n, r) => n + r.failures.length, 0);
  const slowest = Math.max(...runs.map((r) => r.exitMs));
  return {
    title: `(f) SIGTERM under load (${CLIENTS} keep-alive clients, embedded database on disk, ${RUNS} runs)`,
    headers: ["run", "SIGTERM to exit", "exit code", "requests", "quotes accepted after SIGTERM", "failed on open connections", "new connections reset / refused"],
    rows: runs.map((r, i) => [
      i + 1,
      ms(r.exitMs),
      String(r.code),
      r.sent,
      r.afterSigterm,
      r.failures.length,
      `${r.newResets} / ${r.refused}`,
    ]),
    checks: [
      { label: `no request failed on an open connection (${failed})`, ok: failed === 0 },
      { label: `every run exited 0 within 10 s (slowest ${ms(slowest)})`, ok: runs.every((r) => r.code === 0 && r.exitMs < 10_000) },
      { label: "every quote answered 200 was stored", ok: runs.every((r) => r.stored === r.accepted) },
    ],
    notes: [
      ...[...new Set(runs.flatMap((r) => r.failures))].slice(0, 5).map((f) => `failed: ${f}`),
      "a new connection reset is one the kernel had accepted and the app not yet when the port closed: its request was never read, so a client may retry it like a refused one",
    ],
  };
}
