import { z } from "zod";
import { declareApi, json, ref } from "~/lib/api-declaration";
import { PHOTO_FIELD, QUOTE_FORM_ID, QUOTE_INVALID_MESSAGE, QUOTE_PHOTOS_MAX, QUOTE_SUCCESS_MESSAGE } from "~/lib/quote-form";
import { quoteFieldErrors, quoteSchema } from "~/lib/quote-schema";
import { serverQuoteSchema } from "~/server/quote-schema.server";
import { AppError, badRequest, methodNotAllowed, notFound } from "~/server/app-error.server";
import { requireJsonObject } from "~/server/json-body.server";
import type { DB } from "~/server/db.server";
import { discardPhotos } from "~/server/uploads/photo-post.server";
import { readQuotePost } from "~/server/quote-photos/quote-post.server";
import { submitQuoteWithPhotos } from "~/server/quote-photos/submit-with-photos.server";
import type { StoredUpload } from "~/server/uploads/upload.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.forms.submit";

/**
 * POST /api/forms/submit: the website's forms as JSON. Only the quote form
 * exists: {formId: "quote_form", name, email, phone, vehicle_type, message,
 * service_address}. The website's own form sends the same fields as
 * multipart/form-data, with up to five photos in `photos` (docs/decisions/0085).
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
        // The website's own form sends the same fields as multipart, with up to five photos (docs/decisions/0085).
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: ref("QuoteForm") },
            "multipart/form-data": {
              schema: {
                allOf: [
                  ref("QuoteForm"),
                  { type: "object", properties: { [PHOTO_FIELD]: { type: "array", maxItems: QUOTE_PHOTOS_MAX, items: { type: "string", contentMediaType: "image/*" } } } },
                ],
              },
            },
          },
        },
        responses: {
          "200": json(ref("FormSuccess"), "Received; `message` is what the visitor reads."),
          "400": json(ref("FormFailure"), "Invalid fields (`errors` per field, `photos` for a sixth photo or an unreadable one) or a body that is not a JSON object."),
          "415": json(ref("FormFailure"), "A photo that is not an image (`errors.photos`), or a body that is neither JSON nor multipart."),
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
    const db = context.get(databaseContext);
    const clientIp = context.get(requestInfoContext).clientIp;
    const { formId, fields, photos } = await readBody(request, db, clientIp);
    try {
      if (typeof formId !== "string" || !formId) throw badRequest(`formId is required (use "${QUOTE_FORM_ID}")`);
      if (formId !== QUOTE_FORM_ID) throw notFound(`Unknown form "${formId.slice(0, 100)}"`);
    } catch (error) {
      await discardPhotos(photos);
      throw error;
    }
    if (fields instanceof Response) return fields;

    const parsed = serverQuoteSchema.safeParse(fields);
    if (!parsed.success) {
      await discardPhotos(photos);
      const message = QUOTE_INVALID_MESSAGE;
      return Response.json({ success: false, message, error: message, errors: quoteFieldErrors(parsed.error) }, { status: 400 });
    }
    await submitQuoteWithPhotos(db, parsed.data, clientIp, photos);
    return Response.json({ success: true, message: QUOTE_SUCCESS_MESSAGE });
  });

/**
 * The JSON body, or the multipart form with its photos stored (a refused
 * photo is answered here, as the photos field's message; `fields` is then that
 * answer).
 */
async function readBody(request: Request, db: DB, clientIp: string): Promise<{ formId: unknown; fields: Record<string, unknown> | Response; photos: StoredUpload[] }> {
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const { formId, ...fields } = await requireJsonObject(request);
    return { formId, fields, photos: [] };
  }
  const post = await readQuotePost(request, db, clientIp);
  if (!post.ok) throw new AppError(post.status, post.error);
  const { formId, ...fields } = Object.fromEntries([...post.form].filter(([, v]) => typeof v === "string"));
  if (!post.photoError) return { formId, fields, photos: post.photos };
  const message = QUOTE_INVALID_MESSAGE;
  const errors = { [PHOTO_FIELD]: [post.photoError.message] };
  return { formId, fields: Response.json({ success: false, message, error: message, errors }, { status: post.photoError.status }), photos: [] };
}

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
