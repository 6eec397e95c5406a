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
