import { z } from "zod";
import { bookingSchema } from "~/lib/booking-input";
import { dayAndTime } from "~/lib/job-time";
import { dayIn, timeIn } from "~/lib/time-zone";
import { kickOutbox } from "../background.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { checkForm } from "../form-action.server";
import { limitCustomer } from "../customer-pages.server";
import { getWorkWeek } from "../settings.server";
import { CUSTOMER_REACH, freeTimes, freeWorkersAt } from "./free-times.server";
import { scheduleJob } from "./job-booking.server";
import { appointmentWhen } from "./job-mail.server";
import { JobOverlapError } from "./job-placement.server";
import { getJob, type Job } from "./job-records.server";
import { CANCEL_LIMITS } from "./appointment-page.server";
import { byDay, TIME_TAKEN_MESSAGE, type BookingDay } from "./self-booking.server";
import { lockCustomerBookings, rebookingPlace } from "./weather-day.server";

/**
 * Choosing a new time after a Weather Day (docs/decisions/0144), on the
 * cancelled job's own page, /appointments/{token}: the time held for the
 * customer first (while the hold runs), then every other time free for the
 * job's work in the customers' two weeks. The choice is booked as the same
 * work (customer, request, estimate, vehicle, address, notes) through
 * scheduleJob, under the customers' booking lock and the weather row's lock,
 * so a second press or a second tab books nothing more, and the hold is
 * given up in the same transaction. A deposit the cancelled booking was
 * asked for moves to the new one (carryDeposit, docs/decisions/0148).
 */

export type RebookingView =
  | { kind: "rebooked"; when: string; appointmentPath: string }
  | { kind: "choose"; days: BookingDay[]; heldUntil: string | null };

interface WeatherRow {
  id: number;
  hold_start: Date | null;
  hold_busy: string | null;
  held_until: Date;
  rebooked_job_id: number | null;
}

const weatherRow = (db: DB, jobId: number) =>
  db.selectFrom("weather_rebookings").select(["id", "hold_start", "hold_busy", "held_until", "rebooked_job_id"]).where("job_id", "=", jobId);

const holding = (row: WeatherRow, now: Date) => row.hold_busy !== null && row.hold_start !== null && row.held_until > now;

/** The page's rebooking part: null for a job no Weather Day cancelled. */
export async function rebookingView(db: DB, job: Job, now = new Date()): Promise<RebookingView | null> {
  if (job.status !== "cancelled") return null;
  const row = await weatherRow(db, job.id).executeTakeFirst();
  if (!row) return null;
  if (row.rebooked_job_id !== null) {
    const rebooked = await getJob(db, row.rebooked_job_id);
    return { kind: "rebooked", when: appointmentWhen(rebooked), appointmentPath: `/appointments/${rebooked.token}` };
  }
  const zone = env().BUSINESS_TIME_ZONE;
  const times = await freeTimes(db, job.durationMinutes, now, CUSTOMER_REACH, rebookingPlace(job));
  const held = holding(row, now) ? times.find((t) => t.getTime() === row.hold_start!.getTime()) : undefined;
  // Work over days shows when each time would end, as Book This Time does.
  const week = job.days.length > 1 ? await getWorkWeek(db) : null;
  const others = byDay(
    times.filter((t) => t !== held),
    week,
    job.durationMinutes,
  );
  const first = held ? byDay([held], week, job.durationMinutes).map((d) => ({ ...d, label: `Held for you: ${d.label}` })) : [];
  return { kind: "choose", days: [...first, ...others], heldUntil: held ? dayAndTime(row.held_until, zone) : null };
}

const rebookSchema = z.object({ start: bookingSchema.shape.start });

export type RebookOutcome = { ok: true; token: string } | { ok: false; error: string };

/**
 * The customer's choice: booked as the same work at `start` when it is still
 * one the page would offer (their own hold counting as free), else refused
 * with the message Book This Time gives. Already rebooked: that booking.
 */
export async function rebookAsCustomer(db: DB, job: Job, form: FormData, clientIp: string, origin: string | undefined, now = new Date()): Promise<RebookOutcome> {
  await limitCustomer(db, CANCEL_LIMITS, clientIp);
  const choice = checkForm(form, rebookSchema);
  if (!choice.ok) return { ok: false, error: choice.errors.start ?? TIME_TAKEN_MESSAGE };
  const { start } = choice.value;
  const place = rebookingPlace(job);
  const zone = env().BUSINESS_TIME_ZONE;
  const stillFree = (trx: DB) => freeWorkersAt(trx, start, job.durationMinutes, now, CUSTOMER_REACH, place);
  try {
    const outcome = await db.transaction().execute(async (trx): Promise<RebookOutcome> => {
      // The booking lock before the row's: a Weather Day takes them in this order too.
      await lockCustomerBookings(trx);
      const row = await weatherRow(trx, job.id).forUpdate().executeTakeFirst();
      if (!row || job.status !== "cancelled") return { ok: false, error: "This appointment cannot be rebooked here. Please call us." };
      if (row.rebooked_job_id !== null) return { ok: true, token: (await getJob(trx, row.rebooked_job_id)).token };
      const people = await stillFree(trx);
      if (!people.length) return { ok: false, error: TIME_TAKEN_MESSAGE };
      const rebooked = await scheduleJob(trx, {
        from: { customerId: job.customerId, leadId: job.leadId, source: job.source },
        estimateId: job.estimateId,
        input: {
          date: dayIn(start, zone),
          startTime: timeIn(start, zone),
          durationMinutes: job.durationMinutes,
          address: job.address,
          notes: job.notes,
          vehicleId: job.vehicle?.id ?? null,
          zip: job.zip,
        },
        actor: `${job.customer.name} (customer, rebooking after a Weather Day)`,
        origin,
        people,
        stillFree,
        overDays: place.overDays,
        // The deposit asked of the cancelled booking comes with it: not asked twice; received, the new job knows it.
        depositFrom: job.id,
      });
      await trx.updateTable("weather_rebookings").set({ rebooked_job_id: rebooked.id, hold_busy: null }).where("id", "=", row.id).execute();
      return { ok: true, token: rebooked.token };
    });
    if (outcome.ok) kickOutbox(db);
    return outcome;
  } catch (error) {
    if (error instanceof JobOverlapError) return { ok: false, error: TIME_TAKEN_MESSAGE };
    throw error;
  }
}
