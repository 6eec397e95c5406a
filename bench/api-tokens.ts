/**
 * The table API with an API token against the same with a session cookie:
 * requests per second of `GET /api/tables/quote_requests` (page 1 of 1,000
 * quote requests, 50 rows) through the production server on the embedded
 * database on disk, as `npm start` runs, both in one run on one server, in alternating rounds.
 *
 *   tsx bench/run.ts tokens   or   tsx bench/api-tokens.ts
 *
 * Both read once to know who is asking: a cookie request its session, a
 * token request the token and its user. A token request also counts itself
 * against its rate limit (600 a minute per token, in the process's memory)
 * and, once a minute per token, writes its last use and an audit line. The
 * load is spread over enough tokens that none reaches its limit: every answer
 * must be a 200.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { openDatabase } from "../app/server/db.server";
import { migrateToLatest } from "../app/server/migrate.server";
import { TOKEN_RATE_LIMIT } from "../app/server/auth/token-auth.server";
import { signInByEmail, startAppServer, type AppServer } from "../tests/helpers/app-server";
import { startSmtpSink } from "../tests/helpers/smtp";
import type { Result } from "autocannon";
import { type BenchReport, load, ms, printReport, ratio } from "./lib";

const OWNER = "owner@example.com";
const ROWS = 1_000;
const PATH = "/api/tables/quote_requests";
const CONNECTIONS = 16;
const AMOUNT = 4_000;
const WARM_UP = 400;
const ROUNDS = 4;

/** A read-only token made through the dashboard's form, as a person without JavaScript makes it. */
async function makeToken(app: AppServer, cookie: string, name: string): Promise<string> {
  const expires = new Date(Date.now() + 7 * 24 * 3600_000).toISOString().slice(0, 10);
  const res = await app.fetch("/admin/tokens", {
    method: "POST",
    body: new URLSearchParams({ intent: "create", name, expires, read_only: "on" }),
    headers: { cookie },
  });
  const token = /id="new-token"[^>]*>(grd_[A-Za-z0-9_-]{43})</.exec(await res.text())?.[1];
  if (res.status !== 200 || !token) throw new Error(`Making a token answered ${res.status}`);
  return token;
}

export async function benchApiTokens(): Promise<BenchReport> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-bench-"));
  const smtp = await startSmtpSink();
  try {
    // The rows first, written by this process before the server takes the database.
    const database = openDatabase({ url: undefined, dataDir });
    try {
      await migrateToLatest(database.db);
      await sql`INSERT INTO quote_requests (name, email, phone, vehicle_type, message, created_at)
        SELECT 'Customer ' || g, 'c' || g || '@example.com', '616555' || lpad((g % 10000)::text, 4, '0'),
               CASE WHEN g % 2 = 0 THEN 'car' ELSE 'boat' END, 'Full detail, please.', now() - (g || ' minutes')::interval
        FROM generate_series(1, ${ROWS}) AS g`.execute(database.db);
    } finally {
      await database.close();
    }

    const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER }, { dataDir, embeddedOnDisk: true });
    try {
      const cookie = await signInByEmail(app, smtp, OWNER);
      // Each token takes at most half its minute's limit over the warm-up and the measured run.
      const count = Math.ceil((AMOUNT + WARM_UP) / (TOKEN_RATE_LIMIT.max / 2));
      const tokens: string[] = [];
      for (let i = 0; i < count; i++) tokens.push(await makeToken(app, cookie, `bench ${i + 1}`));

      const url = app.url + PATH;
      const byCookie = { url, connections: CONNECTIONS, headers: { cookie } };
      // autocannon's connections each go round these, so the load is spread evenly over the tokens.
      const byToken = { url, connections: CONNECTIONS, requests: tokens.map((t) => ({ method: "GET", path: PATH, headers: { authorization: `Bearer ${t}` } })) };

      await load({ ...byCookie, amount: WARM_UP / 2 });
      await load({ ...byToken, amount: WARM_UP / 2 });
      // Alternating rounds, so that a change in the machine's load (other work
      // on the same cores) falls on both credentials alike.
      const cookieRounds: Result[] = [];
      const tokenRounds: Result[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        cookieRounds.push(await load({ ...byCookie, amount: AMOUNT / ROUNDS }));
        tokenRounds.push(await load({ ...byToken, amount: AMOUNT / ROUNDS }));
      }

      const sum = (rounds: Result[], of: (r: Result) => number) => rounds.reduce((total, r) => total + of(r), 0);
      // Requests per second over the rounds' whole time; latency: the middle round's p50, the worst round's p99.
      const perSecond = (rounds: Result[]) => Math.round(sum(rounds, (r) => r.requests.total) / sum(rounds, (r) => r.duration));
      const median = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        const middle = Math.floor(sorted.length / 2);
        return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
      };
      const row = (label: string, rounds: Result[]) => [
        label,
        perSecond(rounds),
        ms(median(rounds.map((r) => r.latency.p50))),
        ms(Math.max(...rounds.map((r) => r.latency.p99))),
        sum(rounds, (r) => r["2xx"]),
        sum(rounds, (r) => r.non2xx),
      ];
      const allOk = (rounds: Result[]) => sum(rounds, (r) => r.non2xx) === 0 && sum(rounds, (r) => r["2xx"]) === AMOUNT;
      const roundRatios = cookieRounds.map((c, i) => (c.requests.total / c.duration / (tokenRounds[i]!.requests.total / tokenRounds[i]!.duration)).toFixed(2));
      return {
        title: `API token vs session cookie: GET ${PATH} (page 1 of ${ROWS.toLocaleString("en-US")} rows, embedded database on disk, ${CONNECTIONS} connections, ${AMOUNT} requests each in ${ROUNDS} alternating rounds after ${WARM_UP / 2} to warm up)`,
        headers: ["credential", "req/s", "p50", "p99", "2xx", "other"],
        rows: [row("session cookie", cookieRounds), row(`bearer token (${count} tokens in turn)`, tokenRounds)],
        checks: [
          { label: "every cookie request answered 200", ok: allOk(cookieRounds) },
          { label: "every token request answered 200 (no token reached its rate limit)", ok: allOk(tokenRounds) },
        ],
        notes: [
          `cookie ÷ token throughput: ${ratio(perSecond(cookieRounds), perSecond(tokenRounds))}, by round ${roundRatios.join(", ")} (each reads once who is asking; a token request writes only once a minute per token)`,
        ],
      };
    } finally {
      await app.stop();
    }
  } finally {
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) printReport(await benchApiTokens());
