import { sql } from "kysely";
import type { z } from "zod";
import type { checklistPackageSchema, checklistPostSchema } from "~/lib/field-work";
import { shownTime, type ShownTime } from "~/lib/time-ago";
import { actorPair, asActor, shownActor } from "../actor.server";
import { AppError } from "../app-error.server";
import { requireJobWork } from "../auth/permissions.server";
import type { DB } from "../db.server";
import type { SessionUser } from "../session.server";
import type { Job } from "../jobs/job-records.server";
import { claimWorkPost } from "./work-posts.server";

/**
 * A job's checklist (docs/decisions/0138): its own copy of its package's
 * steps (job_checklist_steps), made when the job is booked from the price
 * book, or by Use This Checklist on a job that has none; each ticked step
 * records who ticked it and when. A post names the steps it sets by their
 * words and says which of them are done, so it means the same whenever it
 * arrives; its key is claimed like every field-work post's, so a replay of
 * an older post does not undo a newer one.
 */

export interface ChecklistStep {
  position: number;
  step: string;
  done: { by: string; at: ShownTime } | null;
}

export const CHECKLIST_CHANGED = "The checklist has changed since this page was opened: reload the page and tick the steps again.";

/** The job's steps in order, each with who ticked it and when. */
export async function jobChecklist(db: DB, jobId: number, now: Date, timeZone: string): Promise<ChecklistStep[]> {
  const rows = await db
    .selectFrom("job_checklist_steps as s")
    .select(["s.position", "s.step", "s.done_at", shownActor("s", "done_by").as("done_by_shown")])
    .where("s.job_id", "=", jobId)
    .orderBy("s.position")
    .execute();
  return rows.map((row) => ({
    position: row.position,
    step: row.step,
    done: row.done_at ? { by: row.done_by_shown, at: shownTime(row.done_at, now, timeZone) } : null,
  }));
}

/** The packages of the price book with steps, for Use This Checklist. */
export async function packagesWithChecklists(db: DB): Promise<{ id: number; name: string }[]> {
  return db.selectFrom("packages").select(["id", "name"]).where(sql<number>`cardinality(checklist)`, ">", 0).orderBy("sort_order").orderBy("name").execute();
}

/**
 * Gives job `jobId` its copy of `steps`, in the caller's transaction; a job
 * that has steps already keeps them (false). Booking online calls it with
 * the package's steps.
 */
export async function copyChecklist(trx: DB, jobId: number, steps: readonly string[]): Promise<boolean> {
  if (!steps.length) return false;
  const held = await trx.selectFrom("job_checklist_steps").select("position").where("job_id", "=", jobId).limit(1).executeTakeFirst();
  if (held) return false;
  await trx
    .insertInto("job_checklist_steps")
    .values(steps.map((step, i) => ({ job_id: jobId, position: i + 1, step })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}

/**
 * Save Checklist: the steps `step` names are set done when `done` names them
 * too, not done otherwise. A step this job does not have (the list changed
 * under an open page) refuses the whole post (409): nothing is stored, the
 * key is free again. Taken while the job is worked on (claimWorkPost).
 */
export async function saveChecklist(db: DB, job: Job, actor: SessionUser, input: z.output<typeof checklistPostSchema>, now = new Date()): Promise<void> {
  requireJobWork(actor, job.assignedTo);
  const done = new Set(input.done);
  const named = [...new Set([...input.step, ...input.done])];
  await asActor(db, actor, async (trx) => {
    if (!(await claimWorkPost(trx, input.key, job, "checklist"))) return;
    if (!named.length) return;
    const known = await trx.selectFrom("job_checklist_steps").select("step").where("job_id", "=", job.id).where("step", "in", named).execute();
    if (known.length !== named.length) throw new AppError(409, CHECKLIST_CHANGED);
    const ticked = named.filter((step) => done.has(step));
    const unticked = named.filter((step) => !done.has(step));
    // Only a change is written: a step ticked already keeps who ticked it first.
    if (ticked.length) {
      await trx
        .updateTable("job_checklist_steps")
        .set({ done_at: now, ...actorPair("done_by", actor) })
        .where("job_id", "=", job.id)
        .where("step", "in", ticked)
        .where("done_at", "is", null)
        .execute();
    }
    if (unticked.length) {
      await trx
        .updateTable("job_checklist_steps")
        .set({ done_at: null, done_by: null, done_by_id: null })
        .where("job_id", "=", job.id)
        .where("step", "in", unticked)
        .where("done_at", "is not", null)
        .execute();
    }
  });
}

/** Use This Checklist: a job without steps takes the chosen package's (a job that has steps keeps them). */
export async function useChecklistOf(db: DB, job: Job, actor: SessionUser, input: z.output<typeof checklistPackageSchema>): Promise<void> {
  requireJobWork(actor, job.assignedTo);
  await asActor(db, actor, async (trx) => {
    if (!(await claimWorkPost(trx, input.key, job, "checklist"))) return;
    const pack = await trx.selectFrom("packages").select("checklist").where("id", "=", input.package).executeTakeFirst();
    if (!pack?.checklist.length) {
      const message = "This package is no longer in the price book, or has no checklist: reload the page and choose another.";
      throw new AppError(409, message, { fields: { package: message } });
    }
    await copyChecklist(trx, job.id, pack.checklist);
  });
}
