import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { PHOTO_FIELD, QUOTE_INVALID_MESSAGE, QUOTE_SUCCESS_MESSAGE, type QuoteFormReply } from "~/lib/quote-form";
import { serverQuoteSchema } from "~/server/quote-schema.server";
import { AppError } from "~/server/app-error.server";
import type { DB } from "~/server/db.server";
import { discardPhotos } from "~/server/uploads/photo-post.server";
import { readQuotePost } from "~/server/quote-photos/quote-post.server";
import { submitQuoteWithPhotos } from "~/server/quote-photos/submit-with-photos.server";

/**
 * The home page's action: the quote form posted as a plain HTML form (before
 * or without JavaScript; with it, the form sends JSON to /api/forms/submit).
 * Errors come back with the values kept, rendered by the server.
 */
export async function quoteAction(db: DB, request: Request, clientIp: string) {
  const reply = (value: QuoteFormReply, init?: ResponseInit) => data(value, init);
  // The text fields, and the photos stored as they arrived (docs/decisions/0085).
  const post = await readQuotePost(request, db, clientIp);
  if (!post.ok) return reply({ success: false, message: post.error }, { status: post.status });
  const submission = parseWithZod(post.form, { schema: serverQuoteSchema });
  if (submission.status !== "success" || post.photoError) {
    await discardPhotos(post.photos);
    // A refused photo is the photos field's message; the typed values come back either way.
    const fieldErrors: Record<string, string[]> = post.photoError ? { [PHOTO_FIELD]: [post.photoError.message] } : {};
    const result = submission.reply({ fieldErrors });
    return reply({ success: false, message: QUOTE_INVALID_MESSAGE, result }, { status: post.photoError?.status ?? 400 });
  }

  try {
    await submitQuoteWithPhotos(db, submission.value, clientIp, post.photos);
    return reply({ success: true, message: QUOTE_SUCCESS_MESSAGE, result: submission.reply({ resetForm: true }) });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const init = { status: error.status, headers: error.details.headers };
    // The database is down. Thrown, not returned: the home page's loaders would
    // fail on it too, so the root error page shows the message (docs/decisions/0009).
    if (error.status === 503) throw data({ message: error.message }, init);
    // Too many requests from this address: the form again, values kept, with the wait.
    return reply({ success: false, message: error.message, result: submission.reply() }, init);
  }
}
