/**
 * The type of an uploaded file from its first bytes (magic numbers), never
 * from its name or the browser's claim. Our own few lines instead of the
 * file-type package, whose current releases need Node 22 (docs/decisions/0043).
 */

export interface SniffedType {
  mime: string;
  /** The extension the stored file gets. */
  ext: string;
  kind: "image" | "video" | "other";
}

/** How many leading bytes sniffType needs to see. */
export const SNIFF_BYTES = 4096;

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

// An SVG document: optional BOM, XML declaration, comments and doctype, then <svg.
const SVG = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/i;

export function sniffType(head: Uint8Array): SniffedType | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", ext: "jpg", kind: "image" };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: "image/png", ext: "png", kind: "image" };
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") return { mime: "image/gif", ext: "gif", kind: "image" };
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return { mime: "image/webp", ext: "webp", kind: "image" };
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "AVI ") return { mime: "video/x-msvideo", ext: "avi", kind: "video" };
  if (ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    if (brand === "qt  ") return { mime: "video/quicktime", ext: "mov", kind: "video" };
    // AVIF stills (major brand avif, or mif1 listing avif among its compatible brands).
    if (brand === "avif" || brand === "avis" || (/^(mif1|msf1)$/.test(brand) && ascii(head, 16, 48).includes("avif"))) {
      return { mime: "image/avif", ext: "avif", kind: "image" };
    }
    // HEIF/AVIF stills share the container; they are not videos.
    if (!/^(hei|hev|mif1|msf1|avif|avis)/.test(brand)) return { mime: "video/mp4", ext: "mp4", kind: "video" };
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(head, 0, 64).includes("webm")) {
    return { mime: "video/webm", ext: "webm", kind: "video" };
  }
  if (ascii(head, 0, 4) === "OggS") return { mime: "video/ogg", ext: "ogg", kind: "video" };
  if (ascii(head, 0, 5) === "%PDF-") return { mime: "application/pdf", ext: "pdf", kind: "other" };
  if (SVG.test(new TextDecoder().decode(head.subarray(0, SNIFF_BYTES)))) return { mime: "image/svg+xml", ext: "svg", kind: "image" };
  return undefined;
}

/** The Content-Type a stored file is served with, from the extension its server-made name carries. */
export function mimeForStoredName(name: string): string {
  const ext = name.slice(name.lastIndexOf(".") + 1);
  return MIME_BY_EXT[ext] ?? "application/octet-stream";
}

const MIME_BY_EXT: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  webm: "video/webm",
  ogg: "video/ogg",
  avi: "video/x-msvideo",
  mov: "video/quicktime",
  pdf: "application/pdf",
};
