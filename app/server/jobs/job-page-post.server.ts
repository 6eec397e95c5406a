import { AppError } from "../app-error.server";
import type { DB } from "../db.server";
import { mayTakeJobPhotos, PHOTOS_INTENT } from "../field-work/job-photos.server";
import { formText } from "../form-action.server";
import { postedForm } from "../form-body.server";
import { isMultipart, readPhotoPost, type PhotoPost } from "../uploads/photo-post.server";
import { conditionPhotoRules } from "./condition-report.server";
import type { Job } from "./job-records.server";

/**
 * A post to a job's page, read once for every intent. Its forms with photos
 * (the condition report's, docs/decisions/0136; Before Photos and After
 * Photos, 0139) are multipart and read by the one reader of posts with
 * photos, under the condition report's limits (the same file field, 12
 * photos, the drawn signature's text: the edge admits that much,
 * server/app.ts); at the first photo the post's intent says whose rule
 * decides whether its photos are worth the image work. Any other post is
 * read as every page's form is. Who may post is asked before (requireJobWork).
 */
export async function readJobPagePost(request: Request, db: DB, job: Job): Promise<Extract<PhotoPost, { ok: true }>> {
  if (!isMultipart(request)) return { ok: true, form: await postedForm(request), photos: [] };
  const condition = conditionPhotoRules(db, job);
  const post = await readPhotoPost(request, {
    ...condition,
    mayTakePhotos: (form, refuse) => (formText(form, "intent") === PHOTOS_INTENT ? mayTakeJobPhotos(db, job, form) : condition.mayTakePhotos(form, refuse)),
  });
  // Its refusal (413, 415, 400, 503) is the edge's to answer.
  if (!post.ok) throw new AppError(post.status, post.error);
  return post;
}
