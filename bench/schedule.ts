/**
 * The schedule (issue 21) with a year of jobs (2,000; BENCH_JOBS to change):
 *
 * - freetimes: `freeTimes` (the working week, the jobs that can touch the
 *   next 14 days by jobs_starts_idx, the slots) with ZIP-aware gaps (issue 35,
 *   docs/decisions/0130: the new job in Holland, the year's jobs in five West
 *   Michigan ZIP codes, the drive between them computed in memory), and
 *   without a ZIP code (the travel buffer and the base), in turns, against a
 *   baseline in the same run, after them, that reads every live job of the year and
 *   computes the same ZIP-aware slots, on the embedded database and on the
 *   PostgreSQL server (BENCH_DATABASE_URL, default
 *   postgres://postgres@127.0.0.1:5432/postgres; skipped with a note when
 *   none answers). Target: ZIP-aware p95 under 20 ms on each. A 16-hour job
 *   over working days (docs/decisions/0131) for information. Then crews
 *   (issue 37, docs/decisions/0148): the same 2,000 jobs shared among 3
 *   technicians, `freeTimes` ZIP-aware and `freeWorkersAt` (who is free at a
 *   time, the least busy that day first) in turns, against the baseline
 *   that reads every live job and computes each person's slots. Target:
 *   freeTimes with 3 technicians p95 under 20 ms on each.
 * - schedule: GET /admin/schedule of a full week (42 jobs) from the production
 *   server on its embedded database on disk, signed in, one request at a time,
 *   against GET /admin/settings (the same guard and shell, one row) in the
 *   same run. Target: p95 under 50 ms.
 *
 *   tsx bench/run.ts freetimes schedule
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/types";
import { addDays, dayIn } from "../app/lib/time-zone";
import { isoWeekday } from "../app/lib/work-week";
import { openDatabase } from "../app/server/db.server";
import { env } from "../app/server/env.server";
import { CUSTOMER_REACH, freeStartTimes, freeTimes, freeWorkersAt, type NewJobPlace } from "../app/server/jobs/free-times.server";
import { driveMinutes } from "../app/server/jobs/road-gaps.server";
import { migrateToLatest } from "../app/server/migrate.server";
import { getScheduleRules } from "../app/server/settings.server";
import { signInByEmail, startAppServer } from "../tests/helpers/app-server";
import { startSmtpSink } from "../tests/helpers/smtp";
import { embeddedMemoryDatabase, onEachDatabase, scratchServerDatabase, type BenchTarget } from "./databases";
import { type BenchReport, ms, printReport, ratio, timeRuns, timeRunsInTurns } from "./lib";

type DB = Kysely<Database>;
const RUNS = 100;
const WARMUP = 10;
const FREE_TIMES_TARGET_MS = 20;
const PAGE_TARGET_MS = 50;
const DURATION_MINUTES = 60;
const OWNER = "owner@example.com";
/** The year's jobs take turns in these (Grand Rapids, Holland, Rockford, Ada, Kentwood): drives of 15 to 60 minutes between them. */
const ZIPS = ["49503", "49423", "49341", "49301", "49508"];
/** The new job's: Holland, 45 minutes from the base. */
const NEW_JOB: NewJobPlace = { zip: "49423" };

/** The file's runs and warm-ups, timed. */
const timed = (run: () => Promise<unknown>, runs = RUNS) => timeRuns(run, { runs, warmup: WARMUP });

/**
 * `count` jobs around `today` (half before, half after), six a day at 8:00,
 * 9:30, … 15:30 in the business's wall clock (an hour each, a 30-minute
 * buffer: busy to 17:00), every seventh cancelled, for 200 customers in five
 * towns, in `zips` in turn when given (else none). Written as the schema
 * requires (busy = start .. end + buffer).
 */
