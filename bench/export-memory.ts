/**
 * The CSV export in little memory: 200,000 quote requests (BENCH_EXPORT_ROWS)
 * exported through the production server, on the embedded database on disk
 * (as `npm start` runs) and on the PostgreSQL server when one answers (as
 * quote). Reports the server process's resident memory before the export and
 * at its peak during it (Linux's VmHWM, reset just before), and checks that
 * every row arrived, in order.
 *
 *   tsx bench/run.ts export
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { openDatabase } from "../app/server/db.server";
import { migrateToLatest } from "../app/server/migrate.server";
import { signInByEmail, startAppServer } from "../tests/helpers/app-server";
import { startSmtpSink } from "../tests/helpers/smtp";
import { type BenchReport, printReport } from "./lib";
import { benchDatabase } from "./quote-submissions";

const ROWS = Number(process.env.BENCH_EXPORT_ROWS) || 200_000;
// The export streams: what the process holds at any moment is far below the CSV's size.
const MAX_RSS_GROWTH_MB = 120;
const OWNER = "owner@example.com";

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** Resident memory now and at its peak, in bytes, from /proc (Linux). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1] ?? NaN) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

export async function benchExportMemory(): Promise<BenchReport> {
  const rows: (string | number)[][] = [];
  const checks: BenchReport["checks"] = [];
  const notes = [`${ROWS} rows; the second export of a server measured (the first warms the database up); peak = VmHWM of the server process, reset (clear_refs) just before it`];
  const server = await benchDatabase();
  const targets = [{ label: "embedded (PGlite on disk)", url: undefined as string | undefined }];
  if (server.url) targets.push({ label: server.label, url: server.url });
  else notes.push(server.label);
  try {
    for (const target of targets) rows.push(await measure(target.label, target.url, checks));
  } finally {
    await server.drop();
  }
  return {
    title: `(g) CSV export of ${ROWS} rows through the production server`,
    headers: ["database", "CSV", "time", "RSS before", "RSS peak", "growth"],
    rows,
    checks,
    notes,
  };
}

async function measure(label: string, url: string | undefined, checks: BenchReport["checks"]): Promise<(string | number)[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-bench-"));
  const smtp = await startSmtpSink();
  try {
    // The rows first, written by this process before the server takes the database.
    const database = openDatabase({ url, dataDir });
    try {
      await migrateToLatest(database.db);
      // Each row finds or makes its customer (a trigger), longer than the statement timeout allows one statement.
      await sql`SET statement_timeout = 0`.execute(database.db);
      await sql`INSERT INTO quote_requests (name, email, phone, vehicle_type, message, created_at)
        SELECT 'Customer ' || g, 'c' || g || '@example.com', '616555' || lpad((g % 10000)::text, 4, '0'),
               CASE WHEN g % 2 = 0 THEN 'car' ELSE 'boat' END, repeat('Lorem ipsum, dolor "sit" amet. ', 4),
               now() - (g || ' seconds')::interval
        FROM generate_series(1, ${ROWS}) AS g`.execute(database.db);
    } finally {
      await database.close();
    }

    const env: Record<string, string> = { SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER, ...(url ? { DATABASE_URL: url } : {}) };
    const app = await startAppServer(env, { dataDir, embeddedOnDisk: true });
    try {
      const cookie = await signInByEmail(app, smtp, OWNER);
      const pid = app.process.pid!;
      // Once unmeasured: the database engine's own first-time growth (PGlite's
      // heap for the sort, the pool) is not the export's.
      const warmUp = await app.fetch("/api/tables/quote_requests/export?sort=created_at:desc", { headers: { cookie } });
      for await (const _ of warmUp.body as unknown as AsyncIterable<Uint8Array>);
      const before = memoryOf(pid).rss;
      writeFileSync(`/proc/${pid}/clear_refs`, "5"); // resets VmHWM to the current RSS
      const started = performance.now();
      const res = await app.fetch("/api/tables/quote_requests/export?sort=created_at:desc", { headers: { cookie } });
      // Read as a stream, keeping only counts and the order check: never the whole body.
      const decoder = new TextDecoder();
      let lines = 0;
      let bytes = 0;
      let rest = "";
      let previous = "";
      let ordered = true;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        const parts = (rest + decoder.decode(chunk, { stream: true })).split("\r\n");
        rest = parts.pop()!;
        for (const line of parts) {
          // A record ends at CRLF outside quotes; these generated rows have no line breaks inside.
          if (++lines > 1 && /^\d+,Customer \d+,/.test(line)) {
            // ISO 8601 with the business zone's offset (ADR 0045): compared as instants, not as text.
            const createdAt = line.split(",").at(-2)!;
            if (previous && Date.parse(createdAt) > Date.parse(previous)) ordered = false;
            previous = createdAt;
          }
        }
      }
      const seconds = (performance.now() - started) / 1000;
      const { peak } = memoryOf(pid);
      const growth = peak - before;
      checks.push(
        { label: `${label}: ${res.status}, every row once, newest first (${lines - 1} rows)`, ok: res.status === 200 && rest === "" && lines === ROWS + 1 && ordered },
        { label: `${label}: the CSV (${mb(bytes)}) is far larger than the memory it took (+${mb(growth)}, at most ${MAX_RSS_GROWTH_MB} MB)`, ok: bytes > 40 * 2 ** 20 && growth < MAX_RSS_GROWTH_MB * 2 ** 20 },
      );
      return [label, mb(bytes), `${seconds.toFixed(1)} s`, mb(before), mb(peak), `+${mb(growth)}`];
    } finally {
      await app.stop();
    }
  } finally {
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) printReport(await benchExportMemory());
