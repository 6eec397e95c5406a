import type { z } from "zod";
import { PHOTOS_FIELD, photosPostSchema, showsFieldWork, type PhotoKind } from "~/lib/field-work";
import { actorPair, asActor, shownActor } from "../actor.server";
import { AppError, badRequest } from "../app-error.server";
import { requireJobWork } from "../auth/permissions.server";
import type { DB } from "../db.server";
import { formText } from "../form-action.server";
import { photoView, type PhotoView } from "../images.server";
import type { Job } from "../jobs/job-records.server";
import type { SessionUser } from "../session.server";
import { discardPhotos, type PhotoPost } from "../uploads/photo-post.server";
import { adoptUploads } from "../uploads/records.server";
import { claimWorkPost, workPostStored } from "./work-posts.server";

/**
 * A job's before and after photos (docs/decisions/0139): each post's photos
 * go through the one upload pipeline as they arrive (the job page's reader
 * of posts with photos, ../jobs/job-page-post.server.ts: bytes sniffed,
 * raster images only, the size and pixel limits, location and other
 * metadata taken out, resized copies made), then are stored with the post's
 * key in one transaction: a post whose key was claimed before (a replay)
 * stores nothing and its files are removed. They are shown on the job's
 * page and, once the job is done, on the customer's appointment page.
 */

export const PHOTOS_INTENT = "photos";
export const NO_PHOTO = "Choose at least one photo to upload.";

/**
 * Whether a job page's post is worth the image work for its before or after
 * photos: a photos post (its hidden fields read before the first photo) on a
 * job being worked on, with a valid key not stored before. Who may post was
 * checked before the body was read (requireJobWork).
 */
export async function mayTakeJobPhotos(db: DB, job: Pick<Job, "status">, form: FormData): Promise<boolean> {
  if (formText(form, "intent") !== PHOTOS_INTENT || !showsFieldWork(job)) return false;
  const fields = photosPostSchema.safeParse({ key: formText(form, "key"), kind: formText(form, "kind") });
  return fields.success && !(await workPostStored(db, fields.data.key));
}

/**
 * Stores a post's photos for `job`: their uploads (public, referred to from
 * now on), images and rows, with the post's key, in one transaction. A key
 * claimed before stores nothing (the answer is the first post's). Whenever
 * nothing is stored, the files are removed.
 */
export async function saveJobPhotos(
  db: DB,
  job: Job,
  actor: SessionUser,
  input: z.output<typeof photosPostSchema>,
  post: Pick<Extract<PhotoPost, { ok: true }>, "photos" | "photoError">,
  now = new Date(),
): Promise<void> {
  const { photos } = post;
  let kept = false;
  try {
    requireJobWork(actor, job.assignedTo);
    kept = await asActor(db, actor, async (trx) => {
      if (!(await claimWorkPost(trx, input.key, job, "photos"))) return false;
      // Claimed, then refused: the transaction ends, the key is free again.
      if (post.photoError) throw new AppError(post.photoError.status, post.photoError.message, { fields: { [PHOTOS_FIELD]: post.photoError.message } });
      if (!photos.length) throw badRequest(NO_PHOTO, { [PHOTOS_FIELD]: NO_PHOTO });
      // Shown to the customer once the job is done (docs/decisions/0139): not staff-only.
      await adoptUploads(trx, photos, { staffOnly: false }, now);
      await trx
        .insertInto("job_photos")
        .values(photos.map((photo, index) => ({ job_id: job.id, kind: input.kind, upload_name: photo.name, client_key: input.key, position: index + 1, created_at: now, ...actorPair("taken_by", actor) })))
        .execute();
      return true;
    });
  } finally {
    if (!kept) await discardPhotos(photos);
  }
}

export interface JobPhoto extends PhotoView {
  id: number;
  kind: PhotoKind;
  takenBy: string;
  takenAt: Date;
}

/** A job's photos, before then after, each in the order taken. */
export async function jobPhotos(db: DB, jobId: number): Promise<JobPhoto[]> {
  const rows = await db
    .selectFrom("job_photos as p")
    .innerJoin("uploads as u", "u.name", "p.upload_name")
    .leftJoin("images as i", "i.name", "p.upload_name")
    .select(["p.id", "p.kind", "p.upload_name", "p.created_at", "u.original_name", "i.width", "i.height", "i.widths", "i.formats", shownActor("p", "taken_by").as("taken_by_shown")])
    .where("p.job_id", "=", jobId)
    // "before" < "after" would sort them the wrong way round.
    .orderBy((eb) => eb.case().when("p.kind", "=", "before").then(0).else(1).end())
    .orderBy("p.id")
    .execute();
  return rows.map((row) => ({ ...photoView(row), id: row.id, kind: row.kind, takenBy: row.taken_by_shown, takenAt: row.created_at }));
}

/** The customer's appointment page's photos: none until the job is done, then its before and after photos (only what the page needs). */
export async function customerJobPhotos(db: DB, job: Pick<Job, "id" | "status">): Promise<{ before: CustomerPhoto[]; after: CustomerPhoto[] }> {
  if (job.status !== "done") return { before: [], after: [] };
  const photos = (await jobPhotos(db, job.id)).map(({ kind, url, thumb }) => ({ kind, url, thumb }));
  return { before: photos.filter((p) => p.kind === "before"), after: photos.filter((p) => p.kind === "after") };
}

export type CustomerPhoto = Pick<JobPhoto, "kind" | "url" | "thumb">;
