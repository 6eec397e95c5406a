import { sql } from "kysely";
import type { JobInput } from "~/lib/job-input";
import { isLiveJob, LIVE_JOB_STATUSES } from "~/lib/job-status";
import { asActor, type Actor } from "../actor.server";
import { kickOutbox } from "../background.server";
import { checkCustomerVehicle } from "../customers/saved-details.server";
import type { DB } from "../db.server";
import { notLive, queueJobEmail, recordEvent } from "./job-events.server";
import { appointmentWhen } from "./job-mail.server";
import { isExclusionViolation, jobStart, overlapError, placementColumns, reminderDue, travelBufferMinutes } from "./job-placement.server";
import { getJob, type Job } from "./job-records.server";

/**
 * Reschedule: a new date, time, length or address (or notes, or vehicle). The customer
 * is told (Appointment changed, the same UID with a higher SEQUENCE) when
 * what they see changed; the reminder is due again for the new time.
 */
export async function rescheduleJob(db: DB, id: number, input: JobInput, actor: Actor, origin: string | undefined): Promise<Job> {
  const before = await getJob(db, id);
  if (!isLiveJob(before.status)) throw notLive(before);
  await checkCustomerVehicle(db, before.customerId, input.vehicleId);
  const startsAt = jobStart(input);
  const told = startsAt.getTime() !== before.startsAt.getTime() || input.durationMinutes !== before.durationMinutes || input.address !== before.address;
  const bufferMinutes = await travelBufferMinutes(db);
  try {
    const job = await asActor(db, actor, async (trx) => {
      const changed = await trx
        .updateTable("jobs")
        .set({
          ...placementColumns(input, startsAt, bufferMinutes),
          ...(input.vehicleId !== undefined && { vehicle_id: input.vehicleId }),
          status: "scheduled",
          sequence: told ? sql`sequence + 1` : sql`sequence`,
          reminder_due_at: told ? reminderDue(startsAt) : sql`reminder_due_at`,
          updated_at: sql`now()`,
        })
        .where("id", "=", id)
        .where("status", "in", [...LIVE_JOB_STATUSES])
        .returning("id")
        .executeTakeFirst();
      if (!changed) throw notLive(await getJob(trx, id));
      const job = await getJob(trx, id);
      if (told) {
        await recordEvent(trx, id, "rescheduled", actor, `${appointmentWhen(before)} → ${appointmentWhen(job)}`);
        await queueJobEmail(trx, job, "changed", origin);
      }
      return job;
    });
    if (told) kickOutbox(db);
    return job;
  } catch (error) {
    if (isExclusionViolation(error)) throw await overlapError(db, startsAt, input.durationMinutes, bufferMinutes, before.assignedTo, id);
    throw error;
  }
}
