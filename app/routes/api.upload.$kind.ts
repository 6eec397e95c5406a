import { declareApi, json, ref } from "~/lib/api-declaration";
import { apiResponse, methodNotAllowed, notFound } from "~/server/app-error.server";
import { databaseContext } from "~/server/request-context.server";
import { recordUpload } from "~/server/uploads/records.server";
import { checkUploadHeaders, storeUpload, uploadRules, type UploadKind } from "~/server/uploads/upload.server";
import { inUploadQueue } from "~/server/uploads/work-queue.server";
import type { Route } from "./+types/api.upload.$kind";

/**
 * POST /api/upload/media → { media_url, file_name }; POST /api/upload/image (raster
 * images only) → { media_url, file_name }; POST /api/upload/file → { file_url,
 * file_name } (multipart field "file"). file_name is the file's own name,
 * sanitised, which downloads keep (docs/decisions/0046). An image is stored
 * without its metadata, and its resized copies are made once, here, one image
 * at a time (docs/decisions/0048); the upload and its image are recorded in
 * one transaction.
 *
 * GET /api/upload/{kind} → { maxBytes, maxSize, accepts }: what the upload
 * fields check before sending a file.
 */
const kindParam = { name: "kind", in: "path", required: true, schema: { type: "string", enum: ["media", "image", "file"] } };
const uploaded = (url: string) => ({
  type: "object",
  properties: { [url]: { type: "string" }, file_name: { type: "string", description: "The file's own name, sanitised: downloads keep it." } },
  required: [url, "file_name"],
});

export const openapi = () =>
  declareApi(
    "/api/upload/{kind}",
    {
      get: {
        tag: "Uploads",
        operationId: "uploadRules",
        summary: "What an upload of this kind may be: the size limit, and the types taken",
        access: "admin",
        parameters: [kindParam],
        responses: {
          "200": json(
            {
              type: "object",
              properties: {
                maxBytes: { type: "integer" },
                maxSize: { type: "string", description: 'The limit in words, e.g. "25 MB".' },
                accepts: { type: "string" },
              },
              required: ["maxBytes", "maxSize", "accepts"],
            },
            "The rules.",
          ),
        },
        errors: [404],
      },
      post: {
        tag: "Uploads",
        operationId: "upload",
        summary: "Upload a file (multipart field `file`): `media` (images and videos), `image` (raster images) or `file` (PDF and documents)",
        access: "admin",
        parameters: [kindParam],
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: { type: "object", properties: { file: { type: "string", contentMediaType: "application/octet-stream" } }, required: ["file"] },
            },
          },
        },
        responses: { "201": json({ oneOf: [ref("MediaUpload"), ref("FileUpload")] }, "Stored: `media_url` for media and image, `file_url` for file.") },
        errors: [400, 404, 405, 413, 415],
      },
    },
    { MediaUpload: uploaded("media_url"), FileUpload: uploaded("file_url") },
  );

function kindOf(kind: string | undefined): UploadKind {
  if (kind !== "media" && kind !== "image" && kind !== "file") throw notFound(`Unknown upload kind: ${kind}`);
  return kind;
}

export function action({ request, params, context }: Route.ActionArgs) {
  return apiResponse(async () => {
    const kind = kindOf(params.kind);
    if (request.method !== "POST") throw methodNotAllowed("GET, POST", "Use POST to upload");
    checkUploadHeaders(request);
    const db = context.get(databaseContext);
    // The body is read only when the upload's turn comes (docs/decisions/0048).
    const upload = await inUploadQueue(async () => {
      const stored = await storeUpload(request, kind);
      await recordUpload(db, stored);
      return stored;
    });
    const url = kind === "file" ? { file_url: upload.url } : { media_url: upload.url };
    return Response.json({ ...url, file_name: upload.originalName }, { status: 201 });
  });
}

export function loader({ params }: Route.LoaderArgs) {
  return apiResponse(() => Response.json(uploadRules(kindOf(params.kind)), { headers: { "Cache-Control": "no-store" } }));
}
