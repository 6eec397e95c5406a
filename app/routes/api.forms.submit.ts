import { z } from "zod";
import { declareApi, json, jsonBody, ref } from "~/lib/api-declaration";
import { QUOTE_FORM_ID, QUOTE_INVALID_MESSAGE, QUOTE_SUCCESS_MESSAGE } from "~/lib/quote-form";
import { quoteFieldErrors, quoteSchema } from "~/lib/quote-schema";
import { AppError, badRequest, methodNotAllowed, notFound } from "~/server/app-error.server";
import { requireJsonObject } from "~/server/json-body.server";
import { submitQuote } from "~/server/quote.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.forms.submit";

/**
 * POST /api/forms/submit: the website's forms as JSON. Only the quote form
 * exists: {formId: "quote_form", name, email, phone, vehicle_type, message}.
 * Every answer has `success` and `message` (what the visitor reads); failures
 * also have `error` (and `errors` per field).
 */
export const openapi = () =>
  declareApi(
    "/api/forms/submit",
    {
      post: {
        tag: "Website",
        operationId: "submitForm",
        summary: "Submit a website form (the quote request)",
        access: "public",
        requestBody: jsonBody(ref("QuoteForm")),
        responses: {
          "200": json(ref("FormSuccess"), "Received; `message` is what the visitor reads."),
          "400": json(ref("FormFailure"), "Invalid fields (`errors` per field) or a body that is not a JSON object."),
          "404": json(ref("FormFailure"), "Unknown formId."),
          "429": json(ref("FormFailure"), "Too many requests from this address (Retry-After)."),
        },
        errors: [405, 413, 503],
      },
    },
    {
      // The body is the quote form's own schema, which submitQuote validates with.
      QuoteForm: quoteSchema.extend({ formId: z.literal(QUOTE_FORM_ID) }),
      FormSuccess: { type: "object", properties: { success: { const: true }, message: { type: "string" } }, required: ["success", "message"] },
      FormFailure: {
        type: "object",
        properties: {
          success: { const: false },
          message: { type: "string" },
          error: { type: "string" },
          errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
        },
        required: ["success", "message", "error"],
      },
    },
  );

export const action = ({ request, context }: Route.ActionArgs) =>
  formResponse(async () => {
    if (request.method !== "POST") throw methodNotAllowed("POST");
    const { formId, ...fields } = await requireJsonObject(request);
    if (typeof formId !== "string" || !formId) throw badRequest(`formId is required (use "${QUOTE_FORM_ID}")`);
    if (formId !== QUOTE_FORM_ID) throw notFound(`Unknown form "${formId.slice(0, 100)}"`);

    const parsed = quoteSchema.safeParse(fields);
    if (!parsed.success) {
      const message = QUOTE_INVALID_MESSAGE;
      return Response.json({ success: false, message, error: message, errors: quoteFieldErrors(parsed.error) }, { status: 400 });
    }
    await submitQuote(context.get(databaseContext), parsed.data, context.get(requestInfoContext).clientIp);
    return Response.json({ success: true, message: QUOTE_SUCCESS_MESSAGE });
  });

// A GET (e.g. someone opening the URL) is told what the endpoint takes.
export const loader = () =>
  formResponse(() => {
    throw methodNotAllowed("POST", "Use POST with a JSON body");
  });

/**
 * The /api edge (as apiResponse) in this endpoint's answer shape: an AppError
 * thrown below becomes `{ success: false, message, error }` with its status
 * and headers (Allow, Retry-After); anything else stays an error (500).
 */
async function formResponse(work: () => Response | Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { message, status } = error;
    return Response.json({ success: false, message, error: message }, { status, headers: error.details.headers });
  }
}
