import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { openDatabase } from "../app/server/db.server";
import { migrateToLatest } from "../app/server/migrate.server";
import { startAppServer, type AppServer } from "../tests/helpers/app-server";
import { startRoundRobinProxy, steadyLoad } from "../tests/helpers/round-robin-proxy";
import { runScript } from "../tests/helpers/run-script";
import { startS3Server } from "../tests/helpers/s3-server";
import type { BenchReport } from "./lib";

const LEADS = Number(process.env.BENCH_COPY_LEADS ?? 100_000);
const CLIENTS = 8;

/**
 * Growing past one machine (issue 12): (1) the time of `npm run db:copy` for
 * an embedded database of 100,000 quote requests to an empty PostgreSQL
 * database, the command run as an operator runs it; (2) a rolling restart of
 * two processes on one PostgreSQL database and S3 bucket behind a round-robin
 * balancer that health-checks /healthz, under steady load: failed requests
 * (target 0). Uses BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
export async function benchScaleOut(): Promise<BenchReport> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const report: BenchReport = {
    title: `Growing past one machine: db:copy of ${LEADS.toLocaleString("en-US")} quote requests, and a rolling restart of two processes under load (${CLIENTS} clients)`,
    headers: ["what", "result"],
    rows: [],
    checks: [],
    notes: [],
  };
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch {
    report.notes!.push(`SKIPPED: no PostgreSQL server answers at ${serverUrl} (set BENCH_DATABASE_URL to one where the user may create databases)`);
    return report;
  }
  const databases: string[] = [];
  const newDatabase = async () => {
    const name = `bench_scale_${process.pid}_${databases.length}`;
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    databases.push(name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  try {
    // (1) db:copy
    const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-bench-copy-"));
    try {
      const source = openDatabase({ url: undefined, dataDir });
      await migrateToLatest(source.db);
      const made = performance.now();
      await sql`INSERT INTO quote_requests (name, email, phone, vehicle_type, message, status)
        SELECT 'Lead ' || i, 'lead' || i || '@example.com', '6165550100', CASE WHEN i % 3 = 0 THEN 'Boat' ELSE 'Car' END,
               repeat('Please quote a full detail. ', 1 + i % 5), (ARRAY['new','contacted','quoted','booked','completed'])[1 + i % 5]
        FROM generate_series(1, ${LEADS}) i`.execute(source.db);
      await source.close();
      report.notes!.push(`${LEADS.toLocaleString("en-US")} quote requests generated in the embedded database in ${((performance.now() - made) / 1000).toFixed(1)} s`);
      const target = await newDatabase();
      const started = performance.now();
      const run = await runScript("db-copy.ts", [target], { DATA_DIR: dataDir });
      const seconds = (performance.now() - started) / 1000;
      const client = new pg.Client({ connectionString: target });
      await client.connect();
      const copied = (await client.query<{ n: number }>("SELECT count(*)::int AS n FROM quote_requests")).rows[0]!.n;
      await client.end();
      report.rows.push([`npm run db:copy (whole command, tsx start included)`, `${seconds.toFixed(1)} s`]);
      report.rows.push([`  quote requests on the server`, copied.toLocaleString("en-US")]);
      report.checks.push({ label: `db:copy exits 0 and the server has all ${LEADS.toLocaleString("en-US")} quote requests`, ok: run.code === 0 && copied === LEADS });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }

    // (2) rolling restart
    const s3 = await startS3Server();
    const url = await newDatabase();
    const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), "gr-detail-bench-roll-")));
    const env = { TRUST_PROXY: "1", DATABASE_URL: url, ...s3.env };
    const servers: AppServer[] = [];
    try {
      servers.push(await startAppServer(env, { embeddedOnDisk: true, dataDir: dirs[0] }));
      servers.push(await startAppServer(env, { embeddedOnDisk: true, dataDir: dirs[1] }));
      const proxy = await startRoundRobinProxy(servers.map((s) => s.url));
      const load = steadyLoad(proxy.url, CLIENTS);
      await new Promise((r) => setTimeout(r, 2_000));
      const restartMs: number[] = [];
      for (let i = 0; i < servers.length; i++) {
        const started = performance.now();
        await servers[i]!.stop();
        servers[i] = await startAppServer(env, { embeddedOnDisk: true, dataDir: dirs[i] });
        proxy.replace(i, servers[i]!.url);
        restartMs.push(performance.now() - started);
        const served = proxy.served[i]!;
        while (proxy.served[i]! < served + 20) await new Promise((r) => setTimeout(r, 50));
      }
      const result = await load.stop();
      await proxy.close();
      report.rows.push([`rolling restart: requests answered during it`, result.answered]);
      report.rows.push([`rolling restart: failed requests`, result.failures.length]);
      report.rows.push([`  sent again to the other process by the balancer`, proxy.retried]);
      report.rows.push([`  each process: SIGTERM to serving again`, restartMs.map((n) => `${(n / 1000).toFixed(1)} s`).join(", ")]);
      report.checks.push({ label: `rolling restart loses no request (${result.failures.length} failed${result.failures.length ? `: ${result.failures.slice(0, 3).join("; ")}` : ""})`, ok: result.failures.length === 0 });
    } finally {
      for (const server of servers) await server.stop();
      await s3.stop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  return report;
}
