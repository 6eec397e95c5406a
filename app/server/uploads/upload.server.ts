import {
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
  type MultipartPart,
} from "@remix-run/multipart-parser";
import { AppError, badRequest } from "../app-error.server";
import { env } from "../env.server";
import { NOT_AN_IMAGE, processImage, RASTER_EXTENSIONS, UNREADABLE_IMAGE, type ProcessedImage } from "../images.server";
import { sanitiseFileName } from "./file-name.server";
import { readImageHeader, refuseTooManyPixels } from "./image-header.server";
import { withoutMetadata } from "./metadata/strip.server";
import { mimeForStoredName, sniffType } from "./sniff.server";
import { uploadStorage } from "./storage.server";

/** media: images and videos; image: raster images only (JPEG, PNG, WebP, AVIF, GIF); file: anything. */
export type UploadKind = "media" | "image" | "file";

export interface StoredUpload {
  /** Where it is served: /uploads/{name}. */
  url: string;
  name: string;
  /** The file's own name, sanitised (./file-name.server.ts): shown, and the download name. */
  originalName: string;
  size: number;
  /** For a raster image: its size and the resized copies stored beside it. */
  image?: ProcessedImage;
}

/** The answer to a file of a type the field does not take: says so, and which types it does take. */
export const MEDIA_ONLY =
  "File type not allowed. Only images (JPEG, PNG, GIF, WebP, AVIF, SVG) and videos (MP4, WebM, Ogg, AVI, MOV) can be uploaded here";
// Room for the multipart boundaries and part headers around the one file.
export const UPLOAD_ENVELOPE_BYTES = 64 * 1024;

/**
 * Refuses at once, from its headers, an upload request that cannot be one:
 * not multipart/form-data (400), or declaring a body past UPLOAD_MAX_BYTES
 * (413). Checked before the request waits for its turn (./work-queue.server.ts).
 */
export function checkUploadHeaders(request: Request): void {
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    throw badRequest('Send the file as multipart/form-data in the field "file"');
  }
  const max = env().UPLOAD_MAX_BYTES;
  if (Number(request.headers.get("content-length") ?? 0) > max + UPLOAD_ENVELOPE_BYTES) throw tooLarge(max);
}

/**
 * Stores the multipart field "file" of an upload request (whose headers
 * checkUploadHeaders has checked) and returns the URL it is served at. The
 * type comes from the bytes; media accepts images and videos only, image
 * raster images only (JPEG, PNG, WebP, AVIF, GIF). Past
 * UPLOAD_MAX_BYTES the request is refused with 413 while it is still
 * arriving, and nothing is stored. A raster image, whichever the kind, is
 * checked against the pixel limit from its header, stored without its
 * metadata, and its resized copies are made before anything is stored
 * (docs/decisions/0016, 0048); as image, one sharp cannot read is a 400.
 * Refusals are AppErrors (400, 413, 415).
 */
export async function storeUpload(request: Request, kind: UploadKind): Promise<StoredUpload> {
  const file = await fileField(request, env().UPLOAD_MAX_BYTES);
  // One contiguous copy of the part's chunks, the only copy of the file made
  // here (a File, as form-data-parser hands it over, would make two more).
  return storeUploadBytes(file.bytes, file.filename, kind);
}

/**
 * Stores one file already read (within UPLOAD_MAX_BYTES) as storeUpload does:
 * the same checks, the same cleaning, the same copies. Also the quote form's
 * photos (../quote-photos/quote-post.server.ts).
 */
export async function storeUploadBytes(bytes: Uint8Array, filename: string | undefined, kind: UploadKind): Promise<StoredUpload> {
  if (!bytes.length) throw badRequest("The file is empty");
  const type = sniffType(bytes);
  if (kind === "media" && type?.kind !== "image" && type?.kind !== "video") throw new AppError(415, MEDIA_ONLY);
  const raster = type?.kind === "image" && RASTER_EXTENSIONS.has(type.ext);
  if (kind === "image" && !raster) throw new AppError(415, NOT_AN_IMAGE);
  const { parts, image } = raster ? await cleanRasterImage(bytes, type.ext, kind) : { parts: [bytes], image: undefined };
  const ext = type?.ext ?? otherExtension(filename ?? "");
  const storage = uploadStorage();
  // The parts as they are, without the copy a Blob would make.
  const stored = await storage.put(new ReadableStream<Uint8Array>({ start: (c) => (parts.forEach((p) => c.enqueue(p)), c.close()) }), ext);
  for (const copy of image?.copies ?? []) await storage.putCopy(stored, copy.suffix, copy.bytes);
  const size = parts.reduce((n, p) => n + p.length, 0);
  return { url: `/uploads/${stored}`, name: stored, originalName: sanitiseFileName(filename, ext), size, image };
}