async function generateJobs(db: DB, count: number, today: string, timeZone: string, zips: string[] = []): Promise<void> {
  await sql`INSERT INTO quote_requests (name, email, phone, vehicle_type, service_address, status)
    SELECT 'Customer ' || g, 'customer' || g || '@example.com', '(616) 555-0100', 'SUV',
           g || ' Main St, ' || (ARRAY['Holland','Grandville','Rockford','Ada','Kentwood'])[1 + g % 5] || ', MI 49423', 'booked'
    FROM generate_series(1, 200) AS g`.execute(db);
  const firstDay = addDays(today, -Math.floor(count / 12));
  await sql`INSERT INTO jobs (lead_id, token, status, starts_at, duration_minutes, buffer_minutes, busy, address, zip)
    SELECT lead, md5(g::text) || md5((g + 1)::text), CASE WHEN g % 7 = 3 THEN 'cancelled' ELSE 'scheduled' END,
           starts_at, 60, 30, tstzrange(starts_at, starts_at + interval '90 minutes', '[)'), '',
           (${zips}::text[])[1 + g % greatest(cardinality(${zips}::text[]), 1)]
    FROM (
      SELECT g, (SELECT min(id) FROM quote_requests) + g % 200 AS lead,
             ((${firstDay}::date + g / 6) + time '08:00' + (g % 6) * interval '90 minutes') AT TIME ZONE ${timeZone} AS starts_at
      FROM generate_series(0, ${count - 1}::int) AS g
    ) AS s`.execute(db);
  await sql`ANALYZE jobs`.execute(db);
}

/** The baseline: every live job of the year, then the same slots, the drive to and from `place` included. */
async function freeTimesFromEveryJob(db: DB, now: Date, timeZone: string, place: NewJobPlace): Promise<Date[]> {
  const { baseZip, ...week } = await getScheduleRules(db);
  const rows = await db
    .selectFrom("jobs")
    .select([sql<Date>`lower(busy)`.as("start"), sql<Date>`upper(busy)`.as("end"), "buffer_minutes", "zip"])
    .where("status", "<>", "cancelled")
    .execute();
  const busy = rows.map((r) => {
    const end = new Date(r.end).getTime();
    return { start: new Date(r.start).getTime(), end, workEnd: end - r.buffer_minutes * 60_000, zip: r.zip };
  });
  const drive = (zip: string | null) => driveMinutes(place.zip ?? null, zip, baseZip);
  return freeStartTimes({ ...week, timeZone }, busy, DURATION_MINUTES, now, CUSTOMER_REACH, { drive });
}

/** The crews' baseline: every live job of the year with its person, then each person's slots (as above), their union. */
async function crewFreeTimesFromEveryJob(db: DB, now: Date, timeZone: string, place: NewJobPlace): Promise<Date[]> {
  const { baseZip, ...week } = await getScheduleRules(db);
  const [rows, staff] = await Promise.all([
    db
      .selectFrom("jobs")
      .select([sql<Date>`lower(busy)`.as("start"), sql<Date>`upper(busy)`.as("end"), "buffer_minutes", "zip", "assigned_to"])
      .where("status", "<>", "cancelled")
      .execute(),
    db.selectFrom("users").select("id").where("role", "is not", null).execute(),
  ]);
  const drive = (zip: string | null) => driveMinutes(place.zip ?? null, zip, baseZip);
  const times = new Set<number>();
  for (const { id } of staff) {
    const busy = rows
      .filter((r) => r.assigned_to === id)
      .map((r) => {
        const end = new Date(r.end).getTime();
        return { start: new Date(r.start).getTime(), end, workEnd: end - r.buffer_minutes * 60_000, zip: r.zip };
      });
    for (const t of freeStartTimes({ ...week, timeZone }, busy, DURATION_MINUTES, now, CUSTOMER_REACH, { drive })) times.add(t.getTime());
  }
  return [...times].sort((a, b) => a - b).map((t) => new Date(t));
}

