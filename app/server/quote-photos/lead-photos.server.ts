import { variantUrl } from "~/lib/images";
import { can, type Actor } from "../auth/permissions.server";
import type { DB } from "../db.server";
import { recordImage } from "../images.server";
import { removeStored } from "../uploads/records.server";
import type { StoredUpload } from "../uploads/upload.server";
import { logFor } from "../log.server";

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

/** Removes the files of photos whose request was not stored after all (refused, or the database said no). */
export async function discardPhotos(photos: StoredUpload[]): Promise<void> {
  for (const photo of photos) {
    await removeStored(photo).catch((error: Error) => {
      // What is left, the orphan clean-up removes a day later.
      logFor("quote").warn(`could not remove the photo ${photo.name} of a request not stored: ${error.message}`);
    });
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
  return (await photosOfLeads(db, [leadId])).get(leadId) ?? [];
}

/** The photos of several leads (a day's jobs on Today), in one query: each lead's in their order. */
export async function photosOfLeads(db: DB, leadIds: number[]): Promise<Map<number, LeadPhoto[]>> {
  const byLead = new Map<number, LeadPhoto[]>();
  if (!leadIds.length) return byLead;
  const rows = await db
    .selectFrom("lead_photos as p")
    .innerJoin("uploads as u", "u.name", "p.upload_name")
    .leftJoin("images as i", "i.name", "p.upload_name")
    .select(["p.lead_id", "p.upload_name", "u.original_name", "i.width", "i.height", "i.widths", "i.formats"])
    .where("p.lead_id", "in", leadIds)
    .orderBy("p.lead_id")
    .orderBy("p.position")
    .execute();
  for (const row of rows) byLead.set(row.lead_id, [...(byLead.get(row.lead_id) ?? []), toLeadPhoto(row)]);
  return byLead;
}

function toLeadPhoto(row: { upload_name: string; original_name: string; width: number | null; height: number | null; widths: number[] | null; formats: string[] | null }): LeadPhoto {
  const url = `/uploads/${row.upload_name}`;
  // The narrowest copy (320 px, or the photo's own width when narrower): enough for a thumbnail on any screen.
  const width = row.widths?.[0];
  const format = row.formats?.[0];
  return { url, thumb: width && format ? variantUrl(url, width, format) : url, name: row.original_name, width: row.width, height: row.height };
}

/**
 * Who may see a staff-only upload (a request's photo): whoever reads the
 * leads (the owner), and a technician whose job answers that request (its
 * photos on Today and the job's page, issue 36). `name` is the upload's own
 * name (uploadRecord's), for its copies too.
 */
export async function maySeeStaffUpload(db: DB, user: Actor | null, name: string): Promise<boolean> {
  if (!user) return false;
  if (can(user, "leads.read")) return true;
  if (!can(user, "jobs.read")) return false;
  const row = await db
    .selectFrom("lead_photos as p")
    .innerJoin("jobs as j", "j.lead_id", "p.lead_id")
    .select("p.lead_id")
    .where("p.upload_name", "=", name)
    .where("j.assigned_to", "=", user.id)
    .executeTakeFirst();
  return row !== undefined;
}
