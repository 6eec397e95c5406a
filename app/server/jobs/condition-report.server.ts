import { createHash } from "node:crypto";
import { areasOf, CONDITION_MESSAGES, CONDITION_PHOTO_FIELD, CONDITION_PHOTOS_MAX, conditionKind, conditionReportSchema, SIGNATURE_MAX_CHARS } from "~/lib/condition-report";
import { NOT_FIELD_WORK_TIME, showsFieldWork } from "~/lib/field-work";
import { CORRECT_FIELDS } from "~/lib/form-schema";
import { dayAndTime } from "~/lib/job-time";
import { actorPair, asActor } from "../actor.server";
import { AppError, badRequest } from "../app-error.server";
import { requireJobWork } from "../auth/permissions.server";
import { kickOutbox } from "../background.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { checkForm, formText } from "../form-action.server";
import { enqueueEmail } from "../outbox.server";
import type { SessionUser } from "../session.server";
import { getBusinessSettings } from "../settings.server";
import { discardPhotos, type PhotoPost, type PhotoRules } from "../uploads/photo-post.server";
import { adoptUploads } from "../uploads/records.server";
import { sniffType } from "../uploads/sniff.server";
import { storeUploadBytes, type StoredUpload } from "../uploads/upload.server";
import { conditionReportEmail, conditionReportFileName } from "./condition-report-mail.server";
import { renderConditionReportPdf } from "./condition-report-pdf.server";
import { appointmentWhen } from "./job-mail.server";
import { getJob, type Job } from "./job-records.server";

/**
 * Save Condition Report (issue 36, docs/decisions/0136): on a job being
 * worked on, by the owner or the technician it is assigned to, a note per
 * area, the photos, and the customer's signature (drawn, and a typed name
 * always) with their agreement. The PDF is made once, e-mailed to the
 * customer through the outbox and kept with its SHA-256 in the one row that
 * holds the report. A post carries the form's key: a second post of the
 * same key, even at the same moment, stores nothing and sends nothing, and
 * is answered as the first was (the row's INSERT … ON CONFLICT decides).
 */

/** The job page's intent, and what its answer says. */
export const CONDITION_INTENT = "condition_report";
export const CONDITION_SAVED = "Condition report saved: the customer was e-mailed it as a PDF.";

const KEY_SHAPE = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * The photo field's rules for the job page's multipart posts
 * (../uploads/photo-post.server.ts): its photos are worth the image work
 * only for a condition report on a job being worked on, whose key has not
 * been saved already (a replay stores nothing again). Who may post was
 * checked before the body was read (requireJobWork).
 */
export function conditionPhotoRules(db: DB, job: Pick<Job, "status">): PhotoRules {
  return {
    field: CONDITION_PHOTO_FIELD,
    max: CONDITION_PHOTOS_MAX,
    tooMany: CONDITION_MESSAGES.tooManyPhotos,
    // The drawn signature travels as a data URL in a text field.
    textPartMax: SIGNATURE_MAX_CHARS + 1024,
    maxParts: CONDITION_PHOTOS_MAX + 40,
    maxTotalBytes: conditionPostMaxBytes(),
    mayTakePhotos: async (form) => {
      const key = formText(form, "key").trim();
      if (formText(form, "intent") !== CONDITION_INTENT || !showsFieldWork(job) || !KEY_SHAPE.test(key)) return false;
      return !(await savedReportOf(db, key));
    },
  };
}

/** The most bytes the job page's post may have: its photos at the upload limit, the signature and the form (server/app.ts). */
export function conditionPostMaxBytes(): number {
  return CONDITION_PHOTOS_MAX * env().UPLOAD_MAX_BYTES + SIGNATURE_MAX_CHARS + 256 * 1024;
}

async function savedReportOf(db: DB, key: string) {
  return db.selectFrom("condition_reports").select(["id", "job_id"]).where("client_key", "=", key).executeTakeFirst();
}

/**
 * Saves the report a post carries (its photos stored already, or the refusal
 * of one of them). A key already saved for this job: nothing more happens
 * (for another job's: a 409). Refused (403, 409, 400 with each field's
 * message) or replayed, the post's photos are removed again; saved, they are
 * the report's.
 */
