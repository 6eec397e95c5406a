import { sql } from "kysely";
import { zipOfAddress } from "~/lib/address-zip";
import { addDays, dayIn, localInstant } from "~/lib/time-zone";
import type { Actor } from "../actor.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { inSavepoint } from "../savepoint.server";
import { freeTimesByPerson, NOTICE_HOURS } from "../jobs/free-times.server";
import { recordEvent } from "../jobs/job-events.server";
import { appointmentWhen } from "../jobs/job-mail.server";
import { isExclusionViolation, oneDayTime, placementColumns, reminderDue, travelBufferMinutes } from "../jobs/job-placement.server";
import { jobsQuery, toJob, type Job } from "../jobs/job-records.server";
import { newPlanToken } from "./plan-records.server";
import { occurrences, type Occurrence } from "./recurrence.server";

/**
 * Placing a plan's visits (docs/decisions/0146): the occurrences of its rule
 * from the day after what is placed to PLAN_HORIZON_DAYS ahead, each put at
 * its wall-clock time when someone is free then, else the first free start
 * that day, else on the following days (at that time first, else their first
 * free start) up to
 * SHIFT_DAYS_MAX (and before the next occurrence). The free times are the
 * customers' own (free-times.server.ts: working days and hours, days off,
 * the times a Weather Day holds, the road and the travel buffer), read once
 * per plan; each visit is then stored as a job (`source = 'plan'`) under the
 * same exclusion constraint as every job, in a savepoint of its own, so a
 * time taken meanwhile by another booking tries the next person free, then
 * the next free start. The plan's row lock makes two placements of one plan
 * (two processes' background runners) wait for each other, and the unique
 * (customer_plan_id, plan_occurrence) books an occurrence once.
 */

/** How far ahead visits are placed: 12 weeks, topped up by the background runner as days pass. */
export const PLAN_HORIZON_DAYS = 84;
/** A visit whose day is full may move this many days later at most (and never onto its next occurrence). */
export const SHIFT_DAYS_MAX = 6;

const MINUTE = 60_000;

export interface PlacedVisits {
  /** The visits stored now, in order. */
  placed: Job[];
  /** Occurrences no free time could take (the owner books them by hand, or they are skipped). */
  unplaced: Occurrence[];
}

/**
 * Places the plan's visits up to `horizonDays` from `now`, inside the
 * caller's transaction (which holds the plan's row lock). Returns what was
 * placed; the caller sends the customer the dates.
 */
