import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "kysely";
import type { OutboxEmail } from "../../db/types";
import type { DB } from "./db.server";
import { refusedForGood, serverAnswer } from "./mail-errors.server";
import { SEND_TIMEOUT_MS, sendEmail, type Delivery, type Email } from "./mail.server";
import { tellOwnerOfUndelivered } from "./outbox-alerts.server";
import { messageIdDomain } from "./outbox.server";
import { logFor } from "./log.server";

const log = logFor("outbox");

/**
 * Delivering the outbox (./outbox.server.ts): due rows are claimed for a
 * lease, sent, and recorded as sent or scheduled again with backoff, by any
 * number of processes at once.
 */

const MAX_BACKOFF_MS = 30 * 60_000;

/**
 * Tries of one e-mail before the outbox gives up on it (docs/decisions/0111):
 * 30 s doubling to 30 min, then every 30 min, so about two days of a mail
 * server that keeps failing (more while it is down: a paused drain does not
 * spend every row's tries). A refusal for good (refusedForGood) gives up at once.
 */
export const MAX_TRIES = 100;

/**
 * How long a claimed row is left alone by other workers. A send cannot outlast
 * SEND_TIMEOUT_MS (mail.server.ts aborts it, closing the connection), and the
 * claim and the write that records the send take milliseconds, so 5 s on top
 * is room to spare. This is also the most a crash delays a claimed e-mail:
 * after it, the next look by any process (a tick, a kick, a start) sends it
 * again, with the same Message-ID.
 */
export const LEASE_SECONDS = SEND_TIMEOUT_MS / 1000 + 5;

/**
 * Sends in flight at once per process: they overlap the round trips to the
 * mail server and to the database. Twice the rate on PostgreSQL against a
 * local SMTP server (bench/outbox-drain.ts; no faster on PGlite, whose one
 * connection serialises the queries), and more against a real one, a network
 * round trip away per command. Below mail.server.ts's MAX_CONNECTIONS, so
 * sign-in codes never queue behind a backlog.
 */
export const OUTBOX_CONCURRENCY = 4;

/** After a stop, how long sends already talking to the mail server may take to finish before they are cut. */
export const STOP_GRACE_MS = 3_000;

// That many failures in a row, and the mail server is taken to be down: the
// drain ends and the next tick tries again, instead of spending one attempt of
// every queued row's backoff on the outage within seconds.
const FAILURES_TO_PAUSE = OUTBOX_CONCURRENCY;

/**
 * Claims up to `limit` due rows for `claimant` by pushing their next attempt a
 * lease into the future (SKIP LOCKED: two processes never claim one row), so
 * no transaction stays open while the mail server talks. A row queued before
 * Message-IDs were stored gets its own here, before any send.
 */
export async function claimDueEmails(db: DB, claimant: string, limit: number): Promise<OutboxEmail[]> {
  return db
    .updateTable("email_outbox")
    .set({
      next_attempt_at: sql`now() + ${`${LEASE_SECONDS} seconds`}::interval`,
      claimed_by: claimant,
      message_id: sql`coalesce(message_id, '<outbox-' || gen_random_uuid()::text || ${`@${messageIdDomain()}>`})`,
    })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("email_outbox")
        .select("id")
        .where("sent_at", "is", null)
        .where("failed_at", "is", null)
        .where("next_attempt_at", "<=", sql<Date>`now()`)
        .orderBy("next_attempt_at")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

/** The message a row stands for; every send of the row is the same message (same Message-ID). */
export function outboxMessage(row: OutboxEmail): Email {
  const attachments = row.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, "base64") }));
  return { to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, replyTo: row.reply_to, messageId: row.message_id, attachments, headers: row.headers };
}

/**
 * Makes rows `claimant` claimed but did not send due again now (their send
 * never started, or a stop cut it), so that another process or the next start
 * sends them at once instead of when their lease runs out. A row another
 * process has claimed since, or sent, is left alone.
 */
async function release(db: DB, claimant: string, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable("email_outbox")
    .set({ next_attempt_at: sql`now()`, claimed_by: null })
    .where("id", "in", ids)
    .where("claimed_by", "=", claimant)
    .where("sent_at", "is", null)
    .execute();
}

export interface DeliverOptions {
  /**
   * Stop: no row is claimed after it aborts; sends already talking to the mail
   * server get STOP_GRACE_MS to finish, then are cut, and every row this call
   * claimed and did not send is released (due now) before it returns.
   */
  signal?: AbortSignal;
  /** At most this many rows (default: until nothing is due). */
  limit?: number;
  /** Sends in flight at once (default OUTBOX_CONCURRENCY). */
  concurrency?: number;
}

/**
 * Sends due e-mail until none is due (or `limit`): a backlog drains in one
 * call, at `concurrency` sends at a time over pooled connections. A failure
 * schedules the row's next try with exponential backoff (30 s, 1 min, 2 min …
 * at most 30 min) up to MAX_TRIES, and a refusal for good gives up at once;
 * FAILURES_TO_PAUSE in a row end the call (the mail server is down; the next
 * tick tries again). Several processes may run this at once:
 * each row is claimed by one of them only.
 */
