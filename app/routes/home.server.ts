import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { QUOTE_INVALID_MESSAGE, QUOTE_SUCCESS_MESSAGE, type QuoteFormReply } from "~/lib/quote-form";
import { quoteSchema } from "~/lib/quote-schema";
import { AppError } from "~/server/app-error.server";
import type { DB } from "~/server/db.server";
import { submitQuote } from "~/server/quote.server";

/**
 * The home page's action: the quote form posted as a plain HTML form (before
 * or without JavaScript; with it, the form sends JSON to /api/forms/submit).
 * Errors come back with the values kept, rendered by the server.
 */
export async function quoteAction(db: DB, request: Request, clientIp: string) {
  const reply = (value: QuoteFormReply, init?: ResponseInit) => data(value, init);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return reply({ success: false, message: "The form could not be read. Please try again." }, { status: 415 });
  }
  const submission = parseWithZod(formData, { schema: quoteSchema });
  if (submission.status !== "success") {
    return reply({ success: false, message: QUOTE_INVALID_MESSAGE, result: submission.reply() }, { status: 400 });
  }

  try {
    await submitQuote(db, submission.value, clientIp);
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
