import { QUOTE_FORM_ID, QUOTE_INVALID_MESSAGE, QUOTE_SUCCESS_MESSAGE, QUOTE_UNAVAILABLE_MESSAGE } from "~/lib/quote-form";
import { db } from "~/server/db.server";
import { readJsonObject } from "~/server/json-body.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/server/outage.server";
import { submitQuote } from "~/server/quote.server";
import { requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.forms.submit";

/**
 * POST /api/forms/submit (product-spec §7): the website's forms as JSON.
 * Only the quote form exists: {formId: "quote_form", name, email, phone,
 * vehicle_type, message}. Every answer has `success` and `message` (what the
 * visitor reads); failures also have `error` (and `errors` per field).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return failure(405, "Use POST", { Allow: "POST" });

  const body = await readJsonObject(request);
  if (!body.ok) return failure(body.status, body.error);
  const { formId, ...fields } = body.value;
  if (typeof formId !== "string" || !formId) return failure(400, `formId is required (use "${QUOTE_FORM_ID}")`);
  if (formId !== QUOTE_FORM_ID) return failure(404, `Unknown form "${formId.slice(0, 100)}"`);

  let outcome: Awaited<ReturnType<typeof submitQuote>>;
  try {
    outcome = await submitQuote(db(), fields, context.get(requestInfoContext).clientIp);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`[quote] not stored, the database is unavailable: ${(error as Error).message}`);
    return failure(503, QUOTE_UNAVAILABLE_MESSAGE, { "Retry-After": String(RETRY_AFTER_SECONDS) });
  }
  switch (outcome.status) {
    case "accepted":
      return Response.json({ success: true, message: QUOTE_SUCCESS_MESSAGE });
    case "invalid":
      return Response.json(
        { success: false, message: QUOTE_INVALID_MESSAGE, error: QUOTE_INVALID_MESSAGE, errors: outcome.fieldErrors },
        { status: 400 },
      );
    case "rate-limited":
      return failure(429, outcome.message, { "Retry-After": String(outcome.retryAfterSeconds) });
  }
}

// A GET (e.g. someone opening the URL) is told what the endpoint takes.
export function loader() {
  return failure(405, "Use POST with a JSON body", { Allow: "POST" });
}

function failure(status: number, message: string, headers?: Record<string, string>) {
  return Response.json({ success: false, message, error: message }, { status, headers });
}