export async function benchFreeTimes(options: { jobs?: number } = {}): Promise<BenchReport> {
  const count = options.jobs ?? Number(process.env.BENCH_JOBS ?? 2_000);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const timeZone = env().BUSINESS_TIME_ZONE;
  const now = new Date();
  const today = dayIn(now, timeZone);
  const report: BenchReport = {
    title: `Free times for 14 days (a ${DURATION_MINUTES}-minute job in Holland, 49423) with ${count.toLocaleString("en-US")} jobs in the year in five ZIP codes: freeTimes with ZIP-aware gaps vs reading every job (${RUNS} runs after ${WARMUP} warm-ups; freeTimes' three in turns, then the baseline)`,
    headers: ["database", "query", "p50", "p95", "ratio p50 to baseline", "ratio p95"],
    rows: [],
    checks: [],
    notes: [
      "baseline: SELECT every live job's busy range and ZIP code (no window), then the same ZIP-aware slot computation",
      "no ZIP: the new job at the base (Grand Rapids): the drive to the year's jobs in their ZIP codes all the same",
    ],
  };
  type Target = BenchTarget & { db: DB };
  await onEachDatabase<Target>(
    report,
    serverUrl,
    [
      [async () => ({ ...(await embeddedMemoryDatabase()), label: "PGlite (embedded, in memory)" }), count],
      [async () => {
        const server = await scratchServerDatabase(serverUrl, "bench_jobs");
        return server && { ...server, label: `PostgreSQL ${server.version}` };
      }, count],
    ],
    async (target) => {
      await generateJobs(target.db, count, today, timeZone, ZIPS);
      const road = await freeTimes(target.db, DURATION_MINUTES, now, CUSTOMER_REACH, NEW_JOB);
      const every = await freeTimesFromEveryJob(target.db, now, timeZone, NEW_JOB);
      const plain = await freeTimes(target.db, DURATION_MINUTES, now);
      report.checks.push({
        label: `${target.label}: the same ${road.length} ZIP-aware free times as the baseline`,
        ok: road.length > 0 && road.map(Number).join() === every.map(Number).join(),
      });
      report.checks.push({ label: `${target.label}: the road takes times away (${road.length} for Holland, ${plain.length} at the base)`, ok: road.length < plain.length });
      // Ours in turns; the baseline after, on its own: the garbage of its 2,000 rows would otherwise be collected in the next one's time.
      const ours = await timeRunsInTurns(
        {
          road: () => freeTimes(target.db, DURATION_MINUTES, now, CUSTOMER_REACH, NEW_JOB),
          plain: () => freeTimes(target.db, DURATION_MINUTES, now),
          days: () => freeTimes(target.db, 16 * 60, now, CUSTOMER_REACH, { ...NEW_JOB, overDays: true }),
        },
        { rounds: RUNS, warmup: WARMUP },
      );
      const times = { ...ours, every: await timed(() => freeTimesFromEveryJob(target.db, now, timeZone, NEW_JOB)) };
      const row = (query: string, t: { p50: number; p95: number }) => [target.label, query, ms(t.p50), ms(t.p95), ratio(t.p50, times.every.p50), ratio(t.p95, times.every.p95)];
      report.rows.push(row("freeTimes, ZIP-aware (Holland)", times.road));
      report.rows.push(row("freeTimes, no ZIP", times.plain));
      report.rows.push(row("freeTimes, 16 hours over days, ZIP-aware", times.days));
      report.rows.push(row("baseline: every job", times.every));
      report.checks.push({ label: `${target.label}: ZIP-aware p95 ${ms(times.road.p95)} < ${FREE_TIMES_TARGET_MS} ms`, ok: times.road.p95 < FREE_TIMES_TARGET_MS });

      // Crews (issue 37): the same jobs shared among 3 technicians, in turns.
      await sql`INSERT INTO users (email, role) SELECT 'tech' || g || '@example.com', 'technician' FROM generate_series(1, 3) AS g`.execute(target.db);
      await sql`UPDATE jobs SET assigned_to = (SELECT id FROM users WHERE email = 'tech' || (1 + jobs.id % 3) || '@example.com')`.execute(target.db);
      await sql`ANALYZE jobs`.execute(target.db);
      const crew = await freeTimes(target.db, DURATION_MINUTES, now, CUSTOMER_REACH, NEW_JOB);
      const crewEvery = await crewFreeTimesFromEveryJob(target.db, now, timeZone, NEW_JOB);
      report.checks.push({
        label: `${target.label}, 3 technicians: the same ${crew.length} ZIP-aware free times as the baseline, more than one person's ${road.length}`,
        ok: crew.length > road.length && crew.map(Number).join() === crewEvery.map(Number).join(),
      });
      const at = crew[Math.floor(crew.length / 2)]!;
      const people = await freeWorkersAt(target.db, at, DURATION_MINUTES, now, CUSTOMER_REACH, NEW_JOB);
      report.checks.push({ label: `${target.label}, 3 technicians: someone free at a free time (${people.length})`, ok: people.length > 0 });
      const crewTimes = await timeRunsInTurns(
        {
          crew: () => freeTimes(target.db, DURATION_MINUTES, now, CUSTOMER_REACH, NEW_JOB),
          at: () => freeWorkersAt(target.db, at, DURATION_MINUTES, now, CUSTOMER_REACH, NEW_JOB),
        },
        { rounds: RUNS, warmup: WARMUP },
      );
      const crewBase = await timed(() => crewFreeTimesFromEveryJob(target.db, now, timeZone, NEW_JOB));
      const crewRow = (query: string, t: { p50: number; p95: number }) => [target.label, query, ms(t.p50), ms(t.p95), ratio(t.p50, crewBase.p50), ratio(t.p95, crewBase.p95)];
      report.rows.push(crewRow("3 technicians: freeTimes, ZIP-aware", crewTimes.crew));
      report.rows.push(crewRow("3 technicians: freeWorkersAt (least busy first)", crewTimes.at));
      report.rows.push(crewRow("3 technicians: baseline: every job, per person", crewBase));
      report.checks.push({
        label: `${target.label}, 3 technicians: freeTimes p95 ${ms(crewTimes.crew.p95)} < ${FREE_TIMES_TARGET_MS} ms`,
        ok: crewTimes.crew.p95 < FREE_TIMES_TARGET_MS,
      });
    },
  );
  // The slot computation alone (no database), for information: no jobs, then 14 days of them with the road.
  const week = { workdayStart: "08:00", workdayEnd: "18:00", workingDays: [1, 2, 3, 4, 5, 6], travelBufferMinutes: 30, timeZone };
  const pure = await timed(async () => freeStartTimes(week, [], DURATION_MINUTES, now), 1_000);
  report.notes!.push(`the slot computation alone, no jobs: p50 ${ms(pure.p50)}, p95 ${ms(pure.p95)}`);
  return report;
}

