import { parseWithZod } from "@conform-to/zod/v4";
import { HONEYPOT_FIELD, PHOTO_FIELD, QUOTE_PHOTOS_MAX } from "~/lib/quote-form";
import { serverQuoteSchema } from "../quote-schema.server";
import { AppError } from "../app-error.server";
import type { DB } from "../db.server";
import { readBodyUpTo } from "../json-body.server";
import { takeRateLimit, type Limit } from "../rate-limit.server";
import { photoPostMaxBytes, readPhotoPost, TEXT_BODY_MAX, UNREADABLE_FORM, type PhotoPost } from "../uploads/photo-post.server";

/**
 * The quote form as posted (docs/decisions/0085): its text fields, and its
 * photos, read by the one reader of posts with photos
 * (../uploads/photo-post.server.ts): each stored through the upload pipeline
 * as it arrives; a photo refused (not an image, too large, unreadable, a
 * sixth) is reported for the field, with the text fields as typed, and the
 * photos stored before it are removed: nothing of the request is kept until
 * it is stored whole.
 */
export type QuotePost = PhotoPost;

export const TOO_MANY_PHOTOS = `Please attach at most ${QUOTE_PHOTOS_MAX} photos.`;

/** Photos are image work: per client address, on top of the quote limits (a refused request keeps its text). */
export const PHOTO_LIMITS: Limit[] = [
  { bucket: "quote:photos:ip", max: 5, windowMs: 10 * 60_000 },
  { bucket: "quote:photos:ip:day", max: 20, windowMs: 24 * 3600_000 },
];

/** The most a quote post may send: five photos at the upload limit, and the form around them (server/app.ts). */
export function quotePostMaxBytes(): number {
  return photoPostMaxBytes(QUOTE_PHOTOS_MAX);
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
  return readPhotoPost(request, {
    field: PHOTO_FIELD,
    max: QUOTE_PHOTOS_MAX,
    tooMany: TOO_MANY_PHOTOS,
    mayTakePhotos: (form, refuse) => mayTakePhotos(form, db, clientIp, refuse),
  });
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
