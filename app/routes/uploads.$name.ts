import { databaseContext } from "~/server/request-context.server";
import { dispositionFor, downloadName } from "~/server/uploads/records.server";
import { mimeForStoredName } from "~/server/uploads/sniff.server";
import { uploadStorage } from "~/server/uploads/storage.server";
import type { Route } from "./+types/uploads.$name";

/**
 * GET /uploads/{name}: an uploaded file, served so that it can never run
 * script on this site (docs/decisions/0042). Images and video are shown
 * inline; SVG too, but under a sandbox CSP; anything else downloads. Either
 * way under the file's original name (docs/decisions/0046).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = await uploadStorage().get(params.name);
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const type = mimeForStoredName(params.name);
  const inline = type.startsWith("image/") || type.startsWith("video/");
  // The name is a courtesy: when the database cannot say, the file is still served.
  const original = await downloadName(context.get(databaseContext), params.name).catch(() => undefined);
  return new Response(file.body, {
    headers: {
      "Content-Type": type,
      "Content-Length": String(file.size),
      "Content-Disposition": dispositionFor(inline, params.name, original),
      // X-Content-Type-Options: nosniff comes with every response (server/security-headers.ts).
      // Opened directly, even an SVG runs no script and loads nothing: a sandboxed, unique origin.
      "Content-Security-Policy": "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
      // Server-made names are never reused, so the content behind one never changes.
      "Cache-Control": "public, max-age=31536000, immutable",
      // Shown by <img>/<video> on this site; other sites may not embed them.
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
