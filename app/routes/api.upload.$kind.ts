import { apiResponse, methodNotAllowed, notFound } from "~/server/app-error.server";
import { recordImage } from "~/server/images.server";
import { databaseContext } from "~/server/request-context.server";
import { storeUpload } from "~/server/uploads/upload.server";
import type { Route } from "./+types/api.upload.$kind";

/**
 * POST /api/upload/media → { media_url }; POST /api/upload/image (raster images
 * only) → { media_url }; POST /api/upload/file → { file_url } (multipart field
 * "file"). An image's resized copies are made and recorded here, once.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return apiResponse(async () => {
    const kind = params.kind;
    if (kind !== "media" && kind !== "image" && kind !== "file") throw notFound(`Unknown upload kind: ${kind}`);
    if (request.method !== "POST") throw methodNotAllowed("POST", "Use POST to upload");
    const upload = await storeUpload(request, kind);
    if (upload.image) await recordImage(context.get(databaseContext), upload.name, upload.image);
    return Response.json(kind === "file" ? { file_url: upload.url } : { media_url: upload.url }, { status: 201 });
  });
}

export function loader() {
  return apiResponse(() => {
    throw methodNotAllowed("POST", "Use POST to upload");
  });
}