export async function benchSchedulePage(options: { jobs?: number } = {}): Promise<BenchReport> {
  const count = options.jobs ?? Number(process.env.BENCH_JOBS ?? 2_000);
  const timeZone = "America/Detroit";
  const today = dayIn(new Date(), timeZone);
  const monday = addDays(today, 1 - isoWeekday(today));
  const report: BenchReport = {
    title: `GET /admin/schedule (a full week, 42 jobs; ${count.toLocaleString("en-US")} in the year) vs GET /admin/settings, production server on the embedded database (${RUNS} requests after ${WARMUP}, one at a time)`,
    headers: ["page", "p50", "p95", "ratio p50 to settings", "ratio p95"],
    rows: [],
    checks: [],
    notes: ["baseline: /admin/settings, the same guard and dashboard shell around one row"],
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-bench-schedule-"));
  const smtp = await startSmtpSink();
  try {
    const opened = openDatabase({ url: "", dataDir, timeZone });
    await migrateToLatest(opened.db);
    // The year, centred on this week's Thursday so the week shown is full (6 × 7 jobs, every seventh cancelled).
    await generateJobs(opened.db, count, addDays(monday, 3), timeZone);
    await opened.close();
    const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER, BUSINESS_TIME_ZONE: timeZone }, { dataDir, embeddedOnDisk: true });
    try {
      const cookie = await signInByEmail(app, smtp, OWNER);
      const get = async (pathname: string) => {
        const response = await app.fetch(pathname, { headers: { cookie } });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
        return body;
      };
      const page = await get(`/admin/schedule?week=${monday}`);
      const links = page.match(/href="\/admin\/jobs\/\d+"/g)?.length ?? 0;
      report.checks.push({ label: `the week shows its 42 jobs as links (found ${links})`, ok: links === 42 });
      const schedule = await timed(() => get(`/admin/schedule?week=${monday}`));
      const settings = await timed(() => get("/admin/settings"));
      report.rows.push([`/admin/schedule?week=${monday}`, ms(schedule.p50), ms(schedule.p95), ratio(schedule.p50, settings.p50), ratio(schedule.p95, settings.p95)]);
      report.rows.push(["/admin/settings", ms(settings.p50), ms(settings.p95), "1.00x", "1.00x"]);
      report.checks.push({ label: `/admin/schedule p95 ${ms(schedule.p95)} < ${PAGE_TARGET_MS} ms`, ok: schedule.p95 < PAGE_TARGET_MS });
    } finally {
      await app.stop();
    }
  } finally {
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  printReport(await benchFreeTimes());
  printReport(await benchSchedulePage());
}
