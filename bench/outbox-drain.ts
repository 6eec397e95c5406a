/**
 * (e) The outbox's drain rate: 1,000 queued e-mails delivered by one kick of
 * the worker (app/server/background.server.ts) to a real SMTP server (the
 * tests' sink, in this process), on the embedded database (in memory) and on
 * the PostgreSQL server when one answers; beside it the worker as it was
 * before ADR 0023 (a connection per mail, 20 mails per 15 s tick), rebuilt
 * here so both run on the same machine in the same run.
 *
 *   tsx bench/run.ts outbox   or   tsx bench/outbox-drain.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import nodemailer from "nodemailer";
import { kickOutbox, stopBackgroundJobs } from "../app/server/background.server";
import { openDatabase, type DB, type OpenDatabase } from "../app/server/db.server";
import { env, reloadEnv } from "../app/server/env.server";
import { migrateToLatest } from "../app/server/migrate.server";
import { deliverDueEmails } from "../app/server/outbox-delivery.server";
import { enqueueEmail } from "../app/server/outbox.server";
import { startSmtpSink, type SmtpSink } from "../tests/helpers/smtp";
import { benchDatabase } from "./quote-submissions";
import { type BenchReport, printReport } from "./lib";

const BACKLOG = 1_000;
// The old worker takes ~0.1 s a mail here: a sample, not the whole backlog.
const OLD_SAMPLE = 100;
const OLD_PER_TICK = 20;
const TICK_S = 15;
const DRAIN_TARGET_S = 60;

export async function benchOutboxDrain(): Promise<BenchReport> {
  const smtp = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-bench-"));
  Object.assign(process.env, { SMTP_URL: smtp.url, MAIL_FROM: "Shine On Wheels <info@shine.example>", DATA_DIR: dataDir });
  const rows: (string | number)[][] = [];
  const checks: BenchReport["checks"] = [];
  const notes = [
    "the SMTP sink runs in the benchmark's own process, so it competes with the worker for CPU",
    "the sink answers at once; a real mail server is a network round trip or more away per command, where sending 4 at a time gains most",
  ];
  try {
    for (const target of await targets(notes)) {
      Object.assign(process.env, { DATABASE_URL: target.url });
      const settings = reloadEnv();
      let database: OpenDatabase | undefined;
      try {
        database = openDatabase({ url: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
        const { db } = database;
        await migrateToLatest(db);
        const drain = await measureDrain(db, smtp);
        const oneAtATime = await measureDirect(db, smtp, 1);
        const old = await measureOldWorker(db, smtp);
        const stop = await measureStop(db, smtp);
        const oldRate = Math.min(old.perSecond, OLD_PER_TICK / TICK_S);
        rows.push(
          [`${target.label}: one kick, ${BACKLOG} queued (4 at a time, pooled)`, rate(drain.perSecond), `${drain.seconds.toFixed(1)} s`],
          [`${target.label}: the same, 1 at a time`, rate(oneAtATime.perSecond), `${oneAtATime.seconds.toFixed(1)} s`],
          [`${target.label}: before, raw (a connection per mail; ${OLD_SAMPLE} mails)`, rate(old.perSecond), `(${(BACKLOG / old.perSecond).toFixed(0)} s)`],
          [`${target.label}: before, with its ${OLD_PER_TICK} per ${TICK_S} s tick`, rate(oldRate), `${Math.ceil(BACKLOG / OLD_PER_TICK) * TICK_S} s`],
          [`${target.label}: stop with ${BACKLOG} queued, replies taking 30 s`, "", `${(stop.ms / 1000).toFixed(1)} s`],
        );
        checks.push(
          { label: `${target.label}: every one of ${BACKLOG} e-mails sent once (${drain.received} received, ${drain.distinct} Message-IDs, ${drain.marked} rows sent)`, ok: drain.received === BACKLOG && drain.distinct === BACKLOG && drain.marked === BACKLOG },
          // Before: 750 s. Loose enough for a busy machine, tight enough to catch a return to ticks.
          { label: `${target.label}: ${BACKLOG} drain in one kick within ${DRAIN_TARGET_S} s (${drain.seconds.toFixed(1)} s)`, ok: drain.seconds < DRAIN_TARGET_S },
          { label: `${target.label}: stop returns within 5 s and leaves no unsent row held (${stop.held} held)`, ok: stop.ms < 5_000 && stop.held === 0 },
        );
      } finally {
        await stopBackgroundJobs();
        await database?.close();
        await target.drop();
      }
    }
  } finally {
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    title: `(e) Outbox: ${BACKLOG} queued e-mails delivered to an SMTP server on 127.0.0.1`,
    headers: ["run", "mails/s", `${BACKLOG} take`],
    rows,
    checks,
    notes,
  };
}

const rate = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0));

async function reset(database: DB, smtp: SmtpSink, n: number): Promise<void> {
  await database.deleteFrom("email_outbox").execute();
  smtp.messages.length = 0;
  smtp.delayReplies(0);
  await database.transaction().execute(async (trx) => {
    for (let i = 1; i <= n; i++) {
      await enqueueEmail(trx, {
        to: "owner@example.com",
        subject: `New quote request: Bench Customer ${i} (Car)`,
        text: `Name: Bench Customer ${i}\nE-mail: bench${i}@example.com\nPhone: (616) 555-0100\n\nFull interior and exterior detail, please.\n`,
        replyTo: `bench${i}@example.com`,
      });
    }
  });
}

async function until(done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const sentRows = async (database: DB) =>
  (await database.selectFrom("email_outbox").select((eb) => eb.fn.countAll<number>().as("n")).where("sent_at", "is not", null).executeTakeFirstOrThrow()).n;

/** What production does: one kick (as a new quote gives), the queue drained by it alone. */
async function measureDrain(database: DB, smtp: SmtpSink) {
  await reset(database, smtp, BACKLOG);
  const start = performance.now();
  kickOutbox(database);
  // The sink's count, not the table's: polling the table would compete with the worker for the database.
  await until(() => smtp.messages.length >= BACKLOG, 120_000);
  const seconds = (performance.now() - start) / 1000;
  await until(async () => (await sentRows(database)) >= BACKLOG, 10_000);
  await stopBackgroundJobs();
  return {
    seconds,
    perSecond: BACKLOG / seconds,
    received: smtp.messages.length,
    distinct: new Set(smtp.messages.map((m) => m.messageId)).size,
    marked: await sentRows(database),
  };
}

