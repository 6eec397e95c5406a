/**
 * Maintenance plans (issue 37, docs/decisions/0146): a year of fortnightly
 * visits for 200 plan customers (`BENCH_PLAN_CUSTOMERS`) generated from
 * their rules and placed into free times, the whole real path: each plan
 * made by Start a Plan (its rule, its first 12 weeks placed, the customer's
 * e-mail with an invite per visit), then the background runner's top-up to
 * a year ahead (topUpPlans with a 366-day horizon, in its batches, each
 * plan's e-mail of its new dates). Three technicians, the default working
 * week (Monday to Saturday, 8 to 6, a 30-minute travel buffer), one-hour
 * visits starting on the next 12 working days at 8:00 to 16:00. On PGlite in
 * memory and on the PostgreSQL server (`BENCH_DATABASE_URL`, a throwaway
 * `bench_plans_…`; skipped with a note when none answers), in this process.
 * First the rules and placement alone (each plan's rule, a year of visits
 * placed in one transaction per plan, no e-mail): target under 10 s on each.
 * Then, on a cleared schedule, the whole path for information. Every
 * occurrence placed once, no two visits of one person overlapping (counted).
 *
 *   tsx bench/run.ts plans
 */
import { pathToFileURL } from "node:url";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/types";
import { addDays, dayIn } from "../app/lib/time-zone";
import { isoWeekday } from "../app/lib/work-week";
import { env } from "../app/server/env.server";
import { startPlan } from "../app/server/plans/customer-plans.server";
import { topUpPlans } from "../app/server/plans/plan-top-up.server";
import { savePlan } from "../app/server/plans/plans.server";
import { placeVisits } from "../app/server/plans/placement.server";
import { newPlanToken } from "../app/server/plans/plan-records.server";
import { occurrences, planRule } from "../app/server/plans/recurrence.server";
import { stopBackgroundJobs } from "../app/server/background.server";
import { embeddedMemoryDatabase, onEachDatabase, scratchServerDatabase, type BenchTarget } from "./databases";
import { type BenchReport, printReport } from "./lib";

const TARGET_MS = 10_000;
const OWNER = { id: 1, email: "owner@bench.example", role: "owner" as const };
const ORIGIN = "https://bench.example";

