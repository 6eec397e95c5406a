import {
  getMultipartBoundary,
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartStream,
} from "@remix-run/multipart-parser";
import { AppError } from "../app-error.server";
import { withoutControlCharacters } from "../control-characters.server";
import { env } from "../env.server";
import { logFor } from "../log.server";
import { removeStored } from "./records.server";
import { tooLarge, UPLOAD_ENVELOPE_BYTES, storeUploadBytes, type StoredUpload } from "./upload.server";
import { inUploadQueue } from "./work-queue.server";

/**
 * A form posted as multipart/form-data with photos in one file field (the
 * quote form's, docs/decisions/0085; a job's condition report, 0136): its
 * text fields, and its photos, each stored through the upload pipeline
 * (bytes sniffed, raster images only, pixel limit, metadata taken out,
 * copies made) as it arrives, so that one photo at a time is in memory. A
 * photo refused (not an image, too large, unreadable, one too many) is
 * reported for the field, with the text fields as typed, and the photos
 * stored before it are removed: nothing is kept until the caller stores the
 * whole post, or removes its photos (discardPhotos) when it does not.
 */
export type PhotoPost =
  | { ok: false; status: 400 | 413 | 415 | 503; error: string }
  | { ok: true; form: FormData; photos: StoredUpload[]; photoError?: { status: number; message: string } };

export interface PhotoRules {
  /** The file field's name. */
  field: string;
  /** How many photos at most, and the field's message past that. */
  max: number;
  tooMany: string;
  /** The most bytes of one text field (16 KB unless said). */
  textPartMax?: number;
  /** The most parts of the body (40 unless said): past it, the field's tooMany. */
  maxParts?: number;
  /** The most bytes of the whole body (photoPostMaxBytes(max) unless said): the form's edge limit (server/app.ts). */
  maxTotalBytes?: number;
  /**
   * Asked once, at the first photo, with the text fields read so far (the
   * form's hidden fields come first): whether the photos are worth the image
   * work. False skips them (the form is refused or answered without them);
   * `refuse` gives the field a message instead. An error it throws is thrown
   * on, the photos stored so far removed.
   */
  mayTakePhotos(form: FormData, refuse: (status: number, message: string) => void): Promise<boolean>;
}

/** Text fields are a few hundred bytes; a form without photos is read without waiting in the upload queue up to this. */
export const TEXT_BODY_MAX = 64 * 1024;
const TEXT_PART_MAX = 16 * 1024;
export const UNREADABLE_FORM = "The form could not be read. Please try again.";

/** The most a post with `max` photos may send: each at the upload limit, and the form around them (server/app.ts). */
export function photoPostMaxBytes(max: number): number {
  return max * env().UPLOAD_MAX_BYTES + UPLOAD_ENVELOPE_BYTES;
}

/** Whether the request's body is multipart/form-data (the forms with photos). */
export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() === "multipart/form-data";
}

/** Reads a multipart post with photos (anything else is a 415). */
export async function readPhotoPost(request: Request, rules: PhotoRules): Promise<PhotoPost> {
  const boundary = isMultipart(request) ? getMultipartBoundary(request.headers.get("content-type")!) : null;
  if (!boundary || !request.body) {
    return { ok: false, status: 415, error: "Send the form as application/x-www-form-urlencoded or multipart/form-data" };
  }
  const declared = Number(request.headers.get("content-length") ?? NaN);
  // A post with photos waits for its turn among the uploads (bounded memory, docs/decisions/0048); one without goes at once.
  if (declared <= TEXT_BODY_MAX) return readMultipart(request.body, boundary, rules);
  try {
    return await inUploadQueue(() => readMultipart(request.body!, boundary, rules));
  } catch (error) {
    if (error instanceof AppError && error.status === 503) return { ok: false, status: 503, error: error.message };
    throw error;
  }
}

