/**
 * Issue 36: Today (`/admin/today`) as the owner opens it on a phone, with a
 * day of 12 jobs, in Lighthouse's mobile report (as bench/lighthouse.ts: Moto
 * G Power screen, simulated slow 4G, 4x CPU), beside /admin/settings (the same
 * dashboard shell around one form) in the same run. Target: performance at
 * least 95 for Today. The pages are signed in (the session's cookie is sent
 * with every request) and `noindex` on purpose, so SEO is printed, not held.
 *
 *   tsx bench/run.ts today
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dayIn } from "../app/lib/time-zone";
import { leadOrigin } from "../app/server/customers/work-origin.server";
import { openDatabase } from "../app/server/db.server";
import { scheduleJob } from "../app/server/jobs/job-booking.server";
import { migrateToLatest } from "../app/server/migrate.server";
import { signInByEmail, startAppServer } from "../tests/helpers/app-server";
import { startSmtpSink } from "../tests/helpers/smtp";
import { type BenchReport } from "./lib";
import { failingAudits, launchChromium, lighthouseVersion, mobileReport } from "./lighthouse";

const OWNER = "owner@bench.example";
const TIME_ZONE = "America/Detroit";
const JOBS = 12;
const TARGET = 95;
const TOWNS = ["Grand Rapids, MI 49503", "Holland, MI 49423", "Rockford, MI 49341", "Ada, MI 49301", "Kentwood, MI 49508"];

/** Twelve jobs today, 45 minutes each from 6:00, 75 minutes apart (the default 30-minute buffer between), in five towns, some with notes. */
async function seedDay(dataDir: string): Promise<void> {
  const opened = openDatabase({ url: "", dataDir, timeZone: TIME_ZONE });
  try {
    await migrateToLatest(opened.db);
    const db = opened.db;
    const today = dayIn(new Date(), TIME_ZONE);
    for (let i = 0; i < JOBS; i++) {
      const lead = await db
        .insertInto("quote_requests")
        .values({ name: `Customer ${i + 1}`, email: `customer${i + 1}@example.com`, phone: "(616) 555-0142", vehicle_type: i % 4 === 3 ? "Boat" : "SUV", status: "booked" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const minutes = 6 * 60 + i * 75;
      const startTime = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      await scheduleJob(db, {
        from: await leadOrigin(db, lead.id),
        input: { date: today, startTime, durationMinutes: 45, address: `${100 + i} Main St, ${TOWNS[i % TOWNS.length]}`, notes: i % 3 === 0 ? "Gate code 1234; the dog is friendly." : "" },
        actor: OWNER,
        origin: "https://bench.example",
        assignedTo: null,
      });
    }
  } finally {
    await opened.close();
  }
}

export async function benchToday(): Promise<BenchReport> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-bench-today-"));
  const smtp = await startSmtpSink();
  await seedDay(dataDir);
  const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER, BUSINESS_TIME_ZONE: TIME_ZONE }, { dataDir, embeddedOnDisk: true });
  const chrome = await launchChromium();
  try {
    const cookie = await signInByEmail(app, smtp, OWNER);
    const rows: (string | number)[][] = [];
    const checks: BenchReport["checks"] = [];
    const notes: string[] = [];
    for (const pathname of ["/admin/today", "/admin/settings"]) {
      if (pathname === "/admin/today") {
        const html = await (await fetch(`${app.url}${pathname}`, { headers: { cookie } })).text();
        const shown = html.match(/href="\/admin\/jobs\/\d+"/g)?.length ?? 0;
        checks.push({ label: `Today shows its ${JOBS} jobs (links to ${shown} job pages)`, ok: shown >= JOBS });
      }
      const { lhr, scores, timings } = await mobileReport(chrome, `${app.url}${pathname}`, { cookie });
      rows.push([pathname === "/admin/today" ? pathname : `baseline: ${pathname}`, scores.join(" / "), ...timings]);
      for (const f of failingAudits(lhr)) notes.push(`${pathname} ${f}`);
      if (pathname === "/admin/today") checks.push({ label: `/admin/today: performance ${scores[0]} >= ${TARGET}`, ok: scores[0]! >= TARGET });
    }
    return {
      title: `Lighthouse ${lighthouseVersion()} mobile (simulated slow 4G, 4x CPU) on Today with ${JOBS} jobs beside /admin/settings, signed in; scores performance / accessibility / best practices / SEO (noindex pages: SEO not held)`,
      headers: ["page", "scores", "FCP", "LCP", "CLS", "TBT"],
      rows,
      checks,
      notes,
    };
  } finally {
    chrome.kill();
    await app.stop();
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
