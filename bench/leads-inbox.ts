/**
 * The lead inbox on a big table: listLeads (the page and the counts per
 * status, as the inbox asks for them) for the first page, a status filter and
 * a message search, against the plain SELECT of the same page, side by side in
 * one run on the PostgreSQL server; leadStats (the inbox's header) for information.
 *
 *   tsx bench/run.ts leads   or   tsx bench/leads-inbox.ts
 *   (100,000 leads; BENCH_LEADS to change)
 *
 * Uses BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * where it creates and drops a database bench_leads_…; skipped with a note when
 * no server answers. The target (the issue's): p95 under 50 ms for each of the three.
 */
import { pathToFileURL } from "node:url";
import { Kysely, sql } from "kysely";
import pg from "pg";
import type { Database } from "../db/types";
import { type BenchReport, printReport, timeRuns } from "./lib";
import { scratchServerDatabase } from "./databases";
import { defaultListQuery, withFilter, type ListQuery } from "../app/lib/list-query";
import { leadStatusCounts } from "../app/server/counters.server";
import { INBOX_PAGE_SIZE, LEADS_LIST, listLeads } from "../app/server/leads/inbox.server";
import { leadStats } from "../app/server/leads/stats.server";

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

type DB = Kysely<Database>;
const RUNS = 50;
const WARMUP = 5;
const TARGET_MS = 50;
/** The word of the message search: in 1 message of 100, in no other field. */
const RARE_WORD = "gelcoat";
/** Single status changes after the bulk insert (each adds to the counters; see generate). */
const DAY_MOVES = 150;


/** The file's runs and warm-ups, timed. */
const timed = (run: () => Promise<unknown>, runs = RUNS) => timeRuns(run, { runs, warmup: WARMUP });

/**
 * Leads as the inbox holds them after two years: one every ~10 minutes, the
 * newest mostly New, older ones answered (first_response_at), booked,
 * completed or lost (with a reason); messages from phrases, RARE_WORD in 1 %;
 * a status history row per answered lead and a note on every tenth (through
 * the trigger that writes the notes' transcript, which the search reads).
 */
