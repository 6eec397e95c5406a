import type { DB, OpenDatabase } from "./db.server";
import { env } from "./env.server";
import { sendDailyEmail } from "./daily-email/daily-email.server";
import { releaseExpiredHolds } from "./jobs/deposit-releases.server";
import { releaseRunOutWeatherHolds } from "./jobs/weather-holds.server";
import { queueDueJobReminders } from "./jobs/job-reminders.server";
import { queueDueReminders } from "./leads/reminders.server";
import { queueDueMaintenanceReminders } from "./reviews/maintenance-reminders.server";
import { queueDueReviewRequests } from "./reviews/review-requests.server";
import { closeMailTransport } from "./mail.server";
import { deliverDueEmails } from "./outbox-delivery.server";
import { releaseOrphanedClaims } from "./outbox.server";
import { pruneRateLimitHits } from "./rate-limit.server";
import { pruneExpiredChallenges } from "./auth/passkey-challenges.server";
import { purgeTrash } from "./tables/purge.server";
import { cleanStoredUploads } from "./uploads/clean-stored.server";
import { sweepOrphanUploads } from "./uploads/orphans.server";
import { logFor } from "./log.server";
import { topUpPlans } from "./plans/plan-top-up.server";
import { createDueStatements } from "./plans/plan-billing.server";
import { configuredOrigin } from "./site-url.server";

const OUTBOX_EVERY_MS = 15_000;

// The process's background work: one timer, at most one outbox drain, one
// chain of other jobs, so that stopping stops all of it. Module state: the
// server entry loads this module once (under the dev server an edit reloads
// it, and a drain the new copy starts only finds rows nobody else has
// claimed: claims use FOR UPDATE SKIP LOCKED).
const state: {
  timer?: NodeJS.Timeout;
  /** Jobs other than the outbox, one after another. */
  running: Promise<unknown>;
  /** The outbox drain in progress: at most one per process. */
  outbox?: Promise<void>;
  /** Kicked while the drain ran: it looks once more before it ends. */
  kicked?: boolean;
  /** Aborted by stopBackgroundJobs: no more claims, in-flight sends get a grace period. */
  stop?: AbortController;
  /** Looks for due lead reminders when the next one falls due, between ticks. */
  reminderTimers: Set<NodeJS.Timeout>;
} = { running: Promise.resolve(), reminderTimers: new Set() };

function enqueue(job: () => Promise<unknown>, label: string): void {
  state.running = state.running.then(job).catch((error) => logFor(label).error({ err: error }, "failed"));
}

/**
 * Delivers queued e-mail now (after a new one is queued) instead of at the
 * next tick. A kick during a drain does not queue another: the drain looks
 * again before it ends, so a burst of quotes costs one drain, not one each.
 */
export function kickOutbox(db: DB): void {
  state.kicked = true;
  if (state.outbox) return;
  const stop = (state.stop ??= new AbortController());
  const drain = (async () => {
    while (state.kicked && !stop.signal.aborted) {
      state.kicked = false;
      await deliverDueEmails(db, { signal: stop.signal });
    }
  })()
    .catch((error) => logFor("outbox").error({ err: error }, "failed"))
    .finally(() => {
      if (state.outbox === drain) state.outbox = undefined;
      // A kick between the loop's last look and here found the drain still set.
      if (state.kicked && !stop.signal.aborted) kickOutbox(db);
    });
  state.outbox = drain;
}

/** Queues the lead reminders that are due, then delivers them. */
function remindOfWaitingLeads(db: DB): void {
  enqueue(async () => {
    if (state.stop?.signal.aborted) return;
    if (await queueDueReminders(db)) kickOutbox(db);
  }, "lead-reminders");
}

/** Queues the customers' appointment reminders that are due, then delivers them (the tick's resolution is enough for a day ahead). */
function remindOfComingJobs(db: DB): void {
  enqueue(async () => {
    if (state.stop?.signal.aborted) return;
    if (await queueDueJobReminders(db)) kickOutbox(db);
  }, "job-reminders");
}

