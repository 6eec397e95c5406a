import type { JobEventKind } from "~/lib/job-status";
import { actorColumns, type Actor } from "../actor.server";
import { AppError } from "../app-error.server";
import type { Block } from "../customer-email.server";
import type { DB } from "../db.server";
import { enqueueEmail } from "../outbox.server";
import { getBusinessSettings } from "../settings.server";
import { readLines } from "../priced-documents/documents.server";
import { depositDueBlocks } from "./deposit-mail.server";
import { jobDeposit } from "./deposit-records.server";
import { jobEmail, type JobEmailKind, type JobWork } from "./job-mail.server";
import type { Job } from "./job-records.server";

/**
 * What each change of a job leaves behind, in the change's own transaction:
 * its event in the job's history and the customer's e-mail (queued in the
 * outbox with the job's invite); and the refusal of a change to a job that is
 * no longer live.
 */

export async function recordEvent(trx: DB, jobId: number, kind: JobEventKind, actor: Actor, body = ""): Promise<void> {
  await trx.insertInto("job_events").values({ job_id: jobId, kind, body, ...actorColumns(actor) }).execute();
}

/** The e-mails that say what deposit is due while the booking waits for it (docs/decisions/0132; the reminder adds it itself). */
const TELLS_DEPOSIT_DUE: ReadonlySet<JobEmailKind> = new Set(["confirmed", "changed"]);

/**
 * Queues one of the job's e-mails to its customer, with the invite; in the
 * caller's transaction. The confirmation of a job booked for an estimate
 * lists the estimate's lines and total: what was booked, and for how much;
 * the confirmation and a change say the deposit due, if any.
 */
export async function queueJobEmail(trx: DB, job: Job, kind: JobEmailKind, origin: string | undefined, extra: { minutes?: number; more?: Block[] } = {}): Promise<void> {
  const settings = await getBusinessSettings(trx);
  const work = kind === "confirmed" && job.estimateId !== null ? await estimateWork(trx, job.estimateId) : undefined;
  const deposit = TELLS_DEPOSIT_DUE.has(kind) ? depositDueBlocks(await jobDeposit(trx, job.id), job, settings) : [];
  await enqueueEmail(trx, jobEmail(kind, job, settings, origin, { ...extra, work, more: [...deposit, ...(extra.more ?? [])] }), { leadId: job.leadId, kind: `job_${kind}` });
}

/** An estimate's lines and totals, as a job's e-mails list them; undefined for one without lines (written freely, or none yet). */
export async function estimateWork(trx: DB, estimateId: number): Promise<JobWork | undefined> {
  const [lines, sums] = await Promise.all([
    readLines(trx, "estimate", estimateId),
    trx.selectFrom("estimates").select(["tax_cents", "total_cents"]).where("id", "=", estimateId).executeTakeFirst(),
  ]);
  return lines.length && sums ? { lines, taxCents: Number(sums.tax_cents), totalCents: Number(sums.total_cents) } : undefined;
}

/** A change of a job that is no longer live (done or cancelled) is refused with what it is. */
export function notLive(job: Pick<Job, "status">): AppError {
  return new AppError(409, job.status === "done" ? "This job is done and can no longer be changed." : "This job was cancelled and can no longer be changed.");
}
