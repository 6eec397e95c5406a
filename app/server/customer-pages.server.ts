import { data } from "react-router";
import { AppError } from "./app-error.server";
import type { DB } from "./db.server";
import { rateLimited, takeRateLimit, type Limit } from "./rate-limit.server";
import { getSettings } from "./settings.server";

/*
 * What the customer's private pages (/estimates, /invoices, /appointments,
 * /reviews and /unsubscribe/{token}, with their files) share: how a token is
 * looked up, their rate limits, how a refusal is answered, and the headers of
 * every answer (docs/decisions/0113).
 */

/** Every answer of a customer's page, found or refused: private to the link's holder, never indexed. */
export const CUSTOMER_PAGE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

/**
 * Unknown tokens, counted per client address across all the customer's pages:
 * guessing costs time as well as luck (docs/decisions/0081).
 */
export const TOKEN_MISS_LIMIT: Limit = { bucket: "customer-token-miss:ip", max: 20, windowMs: 10 * 60_000 };

/**
 * The record `find` looks up by the request's token, or a 404 that counts
 * against the address's limit of unknown tokens. Past that limit the address
 * gets 429 for every token, known ones too, until the window has passed: a
 * limit that refused only misses would tell a guesser which token is real.
 */
export async function findByToken<T>(db: DB, clientIp: string, find: () => Promise<T | undefined>, notFound: string, limit = TOKEN_MISS_LIMIT): Promise<T> {
  const { limited, retryAfterSeconds } = await rateLimited(db, limit, clientIp);
  if (limited) throw await tooManyTries(db, retryAfterSeconds);
  const found = await find();
  if (found !== undefined) return found;
  await limitCustomer(db, [limit], clientIp);
  throw new AppError(404, notFound);
}

/** Counts a try against each limit for `key` (a client address, or one with more); past one, a 429 that gives the phone. */
export async function limitCustomer(db: DB, limits: readonly Limit[], key: string): Promise<void> {
  for (const limit of limits) {
    const { allowed, retryAfterSeconds } = await takeRateLimit(db, limit, key);
    if (!allowed) throw await tooManyTries(db, retryAfterSeconds);
  }
}

async function tooManyTries(db: DB, retryAfterSeconds: number): Promise<AppError> {
  const { phone } = await getSettings(db);
  return new AppError(429, `Too many tries from your network. Please try again in a few minutes, or call us at ${phone}.`, {
    headers: { "Retry-After": String(retryAfterSeconds) },
  });
}

/**
 * A loader's or action's refusal as the page's answer: a 404, or the status
 * with its message, which the site's error page shows (root.tsx), with its
 * headers (Retry-After on a 429); anything else is not ours to answer. The
 * private headers come from the pages' layout (routes/customer-pages.ts).
 */
export function answerCustomer(error: unknown): never {
  if (error instanceof AppError) {
    if (error.status === 404) throw new Response(error.message, { status: 404, statusText: "Not Found" });
    throw data({ error: error.message }, { status: error.status, headers: error.details.headers });
  }
  throw error;
}

/** The answer with the private headers set: for the layout of the customer's pages, which wraps all of them. */
export function privateAnswer(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(CUSTOMER_PAGE_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
