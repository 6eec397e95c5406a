import { sql } from "kysely";
import { STAFF_MISSING } from "~/lib/job-page-forms";
import { isLiveJob, LIVE_JOB_STATUSES } from "~/lib/job-status";
import { asActor } from "../actor.server";
import { badRequest } from "../app-error.server";
import { requirePermission } from "../auth/permissions.server";
import type { DB } from "../db.server";
import type { SessionUser } from "../session.server";
import { notLive } from "./job-events.server";
import { isExclusionViolation, overlapError } from "./job-placement.server";
import { getJob } from "./job-records.server";

/**
 * Assigned To (the owner, on the job's page): gives a live job to another
 * member of staff. Their own job at that time is refused with JobOverlapError,
 * by the per-person exclusion constraint (docs/decisions/0115).
 */
export async function assignJob(db: DB, id: number, assignee: number, user: SessionUser): Promise<void> {
  requirePermission(user, "jobs.write");
  const staff = await db.selectFrom("users").select("id").where("id", "=", assignee).where("role", "is not", null).executeTakeFirst();
  if (!staff) throw badRequest(STAFF_MISSING, { assigned_to: STAFF_MISSING });
  const before = await getJob(db, id);
  if (!isLiveJob(before.status)) throw notLive(before);
  try {
    await asActor(db, user, (trx) =>
      trx.updateTable("jobs").set({ assigned_to: staff.id, updated_at: sql`now()` }).where("id", "=", id).where("status", "in", [...LIVE_JOB_STATUSES]).execute(),
    );
  } catch (error) {
    if (isExclusionViolation(error)) throw await overlapError(db, before, before.bufferMinutes, staff.id, id);
    throw error;
  }
}
