import { sql } from "kysely";
import { zipOfAddress } from "~/lib/address-zip";
import type { JobInput } from "~/lib/job-input";
import { isLiveJob, LIVE_JOB_STATUSES } from "~/lib/job-status";
import { ownerOverDays } from "~/lib/work-days";
import { dayIn } from "~/lib/time-zone";
import { asActor, type Actor } from "../actor.server";
import { kickOutbox } from "../background.server";
import { checkCustomerVehicle } from "../customers/saved-details.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { notLive, queueJobEmail, recordEvent } from "./job-events.server";
import { appointmentWhen } from "./job-mail.server";
import { refuseDaysOff } from "./days-off.server";
import { isExclusionViolation, timeDays, jobStart, jobTime, overlapError, placementColumns, reminderDue, travelBufferMinutes } from "./job-placement.server";
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
  // Work over 12 hours, or booked over days and still longer than a working day, goes over days from the new date (docs/decisions/0131).
  const time = await jobTime(db, input, ownerOverDays(input.durationMinutes, before.days.length > 1));
  // Moved onto a day off: refused (docs/decisions/0143); a job left on its days keeps them, days off or not.
  const days = timeDays(time);
  if (days.join() !== before.days.map((d) => dayIn(d.startsAt, env().BUSINESS_TIME_ZONE)).join()) await refuseDaysOff(db, days);
  const told =
    startsAt.getTime() !== before.startsAt.getTime() || input.durationMinutes !== before.durationMinutes || input.address !== before.address || (time.days?.length ?? 1) !== before.days.length;
  // The address's ZIP code; an address that names none and has not changed keeps the one the job had (given at booking).
  const zip = input.zip !== undefined ? input.zip : (zipOfAddress(input.address) ?? (input.address === before.address ? before.zip : null));
  const bufferMinutes = await travelBufferMinutes(db);
  try {
    const job = await asActor(db, actor, async (trx) => {
      const changed = await trx
        .updateTable("jobs")
        .set({
          ...placementColumns({ ...input, zip }, time, bufferMinutes),
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
    if (isExclusionViolation(error)) throw await overlapError(db, time, bufferMinutes, before.assignedTo, id);
    throw error;
  }
}
