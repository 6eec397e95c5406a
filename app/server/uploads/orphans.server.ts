import { sql, type RawBuilder } from "kysely";
import type { DB } from "../db.server";
import { ADMIN_TABLES } from "../tables/admin-tables.server";
import { uploadStorage } from "./storage.server";
import { COPY_NAME, STORED_NAME, type UploadStorage } from "./storage-contract.server";

/**
 * The clean-up of uploads no row refers to (docs/decisions/0046). An upload
 * is referred to when a value of a registered table (an upload field, or rich
 * text and Markdown that link it) or a row in the trash (it can be restored)
 * holds its URL, or the URL of one of its resized copies, or a lead (live or
 * in the trash) has it among its photos, or a job's condition report (live or
 * in the trash) among its photos or as its signature, or a job (live or in
 * the trash) among its before and after photos. Each run:
 *   1. gives a row to stored files that have none (uploaded before names were
 *      kept), unreferenced from now;
 *   2. clears `unreferenced_since` of the referred-to uploads, and sets it to
 *      `now` for the others that had none;
 *   3. claims the uploads unreferenced for `keepHours` (DELETE … FOR UPDATE
 *      SKIP LOCKED, checking the references again in the same statement), with
 *      their images rows, and only then deletes their files and copies.
 * Any number of processes may run it at once: a file is deleted by the one
 * process whose DELETE took its row. `now` is a parameter so that a test can
 * stand 24 hours later.
 */

export const ORPHAN_KEEP_HOURS = 24;
const CLAIM_BATCH = 500;
/** An upload's (or a copy's) URL in any text; the capture is the 32-character base the copies share. */
const UPLOAD_URL = "/uploads/([A-Za-z0-9_-]{32})";
/** The formats whose values can hold an upload's URL. */
const REFERRING_FORMATS = new Set(["media_url", "file_url", "rich_text", "markdown"]);

/** For each table: the stored columns that can refer to uploads. */
function referringColumns(): { table: string; columns: string[] }[] {
  return ADMIN_TABLES.map((t) => ({
    table: t.name,
    columns: Object.entries(t.columns)
      .filter(([, c]) => !c.read && c.format && REFERRING_FORMATS.has(c.format))
      .map(([name]) => name),
  })).filter((t) => t.columns.length > 0);
}

/** The bases (first 32 characters of the stored name) of every upload something refers to, as one SELECT. */
function referencedBases(): RawBuilder<{ base: string }> {
  const tables = referringColumns();
  const selects = tables.map(
    ({ table, columns }) =>
      sql`SELECT (regexp_matches(concat_ws(' ', ${sql.join(columns.map((c) => sql.ref(c)))}), ${UPLOAD_URL}, 'g'))[1] AS base FROM ${sql.table(table)}`,
  );
  // A deleted row can be restored for 30 days: what it held stays referred to.
  selects.push(sql`SELECT (regexp_matches(row_data::text, ${UPLOAD_URL}, 'g'))[1] AS base FROM trash
    WHERE table_name IN (${sql.join(tables.map((t) => t.table))})`);
  // A lead's photos (docs/decisions/0085), and those of a lead in the trash.
  selects.push(sql`SELECT left(upload_name, 32) AS base FROM lead_photos`);
  selects.push(sql`SELECT left(photo->>'upload_name', 32) AS base FROM trash, jsonb_array_elements(dependents->'lead_photos') photo
    WHERE table_name = 'quote_requests'`);
  // A job's condition reports (docs/decisions/0136): their photos and signature, and those of reports in the trash.
  selects.push(sql`SELECT left(photo, 32) AS base FROM condition_reports, jsonb_array_elements_text(photos) photo`);
  selects.push(sql`SELECT left(signature_upload, 32) AS base FROM condition_reports WHERE signature_upload IS NOT NULL`);
  selects.push(sql`SELECT left(photo, 32) AS base FROM trash, jsonb_array_elements(dependents->'condition_reports') report,
      jsonb_array_elements_text(report->'photos') photo WHERE table_name = 'quote_requests'`);
  // (Never a NULL base: NOT IN a list holding NULL would keep every upload.)
  selects.push(sql`SELECT left(report->>'signature_upload', 32) AS base FROM trash, jsonb_array_elements(dependents->'condition_reports') report
    WHERE table_name = 'quote_requests' AND report->>'signature_upload' IS NOT NULL`);
  // A job's before and after photos (docs/decisions/0139), and those of a job whose lead is in the trash.
  selects.push(sql`SELECT left(upload_name, 32) AS base FROM job_photos`);
  selects.push(sql`SELECT left(photo->>'upload_name', 32) AS base FROM trash, jsonb_array_elements(dependents->'job_photos') photo
    WHERE table_name = 'quote_requests'`);
  return sql<{ base: string }>`${sql.join(selects, sql` UNION `)}`;
}

export interface SweepResult {
  /** Stored files that had no row and got one. */
  adopted: number;
  /** Uploads whose files this run deleted (their copies went with them). */
  removed: string[];
}

export async function sweepOrphanUploads(
  db: DB,
  { now = new Date(), keepHours = ORPHAN_KEEP_HOURS, storage = uploadStorage() }: { now?: Date; keepHours?: number; storage?: UploadStorage } = {},
): Promise<SweepResult> {
  // What is stored, by base: the upload and its copies.
  const files = new Map<string, string[]>();
  for await (const name of storage.list()) {
    if (!STORED_NAME.test(name) && !COPY_NAME.test(name)) continue;
    const base = name.slice(0, 32);
    files.set(base, [...(files.get(base) ?? []), name]);
  }
  const originals = [...files.values()].flat().filter((n) => STORED_NAME.test(n));

  let adopted = 0;
  for (let i = 0; i < originals.length; i += CLAIM_BATCH) {
    const batch = originals.slice(i, i + CLAIM_BATCH);
    // The stored name stands for the original one, which was never kept.
    const rows = await db
      .insertInto("uploads")
      .values(batch.map((name) => ({ name, original_name: name, created_at: now, unreferenced_since: now })))
      .onConflict((oc) => oc.column("name").doNothing())
      .returning("name")
      .execute();
    adopted += rows.length;
  }

  const refs = referencedBases();
  await sql`UPDATE uploads SET unreferenced_since = NULL
    WHERE unreferenced_since IS NOT NULL AND left(name, 32) IN (${refs})`.execute(db);
  await sql`UPDATE uploads SET unreferenced_since = ${now}
    WHERE unreferenced_since IS NULL AND left(name, 32) NOT IN (${refs})`.execute(db);

  const cutoff = new Date(now.getTime() - keepHours * 3600_000);
  const removed: string[] = [];
  for (;;) {
    const claimed = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ name: string }>`DELETE FROM uploads WHERE name IN (
          SELECT name FROM uploads
          WHERE unreferenced_since <= ${cutoff} AND left(name, 32) NOT IN (${referencedBases()})
          ORDER BY unreferenced_since LIMIT ${CLAIM_BATCH} FOR UPDATE SKIP LOCKED
        ) RETURNING name`.execute(trx);
      const names = rows.map((r) => r.name);
      if (names.length) await trx.deleteFrom("images").where("name", "in", names).execute();
      return names;
    });
    // The rows are gone: no page shows these files any more, and no other process will touch them.
    for (const name of claimed) {
      const stored = files.get(name.slice(0, 32)) ?? [name];
      // The copies first: if this stops midway the original is still there and is adopted again.
      for (const file of [...stored.filter((f) => f !== name), name]) await storage.delete(file);
      removed.push(name);
    }
    if (claimed.length < CLAIM_BATCH) return { adopted, removed };
  }
}
