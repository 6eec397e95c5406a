import { sql } from "kysely";
import { LIVE_JOB_STATUSES } from "~/lib/job-status";
import { dayAndTime } from "~/lib/job-time";
import { addDays, dayIn, startOfDayIn, timeIn } from "~/lib/time-zone";
import { asActor, type Actor } from "../actor.server";
import { kickOutbox } from "../background.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { cancelLiveJob } from "./job-cancel.server";
import { queueJobEmail } from "./job-events.server";
import { busyRange, jobTime } from "./job-placement.server";
import type { Job } from "./job-records.server";
import { firstFree, type NewJobPlace } from "./free-times.server";
import { releaseRunOutWeatherHolds } from "./weather-holds.server";

/**
 * Weather Day (issue 37, docs/decisions/0144): the owner picks a date; in one
 * transaction the date becomes a day off, every job still standing that day
 * is cancelled (cancelLiveJob: the time freed, the invite's SEQUENCE raised,
 * the event recorded), the first free time for it is held for its customer
 * for HOLD_HOURS (earliest job first, so the earliest customers get the
 * earliest times), and its customer gets one e-mail through the outbox,
 * `Rescheduling your appointment:`, with the METHOD:CANCEL invite and the
 * link to their appointment page, where they choose (./weather-rebooking.server.ts).
 *
 * It takes the customers' booking lock (the one every customer's booking
 * takes, ./job-booking.server.ts), so no booking reads the free times between
 * two holds; the exclusion constraint weather_rebookings_no_overlap refuses
 * one person's time held twice whatever the code does.
 */

export const HOLD_HOURS = 48;

/** The customers' booking lock, held to the commit: bookings, holds and rebookings one at a time. */
export const lockCustomerBookings = (trx: DB) => sql`SELECT pg_advisory_xact_lock(hashtext('jobs:customer-booking'))`.execute(trx);

/** Where a cancelled job's new time may go: its length, address and days, its own hold free to it. */
export const rebookingPlace = (job: Job): NewJobPlace => ({ zip: job.zip, overDays: job.days.length > 1, holdFor: job.id });

export interface WeatherDayOutcome {
  cancelled: number;
}

export async function declareWeatherDay(db: DB, day: string, actor: Actor, origin: string | undefined, now = new Date()): Promise<WeatherDayOutcome> {
  const zone = env().BUSINESS_TIME_ZONE;
  const dayRange = sql`tstzrange(${startOfDayIn(day, zone)}::timestamptz, ${startOfDayIn(addDays(day, 1), zone)}::timestamptz, '[)')`;
  const heldUntil = new Date(now.getTime() + HOLD_HOURS * 3_600_000);
  const cancelled = await asActor(db, actor, async (trx) => {
    await lockCustomerBookings(trx);
    // Holds run out hold nothing (the background loop releases them too): the constraint then lets their times be held again.
    await releaseRunOutWeatherHolds(trx, now);
    await trx
      .insertInto("days_off")
      .values({ day, reason: "Weather Day" })
      .onConflict((oc) => oc.column("day").doNothing())
      .execute();
    const ids = await trx
      .selectFrom("jobs")
      .select("id")
      .where("status", "in", [...LIVE_JOB_STATUSES])
      .where(sql<boolean>`tstzrange(starts_at, upper(busy), '[)') && ${dayRange}`)
      .orderBy("starts_at")
      .orderBy("id")
      .execute();
    let count = 0;
    for (const { id } of ids) {
      const job = await cancelLiveJob(trx, id, "owner", actor, "Weather Day");
      if (!job) continue;
      count++;
      const held = await holdFirstFree(trx, job, day, heldUntil, now);
      const more = held
        ? [{ paragraph: `We are holding ${dayAndTime(held, zone)} for you until ${dayAndTime(heldUntil, zone)}: keep it, or choose another free time, on your appointment page.` }]
        : [{ paragraph: "Please choose a new time on your appointment page, or call us." }];
      await queueJobEmail(trx, job, "rescheduling", origin, { more });
    }
    return count;
  });
  kickOutbox(db);
  return { cancelled };
}

/** Holds the first time free for the job's work (none: nothing free in the customers' two weeks), and records the job as the Weather Day's. */
async function holdFirstFree(trx: DB, job: Job, day: string, heldUntil: Date, now: Date): Promise<Date | null> {
  const place = rebookingPlace(job);
  const first = await firstFree(trx, job.durationMinutes, now, place);
  const zone = env().BUSINESS_TIME_ZONE;
  const time = first && (await jobTime(trx, { date: dayIn(first.start, zone), startTime: timeIn(first.start, zone), durationMinutes: job.durationMinutes }, place.overDays));
  await trx
    .insertInto("weather_rebookings")
    .values({
      job_id: job.id,
      day,
      held_until: heldUntil,
      ...(first && time && { hold_person: first.person ?? 0, hold_start: first.start, hold_busy: busyRange(time, job.bufferMinutes) }),
    })
    .execute();
  return first?.start ?? null;
}
