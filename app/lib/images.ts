/**
 * Uploaded images as the public pages show them (browser-safe): the original's
 * URL, its upright size and the resized copies made at upload
 * (docs/decisions/0016-responsive-images.md). A copy's name is the original's
 * with the width (or "og") before a new extension:
 *   /uploads/{32 chars}.png → /uploads/{32 chars}-640w.webp, …-640w.jpg, …-og.jpg
 * The original's name is random and never reused, so a copy's content never
 * changes either: every one is cached for a year.
 */

export interface ImageView {
  /** The original's URL (what the row stores). */
  src: string;
  /** The original's upright size; absent for images uploaded before sizes were recorded. */
  width?: number;
  height?: number;
  /** Widths of the resized copies, ascending (empty: none, the original is shown). */
  widths: number[];
  /** Formats of the copies, best first: "webp", "jpg". */
  formats: string[];
  /** The 1200x630 link-preview crop exists. */
  og: boolean;
}

/** The widths copies are made at (never wider than the original). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** The link-preview (og:image) size. */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const UPLOAD = /^\/uploads\/([A-Za-z0-9_-]{32})\.[a-z0-9]{1,10}$/;

/** The stored name of an upload URL (/uploads/{name}), or undefined for any other URL. */
export function uploadName(url: string): string | undefined {
  return UPLOAD.test(url) ? url.slice("/uploads/".length) : undefined;
}

/** The URL of a resized copy of an uploaded image. */
export function variantUrl(src: string, width: number | "og", format: string): string {
  const base = UPLOAD.exec(src)?.[1];
  if (!base) throw new Error(`Not an uploaded image: ${src}`);
  return `/uploads/${base}-${width === "og" ? "og" : `${width}w`}.${format}`;
}

/** An image nothing is known about: shown as it is. */
export function plainImage(src: string): ImageView {
  return { src, widths: [], formats: [], og: false };
}
