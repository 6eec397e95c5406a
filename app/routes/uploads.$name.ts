import { maySeeStaffUpload } from "~/server/quote-photos/lead-photos.server";
import { databaseContext } from "~/server/request-context.server";
import { getSessionUser } from "~/server/session.server";
import { dispositionFor, uploadRecord } from "~/server/uploads/records.server";
import { mimeForStoredName } from "~/server/uploads/sniff.server";
import { uploadStorage } from "~/server/uploads/storage.server";
import type { Route } from "./+types/uploads.$name";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * GET /uploads/{name}: an uploaded file, served so that it can never run
 * script on this site (docs/decisions/0042). Images and video are shown
 * inline; SVG too, but under a sandbox CSP; anything else downloads. Either
 * way under the file's original name (docs/decisions/0046). A lead's photo
 * (and its copies) only to a signed-in owner (who reads the leads) and the
 * technician of a job for that request, never kept by a shared
 * cache; to anyone else it does not exist (docs/decisions/0085). Only the
 * database can say which file is one: when it cannot answer, nothing is
 * served (503), rather than a customer's photo to whoever has its address.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const record = await uploadRecord(db, params.name);
  if (record?.staffOnly && !(await maySeeStaffUpload(db, await getSessionUser(db, request), record.name))) return notFound();
  const file = await uploadStorage().get(params.name);
  if (!file) return notFound();
  const type = mimeForStoredName(params.name);
  const inline = type.startsWith("image/") || type.startsWith("video/");
  return new Response(file.body, {
    headers: {
      "Content-Type": type,
      "Content-Length": String(file.size),
      "Content-Disposition": dispositionFor(inline, params.name, record?.downloadName),
      // X-Content-Type-Options: nosniff comes with every response (server/security-headers.ts).
      // Opened directly, even an SVG runs no script and loads nothing: a sandboxed, unique origin.
      "Content-Security-Policy": "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
      // Server-made names are never reused, so the content behind one never changes; a lead's photo stays out of every cache.
      "Cache-Control": record?.staffOnly ? "private, no-store" : "public, max-age=31536000, immutable",
      // Shown by <img>/<video> on this site; other sites may not embed them.
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
