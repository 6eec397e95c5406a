import { db } from "./db.server";
import { deliverDueEmails } from "./outbox.server";
import { pruneRateLimitHits } from "./rate-limit.server";

const OUTBOX_EVERY_MS = 15_000;
let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> = Promise.resolve();

/** Delivers queued e-mail now (after a new one is queued) instead of at the next tick. */
export function kickOutbox(): void {
  running = running.then(() => deliverDueEmails(db())).catch((error) => console.error("[outbox]", error));
}

export function startBackgroundJobs(): void {
  if (timer) return;
  let ticks = 0;
  kickOutbox();
  timer = setInterval(() => {
    kickOutbox();
    if (++ticks % 240 === 0) running = running.then(() => pruneRateLimitHits(db())).catch((e) => console.error(e));
  }, OUTBOX_EVERY_MS);
  timer.unref();
}

export async function stopBackgroundJobs(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  await running;
}