export async function placeVisits(trx: DB, customerPlanId: number, actor: Actor, now: Date, horizonDays = PLAN_HORIZON_DAYS): Promise<PlacedVisits> {
  const zone = env().BUSINESS_TIME_ZONE;
  const plan = await trx
    .selectFrom("customer_plans")
    .select(["id", "customer_id", "rrule", "duration_minutes", "address", "vehicle_id", "status", sql<string>`starts_on::text`.as("starts_on"), sql<string | null>`placed_until::text`.as("placed_until"), sql<string | null>`paused_from::text`.as("paused_from"), sql<string | null>`paused_until::text`.as("paused_until")])
    .where("id", "=", customerPlanId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (plan.status !== "active") return { placed: [], unplaced: [] };
  const today = dayIn(now, zone);
  const toDay = addDays(today, horizonDays);
  const after = plan.placed_until === null ? addDays(plan.starts_on, -1) : plan.placed_until;
  const fromDay = [plan.starts_on, addDays(after, 1), today].sort().at(-1)!;
  if (fromDay > toDay) return { placed: [], unplaced: [] };
  const paused = (day: string) => plan.paused_from !== null && plan.paused_until !== null && plan.paused_from <= day && day < plan.paused_until;
  const booked = new Set(
    (
      await trx
        .selectFrom("jobs")
        .select(sql<string>`plan_occurrence::text`.as("day"))
        .where("customer_plan_id", "=", customerPlanId)
        .where(sql<boolean>`plan_occurrence BETWEEN ${fromDay}::date AND ${toDay}::date`)
        .execute()
    ).map((r) => r.day),
  );
  // The next occurrence too (past the horizon), so the last one's shift stops before it.
  const all = occurrences(plan.rrule, fromDay, addDays(toDay, 62));
  const wanted = all.filter((o) => o.day <= toDay && !paused(o.day) && !booked.has(o.day));
  const placed: Job[] = [];
  const unplaced: Occurrence[] = [];
  if (wanted.length) {
    const zip = zipOfAddress(plan.address);
    const reachDays = Math.ceil((new Date(`${toDay}T00:00:00Z`).getTime() - now.getTime()) / 86_400_000) + SHIFT_DAYS_MAX + 2;
    const byPerson = await freeTimesByPerson(trx, plan.duration_minutes, now, { noticeHours: NOTICE_HOURS, horizonDays: reachDays }, { zip });
    const bufferMinutes = await travelBufferMinutes(trx);
    const ids: number[] = [];
    for (const occurrence of wanted) {
      const next = all.find((o) => o.day > occurrence.day)?.day;
      const lastDay = [addDays(occurrence.day, SHIFT_DAYS_MAX), next ? addDays(next, -1) : addDays(occurrence.day, SHIFT_DAYS_MAX)].sort()[0]!;
      const id = await placeOne(trx, { plan, occurrence, lastDay, byPerson, zone, bufferMinutes, zip });
      if (id === null) unplaced.push(occurrence);
      else ids.push(id);
    }
    if (ids.length) {
      const jobs = (await jobsQuery(trx).where("j.id", "in", ids).orderBy("j.starts_at").execute()).map(toJob);
      for (const job of jobs) await recordEvent(trx, job.id, "scheduled", actor, `Plan visit: ${appointmentWhen(job)}`);
      placed.push(...jobs);
    }
  }
  await trx.updateTable("customer_plans").set({ placed_until: sql`greatest(coalesce(placed_until, ${toDay}::date), ${toDay}::date)`, updated_at: sql`now()` }).where("id", "=", customerPlanId).execute();
  return { placed, unplaced };
}

interface PlaceOne {
  plan: { id: number; customer_id: number; duration_minutes: number; address: string; vehicle_id: number | null };
  occurrence: Occurrence;
  lastDay: string;
  byPerson: Map<number, Date[]>;
  zone: string;
  bufferMinutes: number;
  zip: string | null;
}

/** The candidate starts for one occurrence, best first: its own time, then the day's first free start, then the next days'. */
function candidates(args: PlaceOne): { start: number; people: number[] }[] {
  const { occurrence, lastDay, byPerson, zone } = args;
  const [hh, mm] = occurrence.time.split(":").map(Number) as [number, number];
  const preferred = localInstant(occurrence.day, hh * 60 + mm, zone);
  const found = new Map<number, number[]>();
  for (const [person, times] of byPerson) {
    for (const t of times) {
      const at = t.getTime();
      const day = dayIn(t, zone);
      if (day < occurrence.day) continue;
      if (day > lastDay) break;
      found.set(at, [...(found.get(at) ?? []), person]);
    }
  }
  // Day by day from the occurrence's; within a day, the rule's wall-clock time first, then the day's starts in order.
  const wallTime = (at: number) => at - localInstant(dayIn(new Date(at), zone), hh * 60 + mm, zone)!;
  const key = (at: number) => [dayIn(new Date(at), zone), at === preferred || wallTime(at) === 0 ? 0 : 1, at] as const;
  const compare = (a: number, b: number) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] !== kb[0] ? (ka[0] < kb[0] ? -1 : 1) : ka[1] - kb[1] || ka[2] - kb[2];
  };
  return [...found].sort((a, b) => compare(a[0], b[0])).map(([start, people]) => ({ start, people }));
}

/** Stores the occurrence's visit at its best free start; null when none is free. Each try is a savepoint: a refused one leaves the transaction usable. */
async function placeOne(trx: DB, args: PlaceOne): Promise<number | null> {
  const { plan, occurrence, byPerson, zone, bufferMinutes, zip } = args;
  for (const { start, people } of candidates(args)) {
    const time = oneDayTime(new Date(start), plan.duration_minutes);
    for (const person of people) {
      try {
        const row = await inSavepoint(trx, () =>
          trx
            .insertInto("jobs")
            .values({
              customer_id: plan.customer_id,
              lead_id: null,
              source: "plan",
              estimate_id: null,
              // The visit's own appointment link: 192 random bits, as every job's.
              token: newPlanToken(),
              ...placementColumns(
                { date: dayIn(time.startsAt, zone), startTime: "", durationMinutes: plan.duration_minutes, address: plan.address, notes: "", zip },
                time,
                bufferMinutes,
              ),
              vehicle_id: plan.vehicle_id,
              reminder_due_at: reminderDue(time.startsAt),
              assigned_to: person === 0 ? null : person,
              customer_plan_id: plan.id,
              plan_occurrence: occurrence.day,
            })
            .returning("id")
            .executeTakeFirstOrThrow(),
        );
        // Taken now: no later occurrence of this plan (or another's visit within this placement) gets it.
        const end = start + (plan.duration_minutes + bufferMinutes) * MINUTE;
        const times = byPerson.get(person);
        if (times) byPerson.set(person, times.filter((t) => t.getTime() + (plan.duration_minutes + bufferMinutes) * MINUTE <= start || t.getTime() >= end));
        return row.id;
      } catch (error) {
        // Taken meanwhile by another booking: the next person free then, then the next start.
        if (isExclusionViolation(error)) continue;
        throw error;
      }
    }
  }
  return null;
}