/**
 * Releases the bookings whose deposit hold ran out with no deposit recorded
 * (the job cancelled, the time freed, the customer and the owner e-mailed),
 * then delivers the e-mails; each is claimed once across processes
 * (./jobs/deposit-releases.server.ts, docs/decisions/0132).
 */
function releaseUnpaidHolds(db: DB): void {
  enqueue(async () => {
    if (state.stop?.signal.aborted) return;
    if (await releaseExpiredHolds(db)) kickOutbox(db);
  }, "deposit-holds");
  // And the times Weather Days held whose 48 hours ran out (docs/decisions/0144): released, no e-mail.
  enqueue(async () => {
    if (state.stop?.signal.aborted) return;
    await releaseRunOutWeatherHolds(db);
  }, "weather-holds");
}

/**
 * Queues the review requests (REVIEW_REQUEST_MINUTES after Mark Done) and the
 * maintenance reminders (a service's follow-up days after a job) that are
 * due, then delivers them; each is claimed once across processes.
 */
function askForReviewsAndRemindOfVisits(db: DB): void {
  enqueue(async () => {
    if (state.stop?.signal.aborted) return;
    const requests = await queueDueReviewRequests(db);
    const reminders = await queueDueMaintenanceReminders(db);
    if (requests + reminders) kickOutbox(db);
  }, "review-requests");
}

/**
 * The owners' daily e-mail at 7:00 (./daily-email/daily-email.server.ts):
 * once a day across processes, as the day is claimed in the database; once
 * it is, a tick's look costs one read by primary key.
 */
function sendTheDailyEmail(db: DB): void {
  enqueue(async () => {
    if (state.stop?.signal.aborted) return;
    const result = await sendDailyEmail(db);
    // The day as a field: in a message, the log's scrubbing reads 2026-12-03 as a phone number.
    const log = logFor("daily-email");
    if (result.outcome === "sent") {
      log.info({ day: result.day, emails: result.emails }, `the daily e-mail is claimed: ${result.emails} e-mail(s) queued`);
      if (result.emails) kickOutbox(db);
    } else log.debug({ day: result.day }, `the daily e-mail is ${result.outcome}`);
  }, "daily-email");
}

/**
 * Maintenance plans (docs/decisions/0146, 0147): each active plan's visits
 * placed PLAN_HORIZON_DAYS ahead as the days pass (the customer e-mailed the
 * new dates), and last month's statements of the plans billed monthly; each
 * plan is claimed once across processes (its row lock).
 */
function keepPlansAhead(db: DB): void {
  enqueue(async () => {
    if (state.stop?.signal.aborted) return;
    const placed = await topUpPlans(db, configuredOrigin());
    const statements = await createDueStatements(db);
    if (placed) kickOutbox(db);
    if (statements) logFor("plans").info(`${statements} monthly statement(s) created`);
  }, "plans");
}

/**
 * A new lead's reminder is sent when it falls due, not at the next tick after
 * it. The tick is the safety net: after a restart, or for a lead another
 * process took in.
 */
export function remindWhenDue(db: DB): void {
  const timer = setTimeout(() => {
    state.reminderTimers.delete(timer);
    remindOfWaitingLeads(db);
  }, env().LEAD_REMINDER_MINUTES * 60_000 + 250);
  timer.unref();
  state.reminderTimers.add(timer);
}

/**
 * Rows deleted more than 30 days ago leave the trash for good. Every process
 * runs it; each row is claimed with FOR UPDATE SKIP LOCKED, so exactly one
 * purges it (app/server/tables/purge.server.ts).
 */
function purgeExpiredTrash(db: DB): void {
  enqueue(async () => {
    if (state.stop?.signal.aborted) return;
    const purged = await purgeTrash(db);
    if (purged) logFor("trash").info(`${purged} row(s) deleted over 30 days ago were removed for good`);
  }, "trash-purge");
}

