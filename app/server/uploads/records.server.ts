import type { DB } from "../db.server";
import { recordImage } from "../images.server";
import { contentDisposition } from "./file-name.server";
import { uploadStorage } from "./storage.server";
import { COPY_NAME } from "./storage-contract.server";
import type { StoredUpload } from "./upload.server";

/**
 * The `uploads` rows (docs/decisions/0046): each stored upload's original
 * name, and since when no row refers to it (./orphans.server.ts).
 */

/**
 * Records a stored upload, and for an image its size and copies, in one
 * transaction: a page never sees an image without its upload's row, nor the
 * reverse. Unreferenced from now until a row that holds it is saved. A
 * clean-up that listed the file between its storing and this insert has
 * adopted it under its stored name: the real name replaces that. If the
 * database refuses, the stored files are removed again (what a crash leaves
 * behind, the clean-up removes after ORPHAN_KEEP_HOURS).
 */
export async function recordUpload(db: DB, upload: StoredUpload, now = new Date()): Promise<void> {
  const row = { original_name: upload.originalName, size: upload.size, metadata_checked_at: now };
  try {
    await db.transaction().execute(async (trx) => {
      if (upload.image) await recordImage(trx, upload.name, upload.image);
      await trx
        .insertInto("uploads")
        .values({ name: upload.name, ...row, created_at: now, unreferenced_since: now })
        .onConflict((oc) => oc.column("name").doUpdateSet(row))
        .execute();
    });
  } catch (error) {
    await removeStored(upload).catch(() => {});
    throw error;
  }
}

/**
 * Records uploads that a row stored in the same transaction refers to from
 * the start (a lead's photos, a condition report's), so the orphan clean-up
 * never counts them: their rows, referred to (unreferenced_since NULL), and
 * their images. A clean-up that adopted a file between its storing and now
 * has made it a public upload of no name: this makes it the row's again.
 * `staffOnly`: served to the owner alone (docs/decisions/0085).
 */
export async function adoptUploads(trx: DB, uploads: StoredUpload[], { staffOnly }: { staffOnly: boolean }, now = new Date()): Promise<void> {
  for (const upload of uploads) {
    const row = { original_name: upload.originalName, size: upload.size, metadata_checked_at: now, staff_only: staffOnly, unreferenced_since: null };
    await trx
      .insertInto("uploads")
      .values({ name: upload.name, ...row, created_at: now })
      .onConflict((oc) => oc.column("name").doUpdateSet(row))
      .execute();
    if (upload.image) await recordImage(trx, upload.name, upload.image);
  }
}

/** Deletes a stored upload's files, its copies first (as the clean-up does). */
export async function removeStored(upload: StoredUpload, storage = uploadStorage()): Promise<void> {
  for (const copy of upload.image?.copies ?? []) await storage.delete(`${upload.name.slice(0, 32)}${copy.suffix}`);
  await storage.delete(upload.name);
}

/**
 * The download name of a stored file: the upload's original name, or for a
 * resized copy that name's stem with the copy's suffix ("Boat-640w.webp").
 * Undefined when nothing is recorded (a file stored before names were kept).
 */
export async function downloadName(db: DB, stored: string): Promise<string | undefined> {
  return (await uploadRecord(db, stored))?.downloadName;
}

/**
 * What serving a stored file needs from its upload's row: its download name
 * (as downloadName), and whether only administrators may see it (a lead's
 * photo, docs/decisions/0085; its copies too). Undefined without a row.
 */
export async function uploadRecord(db: DB, stored: string): Promise<{ name: string; downloadName: string; staffOnly: boolean } | undefined> {
  const copy = COPY_NAME.test(stored);
  const query = db.selectFrom("uploads").select(["name", "original_name", "staff_only"]);
  const row = await (copy ? query.where("name", "like", `${stored.slice(0, 32).replace(/[\\%_]/g, "\\$&")}.%`) : query.where("name", "=", stored)).executeTakeFirst();
  if (!row) return undefined;
  if (!copy) return { name: row.name, downloadName: row.original_name, staffOnly: row.staff_only };
  const dot = row.original_name.lastIndexOf(".");
  const stem = dot > 0 ? row.original_name.slice(0, dot) : row.original_name;
  return { name: row.name, downloadName: `${stem}${stored.slice(32)}`, staffOnly: row.staff_only };
}

/** The Content-Disposition of a stored file: shown in the page or downloaded, under its original name when known. */
export function dispositionFor(inline: boolean, stored: string, original: string | undefined): string {
  return contentDisposition(inline ? "inline" : "attachment", original ?? stored);
}
