/**
 * The price for a choice (issue 35, docs/decisions/0126): `quotePrice` with
 * the price book loaded, as the booking page prices each choice, over a
 * spread of choices (every vehicle class and package it offers, boats by
 * length, add-ons, conditions, ZIP codes in each travel zone and one beyond
 * the radius), in this process, after a warm-up; then on each database the
 * whole server-side price, `loadPriceBook` (the seeded book, one read of
 * each table and the settings) and `quotePrice`, in turns with the baseline:
 * one settings row by primary key (getTravelArea), the least a request that
 * prices anything reads. On PGlite in memory and on the PostgreSQL server
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * skipped with a note when none answers).
 *
 *   tsx bench/run.ts price
 *
 * Target: quotePrice p95 under 5 ms (the "price for a choice"); the
 * book read with it is for information: how the booking page gets the book
 * is the page's to choose.
 */
import { pathToFileURL } from "node:url";
import type { Kysely } from "kysely";
import { seedContent } from "../db/seed";
import type { Database } from "../db/types";
import type { PriceBook } from "../app/lib/price-book";
import { loadPriceBook } from "../app/server/price-book/price-book.server";
import { quotePrice, type PriceChoice } from "../app/server/price-book/quote-price.server";
import { getTravelArea } from "../app/server/settings.server";
import { embeddedMemoryDatabase, onEachDatabase, scratchServerDatabase, type BenchTarget } from "./databases";
import { type BenchReport, ms, printReport, ratio, timeRuns, timeRunsInTurns } from "./lib";

type DB = Kysely<Database>;
/** Times under a millisecond, in microseconds. */
const micro = (n: number) => `${Math.round(n * 1000)} µs`;
const PRICE_RUNS = 5_000;
const DB_RUNS = 200;
const WARMUP = 50;
const TARGET_MS = 5;
/** Grand Rapids, Holland, Rockford, Kentwood, Muskegon, Kalamazoo (past the 50-mile radius). */
const ZIPS = ["49503", "49423", "49341", "49508", "49440", "49009"];

/** Every choice the book offers, turned through add-ons, conditions and ZIP codes. */
function choices(book: PriceBook): PriceChoice[] {
  const all: PriceChoice[] = [];
  let i = 0;
  for (const vehicle of book.classes) {
    for (const pack of book.packages.filter((p) => p.prices.some((price) => price.vehicleClassId === vehicle.id))) {
      for (const zip of ZIPS) {
        all.push({
          vehicleClassId: vehicle.id,
          boatFeet: vehicle.perFoot ? 16 + (i % 20) : null,
          packageId: pack.id,
          addOnIds: book.addOns.slice(0, i % (book.addOns.length + 1)).map((a) => a.id),
          condition: (["light", "moderate", "heavy"] as const)[i % 3]!,
          zip,
        });
        i++;
      }
    }
  }
  return all;
}

export async function benchQuotePrice(): Promise<BenchReport> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const report: BenchReport = {
    title: `Price for a choice: quotePrice with the seeded price book (${PRICE_RUNS.toLocaleString("en-US")} runs after ${WARMUP}), and the book read with it on each database vs one settings row (${DB_RUNS} runs, in turns)`,
    headers: ["where", "what", "p50", "p95", "ratio p50 to baseline", "ratio p95"],
    rows: [],
    checks: [],
    notes: ["baseline: getTravelArea, the settings' row by primary key", "choices: every vehicle class × its packages × 6 ZIP codes (one beyond the radius), boats 16–35 ft, 0–all add-ons, each condition"],
  };
  type Target = BenchTarget & { db: DB };
  let priced = false;
  await onEachDatabase<Target>(
    report,
    serverUrl,
    [
      [async () => ({ ...(await embeddedMemoryDatabase()), label: "PGlite (embedded, in memory)" }), 1],
      [async () => {
        const server = await scratchServerDatabase(serverUrl, "bench_price");
        return server && { ...server, label: `PostgreSQL ${server.version}` };
      }, 1],
    ],
    async (target) => {
      await seedContent(target.db);
      const book = await loadPriceBook(target.db);
      const list = choices(book);
      const quotes = list.map((choice) => quotePrice(book, choice));
      const beyond = quotes.filter((q) => !q.ok).length;
      report.checks.push({
        label: `${target.label}: ${list.length} choices priced, ${beyond} beyond the radius (Kalamazoo), the rest with lines and a total`,
        ok: list.length >= 30 && beyond === list.length / ZIPS.length && quotes.every((q) => !q.ok || (q.lines.length > 0 && q.totalCents > 0)),
      });
      if (!priced) {
        // The price alone needs no database: measured once.
        priced = true;
        let n = 0;
        const alone = await timeRuns(async () => quotePrice(book, list[n++ % list.length]!), { runs: PRICE_RUNS, warmup: WARMUP });
        report.rows.push(["this process", "quotePrice (book loaded)", micro(alone.p50), micro(alone.p95), "", ""]);
        report.checks.push({ label: `quotePrice p95 ${micro(alone.p95)} < ${TARGET_MS} ms`, ok: alone.p95 < TARGET_MS });
      }
      let m = 0;
      const times = await timeRunsInTurns(
        {
          priced: async () => quotePrice(await loadPriceBook(target.db), list[m++ % list.length]!),
          baseline: () => getTravelArea(target.db),
        },
        { rounds: DB_RUNS, warmup: WARMUP },
      );
      report.rows.push([target.label, "loadPriceBook + quotePrice", ms(times.priced.p50), ms(times.priced.p95), ratio(times.priced.p50, times.baseline.p50), ratio(times.priced.p95, times.baseline.p95)]);
      report.rows.push([target.label, "baseline: one settings row", ms(times.baseline.p50), ms(times.baseline.p95), "1.00x", "1.00x"]);
      report.notes!.push(`${target.label}: the book read and priced in ${ms(times.priced.p95)} at p95 (one statement reads the price book's six tables and the settings, for information)`);
    },
  );
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  printReport(await benchQuotePrice());
}
