import { apiResponse, methodNotAllowed, notFound } from "~/server/app-error.server";
import { storeUpload } from "~/server/uploads/upload.server";
import type { Route } from "./+types/api.upload.$kind";

/** POST /api/upload/media → { media_url }; POST /api/upload/file → { file_url } (multipart field "file"). */
export function action({ request, params }: Route.ActionArgs) {
  return apiResponse(async () => {
    const kind = params.kind;
    if (kind !== "media" && kind !== "file") throw notFound(`Unknown upload kind: ${kind}`);
    if (request.method !== "POST") throw methodNotAllowed("POST", "Use POST to upload");
    const url = await storeUpload(request, kind);
    return Response.json(kind === "media" ? { media_url: url } : { file_url: url }, { status: 201 });
  });
}

export function loader() {
  return apiResponse(() => {
    throw methodNotAllowed("POST", "Use POST to upload");
  });
}
