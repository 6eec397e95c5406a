import { randomUUID } from "node:crypto";
import { conditionKind } from "~/lib/condition-report";
import { showsFieldWork } from "~/lib/field-work";
import { shownTime } from "~/lib/time-ago";
import { can, canWorkJob } from "../auth/permissions.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import type { Job } from "../jobs/job-records.server";
import type { SessionUser } from "../session.server";
import { jobChecklist, packagesWithChecklists } from "./checklist.server";
import { publishedPairs } from "./gallery-pairs.server";
import { jobPhotos } from "./job-photos.server";

/**
 * The job page's Checklist, Before Photos and After Photos
 * (docs/decisions/0138, 0139), and for the owner Publish to Gallery; each
 * form with an idempotency key of its own, rendered here so that it works
 * without JavaScript (a new page after each post brings new keys).
 */
export async function fieldWorkView(db: DB, job: Job, user: SessionUser, now: Date) {
  const tz = env().BUSINESS_TIME_ZONE;
  const owner = can(user, "jobs.write");
  const [steps, photos, pairs] = await Promise.all([jobChecklist(db, job.id, now, tz), jobPhotos(db, job.id), owner ? publishedPairs(db, job.id, now, tz) : []]);
  // The forms are offered between Start Job and Finish Job to whoever may do this job's work; otherwise what was done is shown.
  const open = showsFieldWork(job) && canWorkJob(user, job.assignedTo);
  // Use This Checklist is offered to a job without steps while it is worked on.
  const offered = open && !steps.length ? await packagesWithChecklists(db) : [];
  return {
    open,
    checklist: { steps, packages: offered, key: randomUUID() },
    photos: photos.map((p) => ({ ...p, takenAt: shownTime(p.takenAt, now, tz) })),
    keys: { before: randomUUID(), after: randomUUID() },
    /** The owner's Publish to Gallery: the pairs published from this job, and Car or Boat as the job's vehicle says. */
    gallery: owner ? { pairs, kind: conditionKind(job.vehicleKind) } : null,
  };
}

export type FieldWorkView = Awaited<ReturnType<typeof fieldWorkView>>;
