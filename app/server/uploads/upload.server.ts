import { MaxFileSizeExceededError, MaxTotalSizeExceededError, parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { AppError, badRequest } from "../app-error.server";
import { env } from "../env.server";
import { NOT_AN_IMAGE, processImage, RASTER_EXTENSIONS, type ProcessedImage } from "../images.server";
import { sanitiseFileName } from "./file-name.server";
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
 * Stores the multipart field "file" of an upload request and returns the URL
 * it is served at. The type comes from the bytes; media accepts images and
 * videos only, image raster images only (JPEG, PNG, WebP, AVIF, GIF). Past UPLOAD_MAX_BYTES the request is refused with 413 while it
 * is still arriving, and nothing is stored. A raster image is decoded and its
 * resized copies made before anything is stored (docs/decisions/0016); as
 * image, one sharp cannot read is a 400. Refusals are AppErrors (400, 413, 415).
 */
export async function storeUpload(request: Request, kind: UploadKind): Promise<StoredUpload> {
  const max = env().UPLOAD_MAX_BYTES;
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    throw badRequest('Send the file as multipart/form-data in the field "file"');
  }
  if (Number(request.headers.get("content-length") ?? 0) > max + UPLOAD_ENVELOPE_BYTES) throw tooLarge(max);

  let stored: string | undefined;
  let originalName = "";
  let size = 0;
  let image: ProcessedImage | undefined;
  let refusal: AppError | undefined;
  const storage = uploadStorage();
  try {
    await parseFormData(request, { maxFiles: 1, maxFileSize: max, maxTotalSize: max + UPLOAD_ENVELOPE_BYTES }, async (file: FileUpload) => {
      if (file.fieldName !== "file" || stored || refusal) return null;
      // The parser hands over a part once it has arrived whole (within the size limit).
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (!bytes.length) {
        refusal = badRequest("The file is empty");
        return null;
      }
      const type = sniffType(bytes);
      if (kind === "media" && type?.kind !== "image" && type?.kind !== "video") {
        refusal = new AppError(415, MEDIA_ONLY);
        return null;
      }
      const raster = type?.kind === "image" && RASTER_EXTENSIONS.has(type.ext);
      if (kind === "image" && !raster) {
        refusal = new AppError(415, NOT_AN_IMAGE);
        return null;
      }
      if (raster) {
        try {
          image = await processImage(bytes);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // Where an image is expected, one that cannot be read is refused; as
          // media it is stored as before, shown as it is (no copies).
          if (kind === "image") {
            refusal = error;
            return null;
          }
        }
      }
      const ext = type?.ext ?? otherExtension(file.name);
      stored = await storage.put(new Blob([bytes]).stream(), ext);
      originalName = sanitiseFileName(file.name, ext);
      size = bytes.length;
      for (const copy of image?.copies ?? []) await storage.putCopy(stored, copy.suffix, copy.bytes);
      return null;
    });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) throw tooLarge(max);
    if (error instanceof Error && /FormDataParseError|MultipartParseError|MaxFilesExceededError|MaxPartsExceededError|MaxHeaderSizeExceededError/.test(error.name)) {
      throw badRequest('The upload is not valid multipart/form-data with one file in the field "file"');
    }
    throw error;
  }
  if (refusal) throw refusal;
  if (!stored) throw badRequest('Send the file in the multipart field "file"');
  return { url: `/uploads/${stored}`, name: stored, originalName, size, image };
}

/** A size limit in MB as people read it: "25 MB", "1.5 MB", "0.2 MB". */
export function sizeLimitText(max: number): string {
  return `${Math.max(0.1, Math.round((max / (1024 * 1024)) * 10) / 10)} MB`;
}

function tooLarge(max: number): AppError {
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