/**
 * Uploads no row has referred to for 24 hours are deleted. Every process runs
 * it; each file is claimed by deleting its `uploads` row (FOR UPDATE SKIP
 * LOCKED), so exactly one deletes it (app/server/uploads/orphans.server.ts).
 * Then the stored images never checked for metadata (uploaded before it was
 * removed at upload, or just adopted) lose it (./uploads/clean-stored.server.ts).
 */
function removeOrphanUploads(db: DB): void {
  enqueue(async () => {
    if (state.stop?.signal.aborted) return;
    const { adopted, removed } = await sweepOrphanUploads(db);
    if (adopted) logFor("uploads").info(`${adopted} stored file(s) without a record are now tracked`);
    if (removed.length) logFor("uploads").info(`${removed.length} file(s) no row referred to for 24 hours were deleted`);
  }, "upload-orphans");
  // After the sweep: the files it adopted are checked too.
  enqueue(async () => {
    const { cleaned, unreadable } = await cleanStoredUploads(db, { signal: state.stop?.signal });
    if (cleaned.length) logFor("uploads").info(`${cleaned.length} stored image(s) uploaded before metadata was removed at upload are now without it`);
    for (const name of unreadable) logFor("uploads").warn(`${name} could not be read to remove its metadata; it is served as it is`);
  }, "upload-metadata");
}

/**
 * On the server's database: the outbox, the lead and appointment reminders, the
 * deposit holds and Weather Day holds that ran out, the review requests and maintenance reminders, the daily e-mail every
 * OUTBOX_EVERY_MS, the rate-limit and passkey-challenge clean-ups and the trash purge every hour
 * (and the purge at start).
 */
export function startBackgroundJobs(database: OpenDatabase): void {
  if (state.timer) return;
  const { db } = database;
  let ticks = 0;
  enqueue(async () => {
    // Only this process can have claimed rows in its own embedded database.
    if (database.kind === "embedded") {
      const released = await releaseOrphanedClaims(db);
      if (released) logFor("outbox").info(`${released} e-mail(s) claimed before a crash are due again`);
    }
    kickOutbox(db);
  }, "outbox");
  remindOfWaitingLeads(db);
  remindOfComingJobs(db);
  releaseUnpaidHolds(db);
  askForReviewsAndRemindOfVisits(db);
  sendTheDailyEmail(db);
  purgeExpiredTrash(db);
  removeOrphanUploads(db);
  keepPlansAhead(db);
  state.timer = setInterval(() => {
    remindOfWaitingLeads(db);
    remindOfComingJobs(db);
    releaseUnpaidHolds(db);
    askForReviewsAndRemindOfVisits(db);
    sendTheDailyEmail(db);
    kickOutbox(db);
    if (++ticks % 240 === 0) {
      enqueue(() => pruneRateLimitHits(db), "rate-limit");
      enqueue(() => pruneExpiredChallenges(db), "passkey-challenges");
      purgeExpiredTrash(db);
      removeOrphanUploads(db);
      keepPlansAhead(db);
    }
  }, OUTBOX_EVERY_MS);
  state.timer.unref();
}

/**
 * Stops the timer and the outbox at once: no new row is claimed, a send in
 * flight gets the outbox's grace period (STOP_GRACE_MS) and the rows this
 * process claimed but did not send are due again for the next process. Waits
 * for that, then closes the mail connections.
 */
export async function stopBackgroundJobs(): Promise<void> {
  clearInterval(state.timer);
  state.timer = undefined;
  for (const timer of state.reminderTimers) clearTimeout(timer);
  state.reminderTimers.clear();
  const stop = (state.stop ??= new AbortController());
  stop.abort();
  try {
    await Promise.all([state.outbox, state.running]);
  } finally {
    // Later kicks (a test file's next database, a benchmark's next round) start afresh.
    if (state.stop === stop) state.stop = undefined;
    closeMailTransport();
  }
}
