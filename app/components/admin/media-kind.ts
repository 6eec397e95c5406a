/**
 * How an uploaded value (a URL) previews, by its extension:
 * images jpg, jpeg, png, gif, webp, svg; videos mp4, webm, ogg, avi, mov;
 * anything else is a file named by the last segment of its path.
 */

const IMAGE = new Set(["jpg", "jpeg", "png", "gif", "webp", "svg"]);
const VIDEO = new Set(["mp4", "webm", "ogg", "avi", "mov"]);

export type MediaKind = "image" | "video" | "file";

function pathOf(url: string): string {
  // Strip the query and fragment; the URL may be relative (/uploads/…).
  return url.split(/[?#]/, 1)[0] ?? "";
}

export function mediaKind(url: string): MediaKind {
  const extension = /\.([A-Za-z0-9]+)$/.exec(pathOf(url))?.[1]?.toLowerCase() ?? "";
  if (IMAGE.has(extension)) return "image";
  if (VIDEO.has(extension)) return "video";
  return "file";
}

/** The last path segment, decoded, or 'Unknown file'. */
export function fileNameOf(url: string): string {
  const segment = pathOf(url).split("/").filter(Boolean).pop() ?? "";
  if (!segment) return "Unknown file";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
