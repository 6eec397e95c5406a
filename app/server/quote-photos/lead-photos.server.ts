import { variantUrl } from "~/lib/images";
import type { DB } from "../db.server";
import { recordImage } from "../images.server";
import type { StoredUpload } from "../uploads/upload.server";

/**
 * A lead's photos (docs/decisions/0085): uploads marked staff_only (served to
 * administrators alone, ../../routes/uploads.$name.ts), linked to the lead in
 * the order they were sent.
 */

/**
 * Records the photos stored for a new lead, in the transaction that stores the
 * lead: the uploads' rows (referred to from the start, so the orphan clean-up
 * never counts them), their images and the links. A clean-up that adopted a
 * file between its storing and now has made it a public upload of no name:
 * this makes it the lead's again.
 */
export async function attachLeadPhotos(trx: DB, leadId: number, photos: StoredUpload[], now = new Date()): Promise<void> {
  for (const [index, photo] of photos.entries()) {
    const row = { original_name: photo.originalName, size: photo.size, metadata_checked_at: now, staff_only: true, unreferenced_since: null };
    await trx
      .insertInto("uploads")
      .values({ name: photo.name, ...row, created_at: now })
      .onConflict((oc) => oc.column("name").doUpdateSet(row))
      .execute();
    if (photo.image) await recordImage(trx, photo.name, photo.image);
    await trx.insertInto("lead_photos").values({ lead_id: leadId, position: index + 1, upload_name: photo.name }).execute();
  }
}

export interface LeadPhoto {
  /** The photo as sent (metadata taken out). */
  url: string;
  /** A small copy for the lead page (the original when none was made). */
  thumb: string;
  name: string;
  width: number | null;
  height: number | null;
}

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
  return rows.map((row) => {
    const url = `/uploads/${row.upload_name}`;
    // The narrowest copy (320 px, or the photo's own width when narrower): enough for a thumbnail on any screen.
    const width = row.widths?.[0];
    const format = row.formats?.[0];
    return { url, thumb: width && format ? variantUrl(url, width, format) : url, name: row.original_name, width: row.width, height: row.height };
  });
}