/**
 * The one file part named "file", read whole (the parser hands a part over
 * once it has arrived, within the size limits). Other fields are ignored; a
 * second file is a 400, as is anything that is not valid multipart.
 */
async function fileField(request: Request, max: number): Promise<MultipartPart> {
  let file: MultipartPart | undefined;
  let files = 0;
  try {
    const parts = parseMultipartRequest(request, { maxFileSize: max, maxTotalSize: max + UPLOAD_ENVELOPE_BYTES, maxParts: 20, maxHeaderSize: 8 * 1024 });
    for await (const part of parts) {
      if (!part.isFile) continue;
      if (++files > 1) throw badRequest('Send one file, in the multipart field "file"');
      if (part.name === "file") file = part;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The body counted past the limit by server/body-limit.ts (its 413 has already gone out).
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError || (error as Error).name === "BodyTooLargeError") throw tooLarge(max);
    if (error instanceof MultipartParseError) throw badRequest('The upload is not valid multipart/form-data with one file in the field "file"');
    // The only other thing the parser does is read the body: the client went away mid-upload.
    throw badRequest("The upload did not arrive whole: the connection ended before the file did");
  }
  if (!file) throw badRequest('Send the file in the multipart field "file"');
  return file;
}

/**
 * A raster image as it is stored (./metadata/strip.server.ts: parts to write
 * one after the other), with its copies when sharp can read it. Too many
 * pixels is a 400 for every kind. One sharp cannot read is a 400 as `image`;
 * as media or file it is stored as it is, without copies, as long as its
 * metadata could be taken out. The copies are made from the bytes as sent:
 * they never carry metadata, and turn upright by the same orientation.
 */
async function cleanRasterImage(bytes: Uint8Array, ext: string, kind: UploadKind): Promise<{ parts: Uint8Array[]; image?: ProcessedImage }> {
  const header = await readImageHeader(bytes);
  refuseTooManyPixels(header);
  if (!header && kind === "image") throw badRequest(UNREADABLE_IMAGE);
  const parts = await withoutMetadata(bytes, ext, header?.orientation);
  if (!parts) throw badRequest(UNREADABLE_IMAGE);
  if (!header) return { parts };
  try {
    return { parts, image: await processImage(bytes, header) };
  } catch (error) {
    if (kind === "image" || !(error instanceof AppError)) throw error;
    return { parts };
  }
}

/** A size limit in MB as people read it: "25 MB", "1.5 MB", "0.2 MB". */
export function sizeLimitText(max: number): string {
  return `${Math.max(0.1, Math.round((max / (1024 * 1024)) * 10) / 10)} MB`;
}

export function tooLarge(max: number): AppError {
  return new AppError(413, `File too large: the limit is ${sizeLimitText(max)}`);
}

/**
 * What the upload fields need to know before sending a file: the size limit
 * (a browser whose upload is cut off at the limit may see no answer at all,
 * so the field checks first) and what each kind takes.
 */
export function uploadRules(kind: UploadKind): { maxBytes: number; maxSize: string; accepts: string } {
  const max = env().UPLOAD_MAX_BYTES;
  const accepts = kind === "media" ? "images (JPEG, PNG, GIF, WebP, AVIF, SVG) and videos (MP4, WebM, Ogg, AVI, MOV)" : kind === "image" ? "photos (JPEG, PNG, WebP, AVIF or GIF)" : "any file";
  return { maxBytes: max, maxSize: sizeLimitText(max), accepts };
}

/**
 * A file of a type we do not recognise keeps the extension its name had (so a
 * .docx still opens as one after download); it is only ever served as an
 * attachment of type application/octet-stream.
 */
function otherExtension(name: string): string {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  // Never an extension that would make the server announce a type the bytes are not.
  const claimsAType = mimeForStoredName(`x.${ext}`) !== "application/octet-stream" || ["jpeg", "html", "htm", "xml", "xhtml"].includes(ext);
  return name.includes(".") && /^[a-z0-9]{1,10}$/.test(ext) && !claimsAType ? ext : "bin";
}
