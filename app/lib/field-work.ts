import { z } from "zod";
import { CONDITION_PHOTO_FIELD, CONDITION_PHOTOS_MAX } from "./condition-report";
import { CLIENT_KEY } from "./finish-job-input";
import { formConstraint, trimmed } from "./form-schema";
import type { JobStatus } from "./job-status";
import { CHECKLIST_STEP_MAX, CHECKLIST_STEPS_MAX } from "./price-book";

/**
 * The work done at a job (issue 36, ui-contract.md, The day in the field):
 * when the job page offers it, and the package's checklist and the before
 * and after photos, their forms' schemas (docs/decisions/0118, 0138, 0139).
 * Browser-safe.
 */

/**
 * Whether a job's page offers the work done at the job (issue 36: the
 * condition report, the checklist, the photos), and whether the server
 * takes it: between Start Job and Finish Job (docs/decisions/0140), the one
 * place that says so, for the page and the server alike.
 */
export function showsFieldWork(job: { status: JobStatus }): boolean {
  return job.status === "in_progress";
}

/** The refusal of field work on a job that is not being worked on. */
export const NOT_FIELD_WORK_TIME = "This job is not being worked on: press Start Job first; its field work is saved between Start Job and Finish Job.";

/**
 * The photos one post of the job page may carry, and their file field: the
 * condition report's, as one reader reads the page's posts with photos
 * (app/server/jobs/job-page-post.server.ts) and the edge admits that many at
 * the upload limit (server/app.ts).
 */
export const JOB_PHOTOS_PER_POST = CONDITION_PHOTOS_MAX;
export const PHOTOS_FIELD = CONDITION_PHOTO_FIELD;
export const PHOTO_KINDS = ["before", "after"] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];
export const PHOTO_KIND_TITLES: Record<PhotoKind, string> = { before: "Before Photos", after: "After Photos" };

/** The longest side and about the most bytes a photo is brought down to in the browser before it is sent (docs/decisions/0139). */
export const BROWSER_PHOTO_MAX_SIDE = 2000;
export const BROWSER_PHOTO_MAX_BYTES = 1024 * 1024;

/** A field form's idempotency key (docs/decisions/0138), shaped as Finish Job's: the server stores each post once. */
export const KEY_MESSAGE = "This form has no valid key: reload the page and try again.";
export const clientKey = z.string({ error: KEY_MESSAGE }).regex(CLIENT_KEY, KEY_MESSAGE);

/**
 * Checklist: `step` names each step the post sets (the steps' words, as
 * shown), `done` those of them ticked; a step named and not ticked is
 * unticked. Save Checklist posts every step at once.
 */
export const checklistPostSchema = z.object({
  key: clientKey,
  step: z.array(z.string().max(CHECKLIST_STEP_MAX * 2)).max(CHECKLIST_STEPS_MAX, "Too many steps in one post.").default([]),
  done: z.array(z.string().max(CHECKLIST_STEP_MAX * 2)).max(CHECKLIST_STEPS_MAX, "Too many steps in one post.").default([]),
});

/** Use This Checklist: a job without steps takes a package's. */
export const checklistPackageSchema = z.object({
  key: clientKey,
  package: z.string({ error: "Choose a package." }).regex(/^\d{1,9}$/, "Choose a package.").transform(Number),
});

/** Before Photos / After Photos: the post's key and kind; the files are read as they arrive. */
export const photosPostSchema = z.object({
  key: clientKey,
  kind: z.enum(PHOTO_KINDS, { error: "kind must be before or after" }),
});

export const CONSENT_MESSAGE = "Tick “Customer agrees to share these photos” to publish them: the gallery shows only photos the customer agreed to share.";
export const CAPTION_MIN = 3;
export const CAPTION_MAX = 200;
const photoId = (what: string) => z.string({ error: `Choose the ${what} photo.` }).regex(/^\d{1,9}$/, `Choose the ${what} photo.`).transform(Number);

/** Publish to Gallery: which before and after photo, the caption, car or boat, and the customer's consent. */
export const publishPhotosSchema = z.object({
  before: photoId("before"),
  after: photoId("after"),
  caption: trimmed(
    z
      .string({ error: "Caption is required." })
      .min(CAPTION_MIN, `Caption must be at least ${CAPTION_MIN} characters.`)
      .max(CAPTION_MAX, `Caption can be at most ${CAPTION_MAX} characters.`),
    (text) => text.replace(/\s+/g, " "),
  ),
  kind: z.enum(["car", "boat"], { error: "Choose Car or Boat." }),
  consent: z.literal("yes", { error: CONSENT_MESSAGE }),
});

export const FIELD_WORK_CONSTRAINT = { publish: formConstraint(publishPhotosSchema) };
