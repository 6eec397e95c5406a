import type { QuoteInput } from "~/lib/quote-schema";
import type { DB } from "../db.server";
import { submitQuote, type QuoteOutcome } from "../quote.server";
import type { StoredUpload } from "../uploads/upload.server";
import { discardPhotos } from "../uploads/photo-post.server";

/**
 * submitQuote with the photos the post carried: they are linked to the lead in
 * the transaction that stores it, and their files removed whenever the lead
 * is not stored (a bot's, rate-limited, the database down).
 */
export async function submitQuoteWithPhotos(db: DB, quote: QuoteInput, clientIp: string, photos: StoredUpload[]): Promise<QuoteOutcome> {
  let outcome: QuoteOutcome | undefined;
  try {
    outcome = await submitQuote(db, quote, clientIp, photos);
    return outcome;
  } finally {
    if (photos.length && (outcome?.id ?? null) === null) await discardPhotos(photos);
  }
}