async function measureDirect(database: DB, smtp: SmtpSink, concurrency: number) {
  await reset(database, smtp, BACKLOG);
  const start = performance.now();
  await deliverDueEmails(database, { concurrency });
  const seconds = (performance.now() - start) / 1000;
  await stopBackgroundJobs(); // closes the pooled connections
  return { seconds, perSecond: BACKLOG / seconds };
}

/** The worker of ADR 0020, as it was: one row claimed per query with a 300 s lease, a new SMTP connection per mail. */
async function measureOldWorker(database: DB, smtp: SmtpSink) {
  await reset(database, smtp, OLD_SAMPLE);
  const transporter = nodemailer.createTransport({ url: env().SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  const start = performance.now();
  let sent = 0;
  for (;;) {
    const row = await database
      .updateTable("email_outbox")
      .set({ next_attempt_at: sql`now() + ${"300 seconds"}::interval` })
      .where("id", "=", (eb) =>
        eb.selectFrom("email_outbox").select("id").where("sent_at", "is", null).where("next_attempt_at", "<=", sql<Date>`now()`).orderBy("next_attempt_at").limit(1).forUpdate().skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
    if (!row) break;
    await transporter.sendMail({ from: env().MAIL_FROM, to: row.to_address, subject: row.subject, text: row.text_body, replyTo: row.reply_to ?? undefined });
    await database.updateTable("email_outbox").set({ sent_at: sql`now()`, attempts: row.attempts + 1, last_error: null }).where("id", "=", row.id).execute();
    sent++;
  }
  const seconds = (performance.now() - start) / 1000;
  transporter.close();
  return { perSecond: sent / seconds };
}

/** A stop (SIGTERM) while a backlog drains to a mail server that answers each message after 30 s. */
async function measureStop(database: DB, smtp: SmtpSink) {
  await reset(database, smtp, BACKLOG);
  smtp.delayReplies(30_000);
  kickOutbox(database);
  await until(() => smtp.messages.length > 0, 10_000);
  const start = performance.now();
  await stopBackgroundJobs();
  const ms = performance.now() - start;
  const held = await database
    .selectFrom("email_outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("sent_at", "is", null)
    .where((eb) => eb.or([eb("next_attempt_at", ">", sql<Date>`now()`), eb("claimed_by", "is not", null)]))
    .executeTakeFirstOrThrow();
  smtp.delayReplies(0);
  return { ms, held: held.n };
}

/** The embedded database in memory, and a fresh database on the PostgreSQL server if one answers. */
async function targets(notes: string[]): Promise<{ label: string; url: string; drop(): Promise<void> }[]> {
  const list = [{ label: "PGlite", url: "memory://", drop: async () => {} }];
  const server = await benchDatabase();
  if (server.url) list.push({ label: server.label, url: server.url, drop: server.drop });
  else notes.push("no PostgreSQL server answered: embedded database only");
  return list;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  printReport(await benchOutboxDrain());
  process.exit(0);
}
