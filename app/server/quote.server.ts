import { business } from "~/lib/business";
import { HONEYPOT_FIELD, QUOTE_UNAVAILABLE_MESSAGE } from "~/lib/quote-form";
import { quoteFieldErrors, quoteSchema, type QuoteInput } from "~/lib/quote-schema";
import { AppError } from "./app-error.server";
import { kickOutbox } from "./background.server";
import type { DB } from "./db.server";
import { env } from "./env.server";
import type { Email } from "./mail.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "./outage.server";
import { enqueueEmail } from "./outbox.server";
import { takeRateLimit, type Limit } from "./rate-limit.server";

/** Per client address: a burst limit and a daily cap (docs/decisions/0021). */
export const QUOTE_LIMITS: Limit[] = [
  { bucket: "quote:ip", max: 5, windowMs: 10 * 60_000 },
  { bucket: "quote:ip:day", max: 20, windowMs: 24 * 3600_000 },
];

export type QuoteOutcome =
  /** Stored and the owner's e-mail queued; `id` is null for a dropped honeypot hit. */
  | { status: "accepted"; id: number | null }
  | { status: "invalid"; fieldErrors: Record<string, string[]> };

/**
 * Takes one quote request from the website, however it arrived (the form's
 * action or the JSON API). The row and the owner's notification are written in
 * one transaction, then delivery is attempted at once; a mail server outage
 * leaves the e-mail in the outbox for retries and the request stays accepted
 * (docs/decisions/0020).
 *
 * Throws AppError 429 (with Retry-After) past a per-address limit, and 503
 * when the database is unavailable: the request is not stored, and the
 * visitor must not think it was.
 */
export async function submitQuote(db: DB, input: unknown, clientIp: string): Promise<QuoteOutcome> {
  const parsed = quoteSchema.safeParse(input);
  if (!parsed.success) return { status: "invalid", fieldErrors: quoteFieldErrors(parsed.error) };
  const quote = parsed.data;

  if (quote[HONEYPOT_FIELD]) {
    console.info(`[quote] dropped a request from ${clientIp || "an unknown address"}: the hidden field was filled`);
    return { status: "accepted", id: null };
  }

  let id: number;
  try {
    await takeQuoteLimits(db, clientIp);
    id = await storeQuote(db, quote, clientIp);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`[quote] not stored, the database is unavailable: ${(error as Error).message}`);
    throw new AppError(503, QUOTE_UNAVAILABLE_MESSAGE, { headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });
  }
  kickOutbox(db);
  return { status: "accepted", id };
}

async function takeQuoteLimits(db: DB, clientIp: string): Promise<void> {
  for (const limit of QUOTE_LIMITS) {
    const { allowed, retryAfterSeconds } = await takeRateLimit(db, limit, clientIp);
    if (!allowed) {
      throw new AppError(429, rateLimitMessage(retryAfterSeconds), { headers: { "Retry-After": String(retryAfterSeconds) } });
    }
  }
}

/** The row and the owner's notification, in one transaction; returns the row's id. */
function storeQuote(db: DB, quote: QuoteInput, clientIp: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("quote_requests")
      .values({
        name: quote.name,
        email: quote.email,
        phone: quote.phone,
        vehicle_type: quote.vehicle_type,
        message: quote.message,
        status: "new",
        client_ip: clientIp,
      })
      .returning(["id", "created_at"])
      .executeTakeFirstOrThrow();
    await enqueueEmail(trx, quoteNotification(row.id, quote, row.created_at, clientIp));
    return row.id;
  });
}

function rateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : minutes > 1 ? `${minutes} minutes` : "a minute";
  return `Too many quote requests from your network. Please try again in ${wait}, or call us at ${business.phone}.`;
}

/** The owner's e-mail: every field, and Reply-To the customer so a reply reaches them. */
export function quoteNotification(id: number, quote: QuoteInput, receivedAt: Date, clientIp: string): Email {
  const received = new Date(receivedAt).toLocaleString("en-US", {
    timeZone: "America/Detroit",
    dateStyle: "full",
    timeStyle: "short",
  });
  return {
    to: env().QUOTE_NOTIFY_EMAIL,
    replyTo: quote.email,
    subject: `New quote request: ${quote.name} (${quote.vehicle_type})`,
    text: [
      `New quote request #${id} from the website.`,
      "",
      `Name:         ${quote.name}`,
      `Email:        ${quote.email}`,
      `Phone:        ${quote.phone}`,
      `Vehicle type: ${quote.vehicle_type}`,
      "",
      "Additional details:",
      quote.message || "(none)",
      "",
      `Received ${received} (Grand Rapids time) from ${clientIp || "an unknown address"}.`,
      "Reply to this e-mail to answer the customer directly.",
    ].join("\n"),
  };
}
