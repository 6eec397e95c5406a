import type { z } from "zod";
import type { publishPhotosSchema } from "~/lib/field-work";
import { shownTime, type ShownTime } from "~/lib/time-ago";
import { actorPair, asActor, shownActor } from "../actor.server";
import { AppError, badRequest } from "../app-error.server";
import { requirePermission } from "../auth/permissions.server";
import type { DB } from "../db.server";
import type { Job } from "../jobs/job-records.server";
import type { SessionUser } from "../session.server";
import { GALLERY } from "../tables/content-tables.server";
import { createRow } from "../tables/rows.server";

/**
 * Publish to Gallery (the owner's, docs/decisions/0139): a before and an
 * after photo of a job become a gallery pair in one step, with the
 * customer's consent recorded (who recorded it, when). The pair is made as
 * the dashboard's Gallery table makes one (createRow: its rules, its
 * history), from the same uploads and their resized copies; the link to the
 * job (job_gallery_pairs) says which photos it came from, so a pair is not
 * published twice and erasing the customer takes it off the site.
 */

export interface PublishedPair {
  galleryId: number | null;
  beforeId: number;
  afterId: number;
  consentBy: string;
  consentedAt: ShownTime;
}

export async function publishedPairs(db: DB, jobId: number, now: Date, timeZone: string): Promise<PublishedPair[]> {
  const rows = await db
    .selectFrom("job_gallery_pairs as g")
    .select(["g.gallery_id", "g.before_photo_id", "g.after_photo_id", "g.consented_at", shownActor("g", "consent_by").as("consent_by_shown")])
    .where("g.job_id", "=", jobId)
    .orderBy("g.id")
    .execute();
  return rows.map((row) => ({
    galleryId: row.gallery_id,
    beforeId: row.before_photo_id,
    afterId: row.after_photo_id,
    consentBy: row.consent_by_shown,
    consentedAt: shownTime(row.consented_at, now, timeZone),
  }));
}

export const ALREADY_PUBLISHED = "These two photos are in the gallery already.";

/** Creates the gallery pair of the chosen photos, published, with the consent; returns the gallery row's id. */
export async function publishJobPhotos(db: DB, job: Job, actor: SessionUser, input: z.output<typeof publishPhotosSchema>): Promise<number> {
  requirePermission(actor, "jobs.write");
  const photos = await db.selectFrom("job_photos").select(["id", "kind", "upload_name"]).where("job_id", "=", job.id).where("id", "in", [input.before, input.after]).execute();
  const before = photos.find((p) => p.id === input.before && p.kind === "before");
  const after = photos.find((p) => p.id === input.after && p.kind === "after");
  if (!before) throw badRequest("Choose one of this job's before photos.", { before: "Choose one of this job's before photos." });
  if (!after) throw badRequest("Choose one of this job's after photos.", { after: "Choose one of this job's after photos." });
  return asActor(db, actor, async (trx) => {
    // Two presses at once: the second waits here, then finds the pair published.
    await trx.selectFrom("job_photos").select("id").where("id", "=", before.id).forUpdate().execute();
    const taken = await trx
      .selectFrom("job_gallery_pairs")
      .select("id")
      .where("before_photo_id", "=", before.id)
      .where("after_photo_id", "=", after.id)
      .where("gallery_id", "is not", null)
      .executeTakeFirst();
    if (taken) throw new AppError(409, ALREADY_PUBLISHED);
    const row = await createRow(
      trx,
      GALLERY,
      {
        before_image: `/uploads/${before.upload_name}`,
        after_image: `/uploads/${after.upload_name}`,
        caption: input.caption,
        kind: input.kind,
        customer_consent: true,
        published: true,
      },
      actor,
    );
    const galleryId = Number(row.id);
    await trx
      .insertInto("job_gallery_pairs")
      .values({ job_id: job.id, gallery_id: galleryId, before_photo_id: before.id, after_photo_id: after.id, ...actorPair("consent_by", actor) })
      .onConflict((oc) => oc.columns(["before_photo_id", "after_photo_id"]).doUpdateSet({ gallery_id: galleryId, ...actorPair("consent_by", actor), consented_at: new Date() }))
      .execute();
    return galleryId;
  });
}
