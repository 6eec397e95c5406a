import { storeUpload } from "~/server/uploads/upload.server";
import type { Route } from "./+types/api.upload.$kind";

/** POST /api/upload/media → { media_url }; POST /api/upload/file → { file_url } (multipart field "file"). */
export async function action({ request, params }: Route.ActionArgs) {
  const kind = params.kind;
  if (kind !== "media" && kind !== "file") return Response.json({ error: `Unknown upload kind: ${kind}` }, { status: 404 });
  if (request.method !== "POST") return Response.json({ error: "Use POST to upload" }, { status: 405, headers: { Allow: "POST" } });
  const url = await storeUpload(request, kind);
  return Response.json(kind === "media" ? { media_url: url } : { file_url: url }, { status: 201 });
}

export function loader() {
  return Response.json({ error: "Use POST to upload" }, { status: 405, headers: { Allow: "POST" } });
}