export async function benchPlans(options: { customers?: number } = {}): Promise<BenchReport> {
  const customers = options.customers ?? Number(process.env.BENCH_PLAN_CUSTOMERS ?? 200);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const report: BenchReport = {
    title: `A year of fortnightly visits for ${customers} plan customers, generated (rrule) and placed into free times with 3 technicians: Start a Plan for each, then the top-up to a year ahead`,
    headers: ["database", "Start a Plan (12 weeks)", "top-up to a year", "total", "visits placed", "not placed", "per visit"],
    rows: [],
    checks: [],
    notes: ["each plan's e-mail (its dates, an invite per visit) is queued in the same transaction, as in the app; delivery is not measured"],
  };
  type Target = BenchTarget & { db: Kysely<Database> };
  await onEachDatabase<Target>(
    report,
    serverUrl,
    [
      [async () => ({ ...(await embeddedMemoryDatabase()), label: "PGlite (embedded, in memory)" }), customers],
      [async () => {
        const server = await scratchServerDatabase(serverUrl, "bench_plans");
        return server && { ...server, label: `PostgreSQL ${server.version}` };
      }, customers],
    ],
    async (target, count) => {
      const db = target.db;
      await db.insertInto("users").values([1, 2, 3].map((i) => ({ email: `tech${i}@bench.example`, role: "technician" as const }))).execute();
      const planId = await savePlan(db, OWNER, { id: null, name: "Fortnightly Wash", packages: [], cadence: { kind: "weekly", weeks: 2 }, billing: "per_visit", price: 4900, discountPercent: 10, maxPauseWeeks: 4 });
      const ids = (
        await db
          .insertInto("customers")
          .values(Array.from({ length: count }, (_, i) => ({ name: `Plan Customer ${i + 1}`, email: `plan${i + 1}@bench.example`, phone: "(616) 555-0100" })))
          .returning("id")
          .execute()
      ).map((r) => r.id);
      const zone = env().BUSINESS_TIME_ZONE;
      const now = new Date();
      // The next 12 working days (Monday to Saturday) from two days ahead.
      const days: string[] = [];
      for (let day = addDays(dayIn(now, zone), 2); days.length < 12; day = addDays(day, 1)) if (isoWeekday(day) <= 6) days.push(day);
      const times = ["08:00", "09:30", "11:00", "12:30", "14:00", "15:30"];
      // First the generation and placement alone: each plan's rule, a year of its visits placed in one transaction, no e-mail.
      const placeOnly = performance.now();
      let placedOnly = 0;
      for (const [i, customerId] of ids.entries()) {
        const startDate = days[i % days.length]!;
        const startTime = times[Math.floor(i / days.length) % times.length]!;
        placedOnly += await db.transaction().execute(async (trx) => {
          const { id } = await trx
            .insertInto("customer_plans")
            .values({ token: newPlanToken(), customer_id: customerId, plan_id: planId, rrule: planRule({ kind: "weekly", weeks: 2 }, startDate, startTime), starts_on: startDate, start_time: startTime, duration_minutes: 60, billing: "per_visit", price_cents: 4900 })
            .returning("id")
            .executeTakeFirstOrThrow();
          return (await placeVisits(trx, id, "bench", now, 366)).placed.length;
        });
      }
      const placeOnlyMs = performance.now() - placeOnly;
      report.rows.push([`${target.label}: rule and placement alone, no e-mail`, "", "", `${(placeOnlyMs / 1000).toFixed(2)} s`, placedOnly, "", `${(placeOnlyMs / Math.max(placedOnly, 1)).toFixed(2)} ms`]);
      report.checks.push({ label: `${target.label}: rules and placement alone for ${count} customers in ${(placeOnlyMs / 1000).toFixed(2)} s < ${TARGET_MS / 1000} s`, ok: placeOnlyMs < TARGET_MS });
      await db.deleteFrom("job_events").execute();
      await db.deleteFrom("jobs").execute();
      await db.deleteFrom("customer_plans").execute();

      let unplaced = 0;
      const started = performance.now();
      for (const [i, customerId] of ids.entries()) {
        const result = await startPlan(
          db,
          customerId,
          { plan: planId, vehicleId: null, startDate: days[i % days.length]!, startTime: times[Math.floor(i / days.length) % times.length]!, durationMinutes: 60, address: "" },
          OWNER,
          ORIGIN,
          now,
        );
        unplaced += result.unplaced;
      }
      const startedMs = performance.now() - started;
      const topUp = performance.now();
      const due = async () => Number((await db.selectFrom("customer_plans").select((eb) => eb.fn.countAll<string>().as("n")).where("status", "=", "active").where("placed_until", "<", sql<Date>`${addDays(dayIn(now, zone), 366 - 7)}::date`).executeTakeFirstOrThrow()).n);
      while ((await due()) > 0) await topUpPlans(db, ORIGIN, now, 366);
      const topUpMs = performance.now() - topUp;
      const total = startedMs + topUpMs;
      const placed = Number((await db.selectFrom("jobs").select((eb) => eb.fn.countAll<string>().as("n")).where("source", "=", "plan").executeTakeFirstOrThrow()).n);
      // What the rules ask for: each plan's occurrences up to a year ahead.
      const rules = await db.selectFrom("customer_plans").select("rrule").execute();
      const wanted = rules.reduce((sum, r) => sum + occurrences(r.rrule, dayIn(now, zone), addDays(dayIn(now, zone), 366)).length, 0);
      const overlaps = Number(
        (
          await sql<{ n: string }>`SELECT count(*) AS n FROM jobs a JOIN jobs b ON a.id < b.id AND coalesce(a.assigned_to, 0) = coalesce(b.assigned_to, 0) AND a.busy && b.busy WHERE a.status <> 'cancelled' AND b.status <> 'cancelled'`.execute(db)
        ).rows[0]!.n,
      );
      const emails = Number((await db.selectFrom("email_outbox").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).n);
      report.rows.push([target.label, `${(startedMs / 1000).toFixed(2)} s`, `${(topUpMs / 1000).toFixed(2)} s`, `${(total / 1000).toFixed(2)} s`, placed, wanted - placed, `${(total / Math.max(placed, 1)).toFixed(2)} ms`]);
      // The whole path (e-mails rendered with an invite per visit and queued, the outbox kicked) for information.
      report.notes!.push(`${target.label}: the whole path (Start a Plan, then the top-up) ${(total / 1000).toFixed(2)} s`);
      report.checks.push({ label: `${target.label}: every occurrence placed once (${placed} of ${wanted}; ${unplaced} not placed at the start)`, ok: placed === wanted });
      report.checks.push({ label: `${target.label}: no two visits of one person overlap (${overlaps})`, ok: overlaps === 0 });
      report.notes!.push(`${target.label}: ${emails} e-mails queued (one at Start a Plan and one per top-up batch with new dates, per customer)`);
      await stopBackgroundJobs();
    },
  );
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  printReport(await benchPlans());
}
