import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { QUOTE_INVALID_MESSAGE, QUOTE_SUCCESS_MESSAGE, QUOTE_UNAVAILABLE_MESSAGE } from "~/lib/quote-form";
import { quoteSchema } from "~/lib/quote-schema";
import { db } from "./db.server";
import { isDatabaseUnavailable } from "./outage.server";
import { submitQuote } from "./quote.server";
import { requestInfoContext } from "./request-context.server";

/**
 * The home page's action: the quote form posted as a plain HTML form (before
 * or without JavaScript; with it, the form sends JSON to /api/forms/submit).
 * Errors come back with the values kept, rendered by the server.
 */
export async function quoteAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data(
      { success: false as const, message: "The form could not be read. Please try again.", result: undefined },
      { status: 415 },
    );
  }
  const submission = parseWithZod(formData, { schema: quoteSchema });
  if (submission.status !== "success") {
    return data({ success: false as const, message: QUOTE_INVALID_MESSAGE, result: submission.reply() }, { status: 400 });
  }

  let outcome: Awaited<ReturnType<typeof submitQuote>>;
  try {
    outcome = await submitQuote(db(), submission.value, context.get(requestInfoContext).clientIp);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`[quote] not stored, the database is unavailable: ${(error as Error).message}`);
    // Thrown, not returned: the home page's loaders would fail on the database
    // too, so the root error page shows the message (docs/decisions/0009).
    throw data({ message: QUOTE_UNAVAILABLE_MESSAGE }, { status: 503 });
  }
  switch (outcome.status) {
    case "accepted":
      return { success: true as const, message: QUOTE_SUCCESS_MESSAGE, result: submission.reply({ resetForm: true }) };
    case "rate-limited":
      return data(
        { success: false as const, message: outcome.message, result: submission.reply() },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "invalid":
      // Unreachable in practice (the same schema passed above), kept for the type.
      return data(
        { success: false as const, message: QUOTE_INVALID_MESSAGE, result: submission.reply({ fieldErrors: outcome.fieldErrors }) },
        { status: 400 },
      );
  }
}

export type QuoteActionData = Awaited<ReturnType<typeof quoteAction>>;
