/**
 * The row history's cost (issue 11): a row update as the dashboard and the
 * API make it (updateRow: validation, the row read, the transaction naming
 * the actor, the UPDATE … RETURNING), with the history trigger on and the
 * history table holding 1,000,000 entries, against the same update with the
 * trigger disabled, in the same run, on the same database. The two are timed
 * in alternating rounds, so drift (caches, autovacuum, the neighbours on the
 * machine) falls on both alike. The bare UPDATE statement alone, with and
 * without the trigger, is shown beside it for information.
 *
 *   tsx bench/run.ts history   or   tsx bench/row-history.ts
 *   (1,000,000 history entries; BENCH_HISTORY_ROWS to change; the embedded
 *   database gets BENCH_EMBEDDED_HISTORY_ROWS, default the same)
 *
 * The server part uses BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), where it creates and drops a
 * database bench_history_…; skipped with a note when no server answers.
 * The target: the update's p50 with history at most 20 % above the one without.
 */
import { pathToFileURL } from "node:url";
import { Kysely, sql } from "kysely";
import pg from "pg";
import type { Database } from "../db/types";
import { type BenchReport, percentile, printReport } from "./lib";
import { type BenchTarget, embeddedMemoryDatabase, onEachDatabase, scratchServerDatabase } from "./databases";
import { getTable } from "../app/server/tables/registry.server";
import { updateRow } from "../app/server/tables/rows.server";

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

type DB = Kysely<Database>;
const ROWS = 1_000; // FAQ rows being updated
const ROUNDS = 10;
const PER_ROUND = 60;
const WARMUP = 40;
const TARGET_RATIO = 1.2;
const ACTOR = { id: 1, email: "owner@example.com", name: "Owner", role: "owner" as const };

