import { randomUUID } from "node:crypto";
import { areasOf, type ConditionKind } from "~/lib/condition-report";
import { dayAndTime } from "~/lib/job-time";
import { shownTime } from "~/lib/time-ago";
import { shownActor } from "../actor.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { photoView, type PhotoView } from "../images.server";
import type { Job } from "./job-records.server";

/**
 * What the pages show of a job's condition reports (docs/decisions/0136): the
 * job's page, the newest in full and the earlier ones listed with their
 * hashes; the customer's appointment page, the newest. Two queries: the
 * reports (never their PDFs' bytes), then all their photos at once.
 */

interface ReportRow {
  id: number;
  vehicle_kind: ConditionKind;
  areas: Record<string, string>;
  photos: string[];
  signature_upload: string | null;
  signed_name: string;
  pdf_sha256: string;
  created_at: Date;
  created_by: string;
}

async function reportsOf(db: DB, jobId: number, { latestOnly = false } = {}): Promise<{ rows: ReportRow[]; photos: Map<string, PhotoView> }> {
  let query = db
    .selectFrom("condition_reports as r")
    .select(["r.id", "r.vehicle_kind", "r.areas", "r.photos", "r.signature_upload", "r.signed_name", "r.pdf_sha256", "r.created_at", shownActor("r", "created_by").as("created_by")])
    .where("r.job_id", "=", jobId)
    .orderBy("r.id", "desc");
  if (latestOnly) query = query.limit(1);
  const rows = await query.execute();
  const names = [...new Set(rows.flatMap((r) => r.photos))];
  const photos = new Map<string, PhotoView>();
  if (names.length) {
    const found = await db
      .selectFrom("uploads as u")
      .leftJoin("images as i", "i.name", "u.name")
      .select(["u.name as upload_name", "u.original_name", "i.width", "i.height", "i.widths", "i.formats"])
      .where("u.name", "in", names)
      .execute();
    for (const row of found) photos.set(row.upload_name, photoView(row));
  }
  return { rows, photos };
}

/** Each area's note in the areas' order (jsonb keeps its keys in an order of its own). */
const areasShown = (row: ReportRow) => areasOf(row.vehicle_kind).map((area) => ({ area, note: row.areas[area] ?? "" }));
const photosShown = (row: ReportRow, photos: Map<string, PhotoView>) => row.photos.flatMap((name) => photos.get(name) ?? []);

/**
 * The job page's part: a fresh key for the next report (each page load
 * another, so a saved key is never offered again), the newest report in full
 * and the earlier ones. The form's areas are the job's vehicle's
 * (lib/condition-report.ts, conditionKind).
 */
export async function conditionReportsPage(db: DB, jobId: number, now: Date) {
  const tz = env().BUSINESS_TIME_ZONE;
  const { rows, photos } = await reportsOf(db, jobId);
  const view = (row: ReportRow) => ({
    id: row.id,
    at: shownTime(row.created_at, now, tz),
    by: row.created_by,
    signedName: row.signed_name,
    drawn: row.signature_upload !== null,
    sha256: row.pdf_sha256,
    pdfHref: `/admin/jobs/${jobId}/condition-reports/${row.id}/pdf`,
  });
  const [latest, ...earlier] = rows;
  return {
    key: randomUUID(),
    latest: latest ? { ...view(latest), areas: areasShown(latest), photos: photosShown(latest, photos) } : null,
    earlier: earlier.map(view),
  };
}

export type ConditionReportsPage = Awaited<ReturnType<typeof conditionReportsPage>>;

/** The customer's page: their newest report (its notes, photos, who signed and when) and its PDF's address; null for none. */
export async function customerConditionReport(db: DB, job: Pick<Job, "id" | "token">) {
  const { rows, photos } = await reportsOf(db, job.id, { latestOnly: true });
  const row = rows[0];
  if (!row) return null;
  return {
    signedName: row.signed_name,
    signedAt: dayAndTime(row.created_at, env().BUSINESS_TIME_ZONE),
    areas: areasShown(row),
    photos: photosShown(row, photos),
    pdfHref: `/appointments/${job.token}/condition-report.pdf`,
  };
}

export type CustomerConditionReport = NonNullable<Awaited<ReturnType<typeof customerConditionReport>>>;
