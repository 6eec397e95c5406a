import { NOT_FIELD_WORK_TIME, showsFieldWork } from "~/lib/field-work";
import { AppError } from "../app-error.server";
import type { DB } from "../db.server";
import type { Job } from "../jobs/job-records.server";

/**
 * The idempotency keys of a job's checklist and photos posts
 * (docs/decisions/0138): each form carries a random `key` (the field the
 * condition report's and Finish Job's forms carry too), and a post stores
 * its work only when it is the first to claim its key. A second post with
 * the same key (a double click, a phone replaying its queue after a lost
 * answer, two at the same moment) finds it claimed and stores nothing; the
 * database decides between two at once (the unique key, INSERT … ON
 * CONFLICT DO NOTHING).
 */

export type WorkIntent = "checklist" | "photos" | "on_the_way" | "start";

/**
 * Claims `key` for a post of `intent` on `job`, in the caller's transaction
 * (so the claim stands or falls with the work it stores): true when this
 * post is the first, false when the key was claimed before (a replay, which
 * answers as the first did, even once the job is finished). A first post on
 * a job not being worked on (showsFieldWork) is refused (409), the claim
 * undone with the transaction. A claim made by a transaction still running
 * makes this one wait for its end.
 */
export async function claimWorkPost(trx: DB, key: string, job: Pick<Job, "id" | "status">, intent: WorkIntent): Promise<boolean> {
  const first = await claimKey(trx, key, job.id, intent);
  if (first && !showsFieldWork(job)) throw new AppError(409, NOT_FIELD_WORK_TIME);
  return first;
}

/**
 * The claim alone, for the steps that move the job on (On My Way, Start
 * Job, docs/decisions/0142): true when this post is the first with `key`.
 */
export async function claimKey(trx: DB, key: string, jobId: number, intent: WorkIntent): Promise<boolean> {
  const row = await trx
    .insertInto("job_work_posts")
    .values({ client_key: key, job_id: jobId, intent })
    .onConflict((oc) => oc.column("client_key").doNothing())
    .returning("client_key")
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a post with `key` was stored already: a replay whose photos are not worth the image work. */
export async function workPostStored(db: DB, key: string): Promise<boolean> {
  return (await db.selectFrom("job_work_posts").select("client_key").where("client_key", "=", key).executeTakeFirst()) !== undefined;
}