interface Target extends BenchTarget {
  db: DB;
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

/**
 * 1,000 FAQs, then `entries` history entries as a year of use would leave
 * them: spread over the editable tables and 100,000 row ids, each an update of
 * one or two fields (the FAQs' own creates are among them).
 */
async function generate(db: DB, entries: number): Promise<number> {
  const start = performance.now();
  await sql`INSERT INTO faqs (question, answer, category, sort_order)
    SELECT 'Question ' || g || '?', 'Answer ' || g, 'General Questions', g % 100 FROM generate_series(1, ${ROWS}::int) g`.execute(db);
  const slice = 100_000;
  for (let from = 1; from <= entries - ROWS; from += slice) {
    const to = Math.min(entries - ROWS, from + slice - 1);
    await sql`INSERT INTO row_history (table_name, row_id, op, actor, at, before, after)
      SELECT (ARRAY['quote_requests','testimonials','faqs','services','care_guides','gallery','users'])[1 + g % 7],
             1 + (g::bigint * 7919) % 100000,
             (ARRAY['update','update','update','create','delete','restore','revert'])[1 + (g / 7) % 7],
             (ARRAY['owner@example.com','helper@example.com',''])[1 + g % 3],
             timestamptz '2026-11-21 12:00:00+00' - ((g % 525600) || ' minutes')::interval,
             jsonb_build_object('answer', 'Old answer ' || g, 'sort_order', g % 100),
             jsonb_build_object('answer', 'New answer ' || g, 'sort_order', (g + 1) % 100)
      FROM generate_series(${from}::int, ${to}::int) AS g`.execute(db);
  }
  await sql`VACUUM ANALYZE row_history`.execute(db);
  await sql`VACUUM ANALYZE faqs`.execute(db);
  return performance.now() - start;
}

async function historyCount(db: DB): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM row_history`.execute(db);
  return rows[0]!.n;
}

async function setHistory(db: DB, on: boolean) {
  await sql`ALTER TABLE faqs ${sql.raw(on ? "ENABLE" : "DISABLE")} TRIGGER faqs_row_history`.execute(db);
}

async function benchTarget(target: Target, entries: number) {
  const { db } = target;
  const generateMs = await generate(db, entries);
  const table = getTable("faqs")!;
  let n = 0;
  // A different row and a new answer each time, so every update changes something.
  const appUpdate = () => {
    n++;
    return updateRow(db, table, String(1 + ((n * 7) % ROWS)), { answer: `Answer ${n}` }, ACTOR);
  };
  const bareUpdate = () => {
    n++;
    return sql`UPDATE faqs SET answer = ${`Answer ${n}`} WHERE id = ${1 + ((n * 7) % ROWS)}`.execute(db);
  };

  const cases = { app: appUpdate, bare: bareUpdate };
  const times: Record<string, { on: number[]; off: number[] }> = { app: { on: [], off: [] }, bare: { on: [], off: [] } };
  let recorded = 0;
  for (const [name, run] of Object.entries(cases)) {
    for (const on of [true, false]) {
      await setHistory(db, on);
      for (let i = 0; i < WARMUP; i++) await run();
      if (on) recorded += WARMUP;
    }
    for (let round = 0; round < ROUNDS; round++) {
      // Which goes first alternates too.
      for (const on of round % 2 ? [false, true] : [true, false]) {
        await setHistory(db, on);
        for (let i = 0; i < PER_ROUND; i++) {
          const start = performance.now();
          await run();
          times[name]![on ? "on" : "off"].push(performance.now() - start);
        }
        if (on) recorded += PER_ROUND;
      }
    }
  }
  await setHistory(db, true);
  const finalCount = await historyCount(db);
  return {
    generateMs,
    app: { on: summary(times.app!.on), off: summary(times.app!.off) },
    bare: { on: summary(times.bare!.on), off: summary(times.bare!.off) },
    recordedOk: finalCount === entries + recorded,
    finalCount,
    expected: entries + recorded,
  };
}

async function serverTarget(adminUrl: string): Promise<Target | undefined> {
  const server = await scratchServerDatabase(adminUrl, "bench_history", 4);
  return server && { label: "PostgreSQL server", db: server.db, close: server.close };
}

async function embeddedTarget(): Promise<Target> {
  const { db, close } = await embeddedMemoryDatabase();
  return { label: "PGlite (embedded, in memory)", db, close };
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

/** For bench/run.ts (`tsx bench/run.ts history`). */
export async function benchRowHistory(options: { entries?: number; embeddedEntries?: number } = {}): Promise<BenchReport> {
  const entries = options.entries ?? Number(process.env.BENCH_HISTORY_ROWS ?? 1_000_000);
  const embeddedEntries = options.embeddedEntries ?? Number(process.env.BENCH_EMBEDDED_HISTORY_ROWS ?? entries);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const report: BenchReport = {
    title: `Row history: a row update with the history trigger (history table at the given size) vs without (${ROUNDS} alternating rounds of ${PER_ROUND} each)`,
    headers: ["database, history entries", "update", "with p50", "with p95", "without p50", "without p95", "with ÷ without (p50)"],
    rows: [],
    checks: [],
    notes: [
      "app update: updateRow of one FAQ answer, as the dashboard and the API make it; without: the same with the table's history trigger disabled (ALTER TABLE … DISABLE TRIGGER)",
      "bare UPDATE: the statement alone in autocommit, for information (the trigger's cost with nothing else around it)",
    ],
  };
  const targets: [() => Promise<Target | undefined>, number][] = [
    [() => serverTarget(serverUrl), entries],
    [embeddedTarget, embeddedEntries],
  ];
  await onEachDatabase(report, serverUrl, targets, async (target, n) => {
    const r = await benchTarget(target, n);
    const label = `${target.label}, ${n.toLocaleString("en-US")}`;
    report.notes!.push(`${target.label}: ${n.toLocaleString("en-US")} history entries generated in ${(r.generateMs / 1000).toFixed(1)} s`);
    const appRatio = r.app.on.p50 / r.app.off.p50;
    report.rows.push([label, "app update (updateRow)", ms(r.app.on.p50), ms(r.app.on.p95), ms(r.app.off.p50), ms(r.app.off.p95), `${appRatio.toFixed(2)}x`]);
    report.rows.push([label, "bare UPDATE statement", ms(r.bare.on.p50), ms(r.bare.on.p95), ms(r.bare.off.p50), ms(r.bare.off.p95), `${(r.bare.on.p50 / r.bare.off.p50).toFixed(2)}x`]);
    report.checks.push({
      label: `${target.label}: a row update with history at ${n.toLocaleString("en-US")} entries within ${Math.round((TARGET_RATIO - 1) * 100)} % of one without (${((appRatio - 1) * 100).toFixed(1)} %)`,
      ok: appRatio <= TARGET_RATIO,
    });
    report.checks.push({
      label: `${target.label}: every update with the trigger on recorded once (${r.finalCount.toLocaleString("en-US")} entries, expected ${r.expected.toLocaleString("en-US")})`,
      ok: r.recordedOk,
    });
  });
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) printReport(await benchRowHistory());
