import { data } from "react-router";
import { AppError } from "./app-error.server";
import type { DB } from "./db.server";
import { takeRateLimit, type Limit } from "./rate-limit.server";
import { getSettings } from "./settings.server";

/*
 * What the customer's private pages (/estimates, /invoices, /appointments and
 * /reviews/{token}) share: their rate limits, and how a refusal is answered.
 */

/** Counts a try against each limit for `key` (a client address, or one with more); past one, a 429 that gives the phone. */
export async function limitCustomer(db: DB, limits: readonly Limit[], key: string): Promise<void> {
  for (const limit of limits) {
    const { allowed, retryAfterSeconds } = await takeRateLimit(db, limit, key);
    if (!allowed) {
      const { phone } = await getSettings(db);
      throw new AppError(429, `Too many tries from your network. Please try again in a few minutes, or call us at ${phone}.`, {
        headers: { "Retry-After": String(retryAfterSeconds) },
      });
    }
  }
}

/**
 * A loader's or action's refusal as the page's answer: a 404 that is never
 * indexed, or the status with its message, which the site's error page shows
 * (root.tsx); anything else is not ours to answer.
 */
export function answerCustomer(error: unknown): never {
  if (error instanceof AppError) {
    if (error.status === 404) throw new Response(error.message, { status: 404, statusText: "Not Found", headers: { "X-Robots-Tag": "noindex" } });
    throw data({ error: error.message }, { status: error.status, headers: { ...error.details.headers, "X-Robots-Tag": "noindex" } });
  }
  throw error;
}
