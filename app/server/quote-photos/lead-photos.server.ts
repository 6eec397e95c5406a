import type { DB } from "../db.server";
import { photoView, type PhotoView } from "../images.server";
import { adoptUploads } from "../uploads/records.server";
import type { StoredUpload } from "../uploads/upload.server";

/**
 * A lead's photos (docs/decisions/0085): uploads marked staff_only (served to
 * administrators alone, ../../routes/uploads.$name.ts), linked to the lead in
 * the order they were sent.
 */

/**
 * Records the photos stored for a new lead, in the transaction that stores the
 * lead: the uploads' rows, staff only and referred to from the start
 * (adoptUploads), and the links in the order they were sent.
 */
export async function attachLeadPhotos(trx: DB, leadId: number, photos: StoredUpload[], now = new Date()): Promise<void> {
  await adoptUploads(trx, photos, { staffOnly: true }, now);
  for (const [index, photo] of photos.entries()) {
    await trx.insertInto("lead_photos").values({ lead_id: leadId, position: index + 1, upload_name: photo.name }).execute();
  }
}

/** A lead's photo as its page shows it (../images.server.ts, PhotoView). */
export type LeadPhoto = PhotoView;

/** A lead's photos in their order, for its page. */
export async function leadPhotos(db: DB, leadId: number): Promise<LeadPhoto[]> {
  const rows = await db
    .selectFrom("lead_photos as p")
    .innerJoin("uploads as u", "u.name", "p.upload_name")
    .leftJoin("images as i", "i.name", "p.upload_name")
    .select(["p.upload_name", "u.original_name", "i.width", "i.height", "i.widths", "i.formats"])
    .where("p.lead_id", "=", leadId)
    .orderBy("p.position")
    .execute();
  return rows.map(photoView);
}
