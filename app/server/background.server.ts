import { db } from "./db.server";
import { deliverDueEmails } from "./outbox.server";
import { pruneRateLimitHits } from "./rate-limit.server";

const OUTBOX_EVERY_MS = 15_000;

// Kept on globalThis, like the database handle: the dev server's reloads and a
// second copy of this module (the built bundle beside the sources in tests)
// must share one timer and one chain of pending work, so stopping waits for all of it.
const g = globalThis as typeof globalThis & {
  __appBackground?: { timer?: NodeJS.Timeout; running: Promise<unknown> };
};
const state = (g.__appBackground ??= { running: Promise.resolve() });

function enqueue(job: () => Promise<unknown>, label: string): void {
  state.running = state.running.then(job).catch((error) => console.error(`[${label}]`, error));
}

/** Delivers queued e-mail now (after a new one is queued) instead of at the next tick. */
export function kickOutbox(): void {
  enqueue(() => deliverDueEmails(db()), "outbox");
}

export function startBackgroundJobs(): void {
  if (state.timer) return;
  let ticks = 0;
  kickOutbox();
  state.timer = setInterval(() => {
    kickOutbox();
    if (++ticks % 240 === 0) enqueue(() => pruneRateLimitHits(db()), "rate-limit");
  }, OUTBOX_EVERY_MS);
  state.timer.unref();
}

/** Stops the timer and waits for the work already started. */
export async function stopBackgroundJobs(): Promise<void> {
  clearInterval(state.timer);
  state.timer = undefined;
  await state.running;
}
