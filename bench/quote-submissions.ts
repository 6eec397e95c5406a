import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { startAppServer } from "../tests/helpers/app-server";
import { startSmtpSink } from "../tests/helpers/smtp";
import type { RequestSpec } from "autocannon";
import { type BenchReport, load, ms } from "./lib";

const DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * (b) Quote submissions per second through POST /api/forms/submit into
 * PostgreSQL (BENCH_DATABASE_URL, else the local server if it answers, else
 * the embedded database), with the whole path of a real one: validation, two
 * rate-limit checks, the row and its outbox e-mail in one transaction, and
 * delivery to an SMTP server. Every request comes from its own address
 * (X-Forwarded-For with TRUST_PROXY) so the limits never refuse one. Then
 * checks that every accepted request was stored, with its notification.
 */
export async function benchQuoteSubmissions(): Promise<BenchReport> {
  const database = await benchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-bench-"));
  const smtp = await startSmtpSink();
  const env: Record<string, string> = { TRUST_PROXY: "1", SMTP_URL: smtp.url, QUOTE_NOTIFY_EMAIL: "owner@example.com" };
  if (database.url) env.DATABASE_URL = database.url;
  const server = await startAppServer(env, { dataDir, embeddedOnDisk: true });
  let stopped = false;
  try {
    let n = 0;
    const submissions = {
      method: "POST",
      path: "/api/forms/submit",
      setupRequest: (request: RequestSpec): RequestSpec => {
        const i = ++n;
        return {
          ...request,
          headers: { "content-type": "application/json", "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
          body: JSON.stringify({
            formId: "quote_form",
            name: `Bench Customer ${i}`,
            email: `bench${i}@example.com`,
            phone: "(616) 555-0100",
            vehicle_type: i % 2 ? "Car" : "Boat",
            message: "Full interior and exterior detail, please.",
          }),
        };
      },
    };
    // A fixed number of requests (not a fixed time), so none is still in
    // flight when the rows are counted: a short run sizes the measured one.
    const warmUp = await load({ url: server.url, connections: 16, amount: 100, requests: [submissions] });
    const amount = Math.max(200, Math.round((warmUp["2xx"] / warmUp.duration) * 10));
    const result = await load({ url: server.url, connections: 16, amount, requests: [submissions] });
    const mailed = smtp.messages.length;
    await server.stop();
    stopped = true;
    const stored = await countRows(database.url, dataDir);
    const accepted = warmUp["2xx"] + result["2xx"];
    const perSecond = result["2xx"] / result.duration;
    return {
      title: `(b) Quote submissions to POST /api/forms/submit (${database.label}, 16 connections, ${amount} requests after 100 to warm up)`,
      headers: ["metric", "value"],
      rows: [
        ["accepted (2xx) per second", perSecond.toFixed(0)],
        ["latency p50 / p99", `${ms(result.latency.p50)} / ${ms(result.latency.p99)}`],
        ["accepted (2xx) / other answers, warm-up included", `${accepted} / ${warmUp.non2xx + result.non2xx}`],
        ["rows in quote_requests", stored.quotes],
        ["notifications queued in the outbox", stored.outbox],
        ["e-mails delivered during the run", mailed],
      ],
      checks: [
        { label: "every request was accepted (no 4xx/5xx)", ok: warmUp.non2xx + result.non2xx === 0 && accepted > 0 },
        { label: `every accepted request was stored (${stored.quotes} rows for ${accepted} 2xx)`, ok: stored.quotes === accepted },
        { label: "every stored request has its owner's e-mail queued", ok: stored.outbox === stored.quotes },
      ],
      notes: [
        "the SMTP sink runs in the benchmark's own process, so delivery competes with the load generator for CPU",
      ],
    };
  } finally {
    if (!stopped) await server.stop();
    await smtp.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database on the PostgreSQL server if one answers; else the embedded one (url undefined). */
export async function benchDatabase(): Promise<{ url?: string; label: string; drop(): Promise<void> }> {
  const admin = process.env.BENCH_DATABASE_URL || DEFAULT_SERVER;
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch (error) {
    if (process.env.BENCH_DATABASE_URL) throw error;
    return { label: "embedded PGlite: no PostgreSQL server answered", drop: async () => {} };
  }
  const version = (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]!.server_version;
  const name = `bench_${process.pid}_${randomBytes(4).toString("hex")}`;
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `PostgreSQL ${version.split(" ")[0]}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function countRows(url: string | undefined, dataDir: string): Promise<{ quotes: number; outbox: number }> {
  const sql = "SELECT (SELECT count(*) FROM quote_requests)::int AS quotes, (SELECT count(*) FROM email_outbox)::int AS outbox";
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<{ quotes: number; outbox: number }>(sql)).rows[0]!;
    } finally {
      await client.end();
    }
  }
  // Embedded: the server has stopped, so its data directory may be opened here.
  const db = new PGlite(path.join(dataDir, "db"));
  try {
    return (await db.query<{ quotes: number; outbox: number }>(sql)).rows[0]!;
  } finally {
    await db.close();
  }
}
