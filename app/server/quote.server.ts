import { sql } from "kysely";
import { HONEYPOT_FIELD } from "~/lib/quote-form";
import { quoteUnavailableMessage, type SiteSettings } from "~/lib/site-settings";
import type { QuoteInput } from "~/lib/quote-schema";
import { AppError } from "./app-error.server";
import { kickOutbox, remindWhenDue } from "./background.server";
import type { DB } from "./db.server";
import { env } from "./env.server";
import { customerAutoReply, ownerNotification } from "./leads/lead-mail.server";
import { getBusinessSettings, getSettings, lastKnownSettings } from "./settings.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "./outage.server";
import { enqueueEmail } from "./outbox.server";
import { takeRateLimit, type Limit } from "./rate-limit.server";
import { matchCustomer } from "./customers/matching.server";
import { phoneColumns } from "./phone.server";
import { saveQuoteVehicle } from "./customers/quote-vehicle.server";
import { attachLeadPhotos } from "./quote-photos/lead-photos.server";
import type { StoredUpload } from "./uploads/upload.server";
import { logFor } from "./log.server";

const log = logFor("quote");

/** Per client address: a burst limit and a daily cap (docs/decisions/0021). */
export const QUOTE_LIMITS: Limit[] = [
  { bucket: "quote:ip", max: 5, windowMs: 10 * 60_000 },
  { bucket: "quote:ip:day", max: 20, windowMs: 24 * 3600_000 },
];

/**
 * Receipts per customer address: the receipt copies the visitor's words to
 * the address they typed, so it is not a way to mail someone else over and
 * over. Past it the request is still stored and the owner told; only the
 * receipt is left out.
 */
export const RECEIPT_LIMIT: Limit = { bucket: "quote:receipt", max: 3, windowMs: 24 * 3600_000 };

/** Stored and the e-mails queued (the owner's, the customer's receipt); `id` is null for a dropped honeypot hit. */
export interface QuoteOutcome {
  id: number | null;
}

/**
 * Takes one quote request from the website, however it arrived (the form's
 * action or the JSON API), once that edge has validated it with
 * serverQuoteSchema (./quote-schema.server.ts):
 * each edge reads its own body (form fields, JSON) and answers a refusal in
 * its own shape, so the request is validated once. The row, the owner's notification and the
 * customer's receipt are written in one transaction, then delivery is
 * attempted at once; a mail server outage leaves the e-mails in the outbox for
 * retries and the request stays accepted (docs/decisions/0020). A honeypot hit
 * or a rate-limited post gets no e-mail at all.
 *
 * Throws AppError 429 (with Retry-After) past a per-address limit, and 503
 * when the database is unavailable: the request is not stored, and the
 * visitor must not think it was.
 */
export async function submitQuote(db: DB, quote: QuoteInput, clientIp: string, photos: StoredUpload[] = []): Promise<QuoteOutcome> {
  if (quote[HONEYPOT_FIELD]) {
    log.info("dropped a request: the hidden field was filled");
    return { id: null };
  }

  let id: number;
  try {
    await takeQuoteLimits(db, clientIp);
    const receipt = (await takeRateLimit(db, RECEIPT_LIMIT, quote.email.toLowerCase())).allowed;
    id = await storeQuote(db, quote, clientIp, receipt, photos);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    log.error(`not stored, the database is unavailable: ${(error as Error).message}`);
    // The phone this process read last: the database cannot be asked.
    throw new AppError(503, quoteUnavailableMessage(lastKnownSettings()), { headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });
  }
  kickOutbox(db);
  remindWhenDue(db);
  return { id };
}

async function takeQuoteLimits(db: DB, clientIp: string): Promise<void> {
  for (const limit of QUOTE_LIMITS) {
    const { allowed, retryAfterSeconds } = await takeRateLimit(db, limit, clientIp);
    if (!allowed) {
      throw new AppError(429, rateLimitMessage(retryAfterSeconds, await getSettings(db)), { headers: { "Retry-After": String(retryAfterSeconds) } });
    }
  }
}

/**
 * The row (linked to its customer), the owner's notification and (unless RECEIPT_LIMIT is reached) the customer's receipt, in one
 * transaction; returns the row's id. The lead's reminder falls due
 * LEAD_REMINDER_MINUTES from now (./leads/reminders.server.ts).
 */
function storeQuote(db: DB, quote: QuoteInput, clientIp: string, receipt: boolean, photos: StoredUpload[]): Promise<number> {
  const reminderSeconds = Math.round(env().LEAD_REMINDER_MINUTES * 60);
  return db.transaction().execute(async (trx) => {
    // Its customer (docs/decisions/0090), found or made in this transaction: a request is never without one.
    const customerId = await matchCustomer(trx, quote);
    // The vehicle they named becomes the customer's, once (docs/decisions/0102).
    await saveQuoteVehicle(trx, customerId, quote.vehicle_type);
    const row = await trx
      .insertInto("quote_requests")
      .values({
        customer_id: customerId,
        name: quote.name,
        email: quote.email,
        // As typed, and the number it is (docs/decisions/0108).
        ...phoneColumns(quote.phone),
        vehicle_type: quote.vehicle_type,
        message: quote.message,
        service_address: quote.service_address,
        status: "new",
        client_ip: clientIp,
        reminder_due_at: sql<Date>`now() + ${`${reminderSeconds} seconds`}::interval`,
      })
      .returning(["id", "created_at"])
      .executeTakeFirstOrThrow();
    const leadId = row.id;
    // The photos the post carried (docs/decisions/0085): stored with the lead or not at all.
    await attachLeadPhotos(trx, leadId, photos);
    const settings = await getBusinessSettings(trx);
    await enqueueEmail(trx, ownerNotification(leadId, quote, row.created_at, clientIp, settings), { leadId, kind: "owner_notification" });
    if (receipt) await enqueueEmail(trx, customerAutoReply(leadId, quote, settings), { leadId, kind: "customer_reply" });
    return leadId;
  });
}

function rateLimitMessage(retryAfterSeconds: number, settings: SiteSettings): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : minutes > 1 ? `${minutes} minutes` : "a minute";
  return `Too many quote requests from your network. Please try again in ${wait}, or call us at ${settings.phone}.`;
}
