import { apiResponse, methodNotAllowed, notFound } from "~/server/app-error.server";
import { recordImage } from "~/server/images.server";
import { databaseContext } from "~/server/request-context.server";
import { recordUpload } from "~/server/uploads/records.server";
import { storeUpload, uploadRules, type UploadKind } from "~/server/uploads/upload.server";
import type { Route } from "./+types/api.upload.$kind";

/**
 * POST /api/upload/media → { media_url, file_name }; POST /api/upload/image (raster
 * images only) → { media_url, file_name }; POST /api/upload/file → { file_url,
 * file_name } (multipart field "file"). file_name is the file's own name,
 * sanitised, which downloads keep (docs/decisions/0046). An image's resized
 * copies are made and recorded here, once.
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
    const upload = await storeUpload(request, kind);
    const db = context.get(databaseContext);
    if (upload.image) await recordImage(db, upload.name, upload.image);
    await recordUpload(db, upload);
    const url = kind === "file" ? { file_url: upload.url } : { media_url: upload.url };
    return Response.json({ ...url, file_name: upload.originalName }, { status: 201 });
  });
}

export function loader({ params }: Route.LoaderArgs) {
  return apiResponse(() => Response.json(uploadRules(kindOf(params.kind)), { headers: { "Cache-Control": "no-store" } }));
}