async function readMultipart(body: ReadableStream<Uint8Array>, boundary: string, rules: PhotoRules): Promise<PhotoPost> {
  const max = env().UPLOAD_MAX_BYTES;
  const textPartMax = rules.textPartMax ?? TEXT_PART_MAX;
  const form = new FormData();
  const photos: StoredUpload[] = [];
  let photoError: { status: number; message: string } | undefined;
  let count = 0;
  // Undecided until the first photo: then the caller says whether it wants them.
  let accepting: boolean | undefined;
  const refuse = (status: number, message: string) => void (photoError ??= { status, message });
  // An error of our own (the database, the storage, the caller's check): thrown on, not taken for a bad body.
  let fatal: unknown;
  const ours = <T>(work: Promise<T>, always = false) =>
    work.catch((error: unknown) => {
      if (always || !(error instanceof AppError)) fatal = error;
      throw error;
    });
  try {
    const options = { boundary, maxFileSize: max, maxTotalSize: rules.maxTotalBytes ?? photoPostMaxBytes(rules.max), maxParts: rules.maxParts ?? 40, maxHeaderSize: 8 * 1024 };
    for await (const part of parseMultipartStream(drainedOnCancel(body), options)) {
      if (!part.isFile) {
        if (part.size > textPartMax) return await discarded(photos, { ok: false, status: 413, error: "The form is too large." });
        // The edge leaves a multipart body whole: its text is cleaned here (docs/decisions/0107).
        form.append(withoutControlCharacters(part.name ?? ""), withoutControlCharacters(part.text));
        continue;
      }
      // A file input left empty is sent as a nameless, empty file.
      if (part.name !== rules.field || (!part.size && !part.filename)) continue;
      if (++count > rules.max) refuse(400, rules.tooMany);
      if (photoError) continue;
      accepting ??= await ours(rules.mayTakePhotos(form, refuse), true);
      if (!accepting) continue;
      try {
        photos.push(await ours(storeUploadBytes(part.bytes, part.filename, "image")));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refuse(error.status, photoMessage(part.filename, error.message));
      }
    }
  } catch (error) {
    if (error === fatal) {
      await discardPhotos(photos);
      throw error;
    }
    const failed = readFailure(error, max, rules, refuse);
    if (failed) return discarded(photos, failed);
  }
  if (photoError) {
    await discardPhotos(photos);
    return { ok: true, form, photos: [], photoError };
  }
  return { ok: true, form, photos };
}

async function discarded(photos: StoredUpload[], answer: PhotoPost): Promise<PhotoPost> {
  await discardPhotos(photos);
  return answer;
}

/** Removes the files of photos whose post was not stored after all (refused, a replay, or the database said no). */
export async function discardPhotos(photos: StoredUpload[]): Promise<void> {
  for (const photo of photos) {
    await removeStored(photo).catch((error: Error) => {
      // What is left, the orphan clean-up removes a day later.
      logFor("uploads").warn(`could not remove the photo ${photo.name} of a post not stored: ${error.message}`);
    });
  }
}

/** "IMG_1234.pdf: This file is not an image (…)" — which of the chosen files, and why. */
function photoMessage(filename: string | undefined, message: string): string {
  const name = (filename ?? "").split(/[\\/]/).pop()!.slice(0, 80);
  return name ? `${name}: ${message}` : message;
}

/**
 * A parser error as the answer: a photo past the size limit (or too many
 * parts) is the photos field's message, the text read so far kept; a body
 * that is not valid multipart, or that stopped arriving, is the form's.
 */
function readFailure(error: unknown, max: number, rules: PhotoRules, refuse: (status: number, message: string) => void): PhotoPost | undefined {
  if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) return void refuse(413, tooLarge(max).message);
  if (error instanceof MaxPartsExceededError) return void refuse(400, rules.tooMany);
  // server/body-limit.ts has already answered 413.
  if ((error as Error).name === "BodyTooLargeError") return { ok: false, status: 413, error: "The form is too large." };
  if (error instanceof MultipartParseError) return { ok: false, status: 400, error: UNREADABLE_FORM };
  // The only other thing the parser does is read the body: the client went away mid-post.
  return { ok: false, status: 400, error: UNREADABLE_FORM };
}

/**
 * The body as the parser reads it; when the parser stops early (a photo too
 * large), the rest is read and dropped before the answer goes out, so the
 * browser, still sending, gets the form back with its message instead of a
 * broken connection. The edge caps how much that can be (server/app.ts).
 */
function drainedOnCancel(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      async cancel() {
        try {
          while (!(await reader.read()).done);
        } catch {
          // The client went away or the edge refused the body: nothing more to read.
        }
      },
    },
    { highWaterMark: 0 },
  );
}
