import {
  getMultipartBoundary,
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartStream,
} from "@remix-run/multipart-parser";
import { parseWithZod } from "@conform-to/zod/v4";
import { HONEYPOT_FIELD, PHOTO_FIELD, QUOTE_PHOTOS_MAX } from "~/lib/quote-form";
import { serverQuoteSchema } from "../quote-schema.server";
import { AppError } from "../app-error.server";
import { withoutControlCharacters } from "../control-characters.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { readBodyUpTo } from "../json-body.server";
import { takeRateLimit, type Limit } from "../rate-limit.server";
import { tooLarge, UPLOAD_ENVELOPE_BYTES, storeUploadBytes, type StoredUpload } from "../uploads/upload.server";
import { inUploadQueue } from "../uploads/work-queue.server";
import { discardPhotos } from "./lead-photos.server";

/**
 * The quote form as posted (docs/decisions/0085): its text fields, and its
 * photos, each stored through the upload pipeline (bytes sniffed, raster
 * images only, pixel limit, metadata taken out, copies made) as it arrives,
 * so that one photo at a time is in memory. A photo refused (not an image,
 * too large, unreadable, a sixth) is reported for the field, with the text
 * fields as typed, and the photos stored before it are removed: nothing of
 * the request is kept until it is stored whole.
 */
export type QuotePost =
  | { ok: false; status: 400 | 413 | 415 | 503; error: string }
  | { ok: true; form: FormData; photos: StoredUpload[]; photoError?: { status: number; message: string } };

/** Text fields are a few hundred bytes; a form without files is read whole up to this. */
const TEXT_BODY_MAX = 64 * 1024;
const TEXT_PART_MAX = 16 * 1024;
export const TOO_MANY_PHOTOS = `Please attach at most ${QUOTE_PHOTOS_MAX} photos.`;
const UNREADABLE_FORM = "The form could not be read. Please try again.";

/** Photos are image work: per client address, on top of the quote limits (a refused request keeps its text). */
export const PHOTO_LIMITS: Limit[] = [
  { bucket: "quote:photos:ip", max: 5, windowMs: 10 * 60_000 },
  { bucket: "quote:photos:ip:day", max: 20, windowMs: 24 * 3600_000 },
];

/** The most a quote post may send: five photos at the upload limit, and the form around them (server/app.ts). */
export function quotePostMaxBytes(): number {
  return QUOTE_PHOTOS_MAX * env().UPLOAD_MAX_BYTES + UPLOAD_ENVELOPE_BYTES;
}

export async function readQuotePost(request: Request, db: DB, clientIp: string): Promise<QuotePost> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    const body = await readBodyUpTo(request, TEXT_BODY_MAX, () => new AppError(413, "The form is too large.")).catch((e: Error) => e);
    if (body instanceof AppError) return { ok: false, status: 413, error: body.message };
    // The client went away mid-post.
    if (body instanceof Error) return { ok: false, status: 400, error: UNREADABLE_FORM };
    const form = new FormData();
    for (const [name, value] of new URLSearchParams(body.toString("utf8"))) form.append(name, value);
    return { ok: true, form, photos: [] };
  }
  const boundary = type === "multipart/form-data" ? getMultipartBoundary(request.headers.get("content-type")!) : null;
  if (!boundary || !request.body) {
    return { ok: false, status: 415, error: "Send the form as application/x-www-form-urlencoded or multipart/form-data" };
  }
  const declared = Number(request.headers.get("content-length") ?? NaN);
  // A post with photos waits for its turn among the uploads (bounded memory, docs/decisions/0048); one without goes at once.
  if (declared <= TEXT_BODY_MAX) return readMultipart(request.body, boundary, db, clientIp);
  try {
    return await inUploadQueue(() => readMultipart(request.body!, boundary, db, clientIp));
  } catch (error) {
    if (error instanceof AppError && error.status === 503) return { ok: false, status: 503, error: error.message };
    throw error;
  }
}

async function readMultipart(body: ReadableStream<Uint8Array>, boundary: string, db: DB, clientIp: string): Promise<QuotePost> {
  const max = env().UPLOAD_MAX_BYTES;
  const form = new FormData();
  const photos: StoredUpload[] = [];
  let photoError: { status: number; message: string } | undefined;
  let count = 0;
  // Undecided until the first photo: then the text must be valid, and the photo limit allow it.
  let accepting: boolean | undefined;
  const refuse = (status: number, message: string) => void (photoError ??= { status, message });
  // An error of our own (the database, the storage): thrown on, not taken for a bad body.
  let fatal: unknown;
  const ours = <T>(work: Promise<T>) => work.catch((error: unknown) => {
    if (!(error instanceof AppError)) fatal = error;
    throw error;
  });
  try {
    const options = { boundary, maxFileSize: max, maxTotalSize: quotePostMaxBytes(), maxParts: 40, maxHeaderSize: 8 * 1024 };
    for await (const part of parseMultipartStream(drainedOnCancel(body), options)) {
      if (!part.isFile) {
        if (part.size > TEXT_PART_MAX) return { ok: false, status: 413, error: "The form is too large." };
        // The edge leaves a multipart body whole: its text is cleaned here (docs/decisions/0107).
        form.append(withoutControlCharacters(part.name ?? ""), withoutControlCharacters(part.text));
        continue;
      }
      // A file input left empty is sent as a nameless, empty file.
      if (part.name !== PHOTO_FIELD || (!part.size && !part.filename)) continue;
      if (++count > QUOTE_PHOTOS_MAX) refuse(400, TOO_MANY_PHOTOS);
      if (photoError) continue;
      accepting ??= await ours(mayTakePhotos(form, db, clientIp, refuse));
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
    const failed = readFailure(error, max, refuse);
    if (failed) {
      await discardPhotos(photos);
      return failed;
    }
  }
  if (photoError) {
    await discardPhotos(photos);
    return { ok: true, form, photos: [], photoError };
  }
  return { ok: true, form, photos };
}

/**
 * Whether the photos of this post are worth the image work: not when the text
 * fields are invalid (the form comes back anyway) or a bot filled the hidden
 * field, nor past PHOTO_LIMITS (refused with a message for the field).
 */
async function mayTakePhotos(form: FormData, db: DB, clientIp: string, refuse: (status: number, message: string) => void): Promise<boolean> {
  if (form.get(HONEYPOT_FIELD) || parseWithZod(form, { schema: serverQuoteSchema }).status !== "success") return false;
  for (const limit of PHOTO_LIMITS) {
    const { allowed, retryAfterSeconds } = await takeRateLimit(db, limit, clientIp);
    if (!allowed) {
      const minutes = Math.ceil(retryAfterSeconds / 60);
      refuse(429, `Too many photos sent from your network. Please try again in ${minutes > 1 ? `${minutes} minutes` : "a minute"}, or send your request without photos.`);
      return false;
    }
  }
  return true;
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
function readFailure(error: unknown, max: number, refuse: (status: number, message: string) => void): QuotePost | undefined {
  if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) return void refuse(413, tooLarge(max).message);
  if (error instanceof MaxPartsExceededError) return void refuse(400, TOO_MANY_PHOTOS);
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