async function generate(db: DB, rows: number): Promise<number> {
  const start = performance.now();
  await sql`INSERT INTO quote_requests (name, email, phone, vehicle_type, message, status, lost_reason, client_ip, created_at, updated_at, first_response_at)
    SELECT first || ' ' || last,
           lower(first) || '.' || lower(last) || g || '@' || (ARRAY['gmail.com','yahoo.com','outlook.com','icloud.com','comcast.net'])[1 + g % 5],
           '(616) 555-' || lpad((g % 10000)::text, 4, '0'),
           vehicle,
           (ARRAY['Full detail please, interior and exterior.', 'Looking for a wash and wax before we sell it.', 'Interior only: dog hair and a coffee spill on the seats.',
                  'Paint correction and a ceramic coating if the price is right.', 'Oxidation on the hull, needs a compound and polish.', 'Headlights are foggy and the wheels are filthy.'])[1 + g % 6]
             || ' ' || (ARRAY['It is a ', 'We have a ', 'Ours is a ', 'My '])[1 + g % 4] || (2000 + g % 25) || ' ' || vehicle || '.'
             || (ARRAY[' Parked in the driveway, water and power available.', ' Kept at a marina in Holland.', ' Can you come on a weekend?', ' We are in Kentwood near 28th St.', ''])[1 + (g / 7) % 5]
             || CASE WHEN g % 100 = 42 THEN ' The ${sql.raw(RARE_WORD)} looks chalky near the waterline.' ELSE '' END,
           status,
           CASE WHEN status = 'lost' THEN (ARRAY['Went with a cheaper quote', 'No answer after three calls', 'Outside our service area'])[1 + g % 3] ELSE '' END,
           '10.0.' || (g % 250) || '.' || (g % 200),
           created,
           created,
           CASE WHEN status <> 'new' THEN created + ((g * 37) % 2880) * interval '1 minute' END
    FROM (
      SELECT g,
             (ARRAY['Ann','Bob','Carla','Dan','Eve','Frank','Gina','Hal','Ivy','Jack','Kim','Leo','Mia','Ned','Olga','Pat','Quinn','Rita','Sam','Tara'])[1 + g % 20] AS first,
             (ARRAY['Smith','Jones','Brown','Miller','Davis','Wilson','Moore','Taylor','Anderson','Thomas','Jackson','White','Harris','Martin','Thompson','Garcia','Walker','Hall','Allen','Young','King','Wright','Scott','Green','Baker'])[1 + (g / 20) % 25] AS last,
             (ARRAY['car','truck','SUV','boat','pontoon','minivan'])[1 + (g / 3) % 6] AS vehicle,
             CASE WHEN g <= 150 THEN (ARRAY['new','new','new','contacted','quoted'])[1 + g % 5]
                  ELSE (ARRAY['completed','completed','completed','lost','lost','booked','quoted','contacted','completed','lost'])[1 + (g * 7) % 10] END AS status,
             now() - g * interval '10 minutes' - (g % 7) * interval '1 minute' AS created
      FROM generate_series(1, ${rows}::int) AS g
    ) AS leads`.execute(db);
  // The history: the first answer of every answered lead (as the trigger records it, written directly).
  await sql`INSERT INTO lead_events (lead_id, kind, from_status, to_status, actor, created_at)
    SELECT id, 'status', 'new', status, 'owner@shine.example', first_response_at FROM quote_requests WHERE status <> 'new'`.execute(db);
  // Notes on every tenth lead, through the trigger that appends them to quote_requests.notes.
  await sql`INSERT INTO lead_events (lead_id, kind, body, actor, created_at)
    SELECT id, 'note', (ARRAY['Called, left a voicemail.', 'Prefers Saturday mornings.', 'Sent the price by text.', 'Wants the boat done before Memorial Day.'])[1 + id % 4],
           'owner@shine.example', created_at + interval '1 hour'
    FROM quote_requests WHERE id % 10 = 3`.execute(db);
  // As the day goes: leads moved one at a time, each its own statement, so the
  // counters per status are read as they stand between two folds (ADR 0104).
  for (let i = 0; i < DAY_MOVES; i++) {
    await sql`UPDATE quote_requests SET status = CASE WHEN status = 'new' THEN 'contacted' ELSE 'new' END
      WHERE id = (SELECT min(id) FROM quote_requests) + ${i}`.execute(db);
  }
  // As autovacuum soon would on a live database: the GIN index's pending list merged, statistics fresh.
  await sql`VACUUM ANALYZE quote_requests`.execute(db);
  await sql`VACUUM ANALYZE lead_events`.execute(db);
  return performance.now() - start;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function benchLeadsInbox(options: { rows?: number } = {}): Promise<BenchReport> {
  const rows = options.rows ?? Number(process.env.BENCH_LEADS ?? 100_000);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const report: BenchReport = {
    title: `Lead inbox: listLeads (page + counts per status) vs the plain SELECT of the same page (${rows.toLocaleString("en-US")} leads, ${RUNS} runs after ${WARMUP} warm-ups)`,
    headers: ["query", "listLeads p50", "p95", "plain p50", "p95", "ratio p50", "ratio p95"],
    rows: [],
    checks: [],
    notes: [`plain: SELECT * FROM quote_requests [WHERE …] ORDER BY created_at DESC, id DESC LIMIT ${INBOX_PAGE_SIZE}, the same page without the counts per status`],
  };
  const server = await scratchServerDatabase(serverUrl, "bench_leads");
  if (!server) {
    report.notes!.push(`SKIPPED: no PostgreSQL server answers at ${serverUrl} (set BENCH_DATABASE_URL to one where the user may create databases)`);
    return report;
  }
  try {
    const { db } = server;
    const generateMs = await generate(db, rows);
    report.title = report.title.replace("leads,", `leads on PostgreSQL ${server.version},`);
    report.notes!.push(`${rows.toLocaleString("en-US")} leads, their history and notes generated in ${(generateMs / 1000).toFixed(1)} s`);

    const all = defaultListQuery(LEADS_LIST);
    const page = (where: string) => sql.raw(`SELECT * FROM quote_requests ${where} ORDER BY created_at DESC, id DESC LIMIT ${INBOX_PAGE_SIZE}`);
    const cases: { name: string; query: ListQuery; plain: string }[] = [
      { name: "first page (newest first, no filter)", query: all, plain: "" },
      { name: "status=booked", query: withFilter(LEADS_LIST, all, "status", "booked"), plain: "WHERE status = 'booked'" },
      { name: `search "${RARE_WORD}" (in 1 % of messages)`, query: { ...all, q: RARE_WORD }, plain: `WHERE search_text ILIKE '%${RARE_WORD}%'` },
    ];
    for (const c of cases) {
      // What the inbox shows must be what the plain query finds.
      const result = await listLeads(db, c.query);
      const plainRows = (await page(c.plain).execute(db)).rows as { id: number }[];
      const same = result.leads.length === INBOX_PAGE_SIZE && result.leads.map((l) => l.id).join() === plainRows.map((r) => r.id).join();
      report.checks.push({ label: `${c.name}: the same ${INBOX_PAGE_SIZE} leads as the plain query (of ${result.total.toLocaleString("en-US")})`, ok: same });

      const ours = await timed(() => listLeads(db, c.query));
      const plain = await timed(() => page(c.plain).execute(db));
      report.rows.push([c.name, ms(ours.p50), ms(ours.p95), ms(plain.p50), ms(plain.p95), `${(ours.p50 / plain.p50).toFixed(1)}x`, `${(ours.p95 / plain.p95).toFixed(1)}x`]);
      report.checks.push({ label: `${c.name}: p95 ${ms(ours.p95)} < ${TARGET_MS} ms`, ok: ours.p95 < TARGET_MS });
    }
    const searched = await listLeads(db, cases[2]!.query);
    report.notes!.push(`the search finds ${searched.total.toLocaleString("en-US")} leads (${((searched.total / rows) * 100).toFixed(1)} %); status=booked ${(await listLeads(db, cases[1]!.query)).total.toLocaleString("en-US")}`);

    // The filter links' counts as listLeads reads them without a search: the counters the triggers keep.
    const counters = await timed(() => leadStatusCounts(db));
    report.rows.push(["of which: the counts per status from the counters", ms(counters.p50), ms(counters.p95), "", "", "", ""]);
    // What the counters kept by triggers (counters.server.ts) save the filter links: a count over every lead.
    const counts = await timed(() => sql`SELECT status, count(*) AS n FROM quote_requests GROUP BY status`.execute(db));
    report.rows.push(["the counts per status counted over every lead instead (not used)", ms(counts.p50), ms(counts.p95), "", "", "", ""]);

    const stats = await timed(() => leadStats(db), 20);
    report.rows.push(["leadStats (header: waiting, median response, 12 weeks), for information", ms(stats.p50), ms(stats.p95), "", "", "", ""]);
  } finally {
    await server.close();
  }
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const report = await benchLeadsInbox();
  printReport(report);
  process.exit(report.checks.every((c) => c.ok) ? 0 : 1);
}