export async function saveConditionReport(db: DB, jobId: number, post: Extract<PhotoPost, { ok: true }>, actor: SessionUser, origin: string | undefined): Promise<void> {
  const files: StoredUpload[] = [...post.photos];
  let kept = false;
  try {
    const job = await getJob(db, jobId);
    requireJobWork(actor, job.assignedTo);
    const key = formText(post.form, "key").trim();
    if (KEY_SHAPE.test(key) && answeredBefore(await savedReportOf(db, key), jobId)) return;
    if (!showsFieldWork(job)) throw new AppError(409, NOT_FIELD_WORK_TIME);

    const kind = conditionKind(job.vehicleKind);
    const checked = checkForm(post.form, conditionReportSchema(kind));
    const errors = { ...(checked.ok ? {} : checked.errors), ...(post.photoError ? { [CONDITION_PHOTO_FIELD]: post.photoError.message } : {}) };
    if (!checked.ok || post.photoError) {
      throw new AppError(checked.ok ? post.photoError!.status : 400, CORRECT_FIELDS, { fields: errors });
    }
    const input = checked.value;
    const signature = input.signature === null ? null : await storeSignature(input.signature);
    if (signature) files.push(signature);

    const now = new Date();
    const settings = await getBusinessSettings(db);
    const tz = env().BUSINESS_TIME_ZONE;
    const vehicle = job.vehicle?.label ?? job.customer.vehicleType;
    const pdf = await renderConditionReportPdf(
      {
        signedAt: dayAndTime(now, tz),
        customer: job.customer,
        vehicle,
        address: job.address,
        appointment: appointmentWhen(job),
        areas: areasOf(kind).map((area) => ({ area, note: input.areas[area] ?? "" })),
        photos: post.photos.map((photo) => ({ name: photo.originalName, ...pdfCopy(photo) })),
        signature: signature && pdfCopy(signature).jpeg,
        signedName: input.signedName,
      },
      settings,
    );
    const sha256 = createHash("sha256").update(pdf).digest("hex");
    const saved = await asActor(db, actor, async (trx) => {
      // The key decides: of two posts of one key, the second finds the first's row (or waits for it to commit) and inserts nothing.
      const row = await trx
        .insertInto("condition_reports")
        .values({
          job_id: jobId,
          client_key: input.key,
          vehicle_kind: kind,
          areas: JSON.stringify(input.areas),
          photos: JSON.stringify(post.photos.map((p) => p.name)),
          signature_upload: signature?.name ?? null,
          signed_name: input.signedName,
          agreed: true,
          pdf,
          pdf_sha256: sha256,
          created_at: now,
          ...actorPair("created_by", actor),
        })
        .onConflict((oc) => oc.column("client_key").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!row) return false;
      // The photos are shown on the customer's appointment page; the signature only in the PDF (docs/decisions/0136).
      await adoptUploads(trx, post.photos, { staffOnly: false }, now);
      if (signature) await adoptUploads(trx, [signature], { staffOnly: true }, now);
      const attachment = { filename: conditionReportFileName(now), contentType: "application/pdf", content: pdf };
      await enqueueEmail(trx, conditionReportEmail(job, settings, origin, { signedAt: dayAndTime(now, tz), signedName: input.signedName, vehicle }, attachment), {
        leadId: job.leadId,
        kind: "job_condition_report",
      });
      return true;
    });
    if (!saved) {
      answeredBefore(await savedReportOf(db, input.key), jobId);
      return;
    }
    kept = true;
    kickOutbox(db);
  } finally {
    if (!kept) await discardPhotos(files);
  }
}

/** Whether the key was saved already (for this job: the answer is the same; for another: a 409). */
function answeredBefore(saved: { job_id: number } | undefined, jobId: number): boolean {
  if (!saved) return false;
  if (saved.job_id !== jobId) throw new AppError(409, "This form was saved for another job already: reload the page and fill it in again.");
  return true;
}

/**
 * The drawn signature (a PNG data URL, its shape checked by the schema)
 * stored through the upload pipeline as a PNG: bytes sniffed, pixel limit,
 * metadata taken out, copies made (the PDF draws the JPEG copy).
 */
async function storeSignature(dataUrl: string): Promise<StoredUpload> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  const refused = () => badRequest(CORRECT_FIELDS, { signature: CONDITION_MESSAGES.signature });
  if (sniffType(bytes)?.ext !== "png") throw refused();
  try {
    return await storeUploadBytes(bytes, "signature.png", "image");
  } catch (error) {
    if (error instanceof AppError) throw refused();
    throw error;
  }
}

/** The JPEG copy a PDF draws of a stored image: the widest up to 960 px (made at upload, without metadata), and its size. */
function pdfCopy(upload: StoredUpload): { jpeg: Buffer; width: number; height: number } {
  const copies = (upload.image?.copies ?? [])
    .map((copy) => ({ copy, width: Number(/^-(\d+)w\.jpg$/.exec(copy.suffix)?.[1] ?? NaN) }))
    .filter((c) => Number.isFinite(c.width))
    .sort((a, b) => a.width - b.width);
  const chosen = copies.filter((c) => c.width <= 960).at(-1) ?? copies[0];
  // storeUploadBytes as "image" makes copies of every image it takes, or refuses it.
  if (!chosen || !upload.image) throw new Error(`The upload ${upload.name} has no JPEG copy to draw`);
  return { jpeg: chosen.copy.bytes, width: upload.image.width, height: upload.image.height };
}

/** The stored PDF of a job's report (its bytes as sent), or undefined. `reportId` null: the job's latest. */
export async function storedConditionPdf(db: DB, jobId: number, reportId: number | null): Promise<{ pdf: Buffer; createdAt: Date } | undefined> {
  let query = db.selectFrom("condition_reports").select(["pdf", "created_at"]).where("job_id", "=", jobId);
  query = reportId === null ? query.orderBy("id", "desc").limit(1) : query.where("id", "=", reportId);
  const row = await query.executeTakeFirst();
  return row && { pdf: row.pdf, createdAt: row.created_at };
}
