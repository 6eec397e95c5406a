import { can, type Actor } from "../auth/permissions.server";
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
  for (const row of rows) byLead.set(row.lead_id, [...(byLead.get(row.lead_id) ?? []), photoView(row)]);
  return byLead;
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