export async function deliverDueEmails(db: DB, options: DeliverOptions = {}): Promise<{ sent: number; failed: number }> {
  const { signal: stop, concurrency = OUTBOX_CONCURRENCY } = options;
  // Tells this call's rows from another's, in this process or another one.
  const claimant = `${hostname()}:${process.pid}:${randomUUID()}`;
  let budget = options.limit ?? Infinity;
  let sent = 0;
  let failed = 0;
  let failuresInARow = 0;
  let halted = false;

  const cut = new AbortController();
  let cutTimer: NodeJS.Timeout | undefined;
  const onStop = () => {
    cutTimer = setTimeout(() => cut.abort(new Error("Stopping: the send took longer than the grace period")), STOP_GRACE_MS);
  };
  if (stop?.aborted) return { sent, failed };
  stop?.addEventListener("abort", onStop, { once: true });

  async function deliver(row: OutboxEmail): Promise<void> {
    let delivery: Delivery;
    try {
      delivery = await sendEmail(outboxMessage(row), { signal: cut.signal });
    } catch (error) {
      if (cut.signal.aborted) {
        // Cut by the stop: nodemailer closed the connection, so no late send
        // can follow; due now, for whichever process looks next.
        await release(db, claimant, [row.id]);
        return;
      }
      failed++;
      const forGood = refusedForGood(error);
      // A refusal for good is an answer: the mail server is up, so it does not count towards pausing the drain.
      failuresInARow = forGood ? 0 : failuresInARow + 1;
      if (forGood || row.attempts + 1 >= MAX_TRIES) return giveUp(row, error, forGood);
      const backoff = Math.min(30_000 * 2 ** row.attempts, MAX_BACKOFF_MS);
      await db
        .updateTable("email_outbox")
        .set({
          attempts: row.attempts + 1,
          last_error: error instanceof Error ? error.message : String(error),
          next_attempt_at: sql`now() + ${`${backoff / 1000} seconds`}::interval`,
          claimed_by: null,
        })
        .where("id", "=", row.id)
        .where("claimed_by", "=", claimant)
        .where("sent_at", "is", null)
        .execute();
      log.error({ err: error }, `e-mail ${row.id} failed (try ${row.attempts + 1}); next try in ${backoff / 1000} s`);
      return;
    }
    // Recorded even if the lease ran out meanwhile: it was sent (or, without a mail server, logged).
    await db
      .updateTable("email_outbox")
      .set({ sent_at: sql`now()`, written_to_log: delivery === "server log", attempts: row.attempts + 1, last_error: null, claimed_by: null })
      .where("id", "=", row.id)
      .execute();
    sent++;
    failuresInARow = 0;
  }

  /**
   * No more tries: the row is failed, and the owner is told in the same
   * transaction (./outbox-alerts.server.ts says when not), so a crash cannot
   * give up without telling nor tell twice.
   */
  async function giveUp(row: OutboxEmail, error: unknown, forGood: boolean): Promise<void> {
    const told = await db.transaction().execute(async (trx) => {
      const given = await trx
        .updateTable("email_outbox")
        .set({ attempts: row.attempts + 1, last_error: error instanceof Error ? error.message : String(error), failed_at: sql`now()`, claimed_by: null })
        .where("id", "=", row.id)
        .where("claimed_by", "=", claimant)
        .where("sent_at", "is", null)
        .returningAll()
        .executeTakeFirst();
      return given ? tellOwnerOfUndelivered(trx, given, serverAnswer(error)) : false;
    });
    const why = forGood ? "refused for good" : `failing ${MAX_TRIES} tries`;
    log.error({ err: error }, `e-mail ${row.id} given up, ${why} (try ${row.attempts + 1}); owner ${told ? "told" : "not told"}`);
  }

  const workers: Promise<void>[] = [];
  const errors: unknown[] = [];
  const startWorker = () =>
    workers.push(
      worker().catch((error: unknown) => {
        // A database error: the other workers stop too, and this call reports
        // it once they have, so nothing of it runs on after it returns.
        halted = true;
        errors.push(error);
      }),
    );

  async function worker(): Promise<void> {
    while (budget > 0 && !halted && !stop?.aborted && failuresInARow < FAILURES_TO_PAUSE) {
      budget--;
      const [row] = await claimDueEmails(db, claimant, 1);
      if (!row) return;
      if (stop?.aborted) return release(db, claimant, [row.id]);
      // The others start once there is work, so an idle tick costs one query.
      while (workers.length < concurrency) startWorker();
      await deliver(row);
    }
  }

  try {
    startWorker();
    // The first worker starts the others before it ends.
    await workers[0];
    await Promise.all(workers);
  } finally {
    clearTimeout(cutTimer);
    stop?.removeEventListener("abort", onStop);
  }
  if (errors.length) throw errors[0];
  return { sent, failed };
}
