import { sql } from "kysely";
import { zipOfAddress } from "~/lib/address-zip";
import { addDays, dayIn, localInstant, startOfDayIn } from "~/lib/time-zone";
import { actorColumns, type Actor } from "../actor.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { freeTimesByPerson, NOTICE_HOURS } from "../jobs/free-times.server";
import { appointmentWhen } from "../jobs/job-mail.server";
import { oneDayTime, placementColumns, reminderDue, travelBufferMinutes } from "../jobs/job-placement.server";
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
 * same exclusion constraint as every job, all in one statement whose
 * ON CONFLICT DO NOTHING leaves out a row refused, so a
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
    const zipOf = zip;
    const reachDays = Math.ceil((new Date(`${toDay}T00:00:00Z`).getTime() - now.getTime()) / 86_400_000) + SHIFT_DAYS_MAX + 2;
    const bufferMinutes = await travelBufferMinutes(trx);
    const shiftEnd = (occurrence: Occurrence) => {
      const next = all.find((o) => o.day > occurrence.day)?.day;
      return [addDays(occurrence.day, SHIFT_DAYS_MAX), next ? addDays(next, -1) : addDays(occurrence.day, SHIFT_DAYS_MAX)].sort()[0]!;
    };
    // Read only the days wanted: first the occurrences' own days; for those with no free start, the days after them.
    const read = async (days: string[]) =>
      new FreeTimes(await freeTimesByPerson(trx, plan.duration_minutes, now, { noticeHours: NOTICE_HOURS, horizonDays: reachDays }, { zip, days }), plan.duration_minutes + bufferMinutes);
    // Each occurrence's best free start and person, chosen in memory (the plan's own visits kept apart as they are chosen)…
    let choices: Choice[] = [];
    const onTheirDay = await read(wanted.map((o) => o.day));
    const later: Occurrence[] = [];
    for (const occurrence of wanted) {
      const choice = onTheirDay.take(occurrence, occurrence.day, zone);
      if (choice) choices.push({ ...choice, lastDay: shiftEnd(occurrence) });
      else later.push(occurrence);
    }
    const shifted = new Set(later.flatMap((o) => Array.from({ length: SHIFT_DAYS_MAX }, (_, i) => addDays(o.day, i + 1)).filter((d) => d <= shiftEnd(o))));
    // The later days' free times, less what this plan takes on them already.
    const free = shifted.size ? await read([...shifted].sort()) : onTheirDay;
    for (const c of choices) free.takeAt(c.person, c.start);
    for (const occurrence of later) {
      const choice = free.take(occurrence, shiftEnd(occurrence), zone);
      if (choice) choices.push(choice);
      else unplaced.push(occurrence);
    }
    // …then stored at once; a row the database refuses (a time another booking took meanwhile: the exclusion constraint) is left out by
    // ON CONFLICT DO NOTHING and its occurrence tries its next start alone.
    const ids: number[] = [];
    for (let round = 0; choices.length && round < 20; round++) {
      const stored = await insertVisits(trx, plan, choices, bufferMinutes, zipOf);
      ids.push(...stored.values());
      const refused = choices.filter((c) => !stored.has(c.occurrence.day));
      choices = [];
      for (const c of refused) {
        const retry = free.take(c.occurrence, c.lastDay, zone);
        if (retry) choices.push(retry);
        else unplaced.push(c.occurrence);
      }
    }
    unplaced.push(...choices.map((c) => c.occurrence));
    if (ids.length) {
      const jobs = (await jobsQuery(trx).where("j.id", "in", ids).orderBy("j.starts_at").execute()).map(toJob);
      await trx
        .insertInto("job_events")
        .values(jobs.map((job) => ({ job_id: job.id, kind: "scheduled", body: `Plan visit: ${appointmentWhen(job)}`, ...actorColumns(actor) })))
        .execute();
      placed.push(...jobs);
    }
  }
  await trx.updateTable("customer_plans").set({ placed_until: sql`greatest(coalesce(placed_until, ${toDay}::date), ${toDay}::date)`, updated_at: sql`now()` }).where("id", "=", customerPlanId).execute();
  return { placed, unplaced };
}

interface Choice {
  occurrence: Occurrence;
  lastDay: string;
  start: number;
  person: number;
}

/**
 * The people's free starts, sorted, as placement takes them: the best start
 * for an occurrence (its own day at the rule's time, else that day's first;
 * then each following day to `lastDay` likewise), and the person free then;
 * what is taken is no longer free for the next occurrence.
 */
class FreeTimes {
  private readonly people: [number, number[]][];

  constructor(
    byPerson: Map<number, Date[]>,
    private readonly blockMinutes: number,
  ) {
    this.people = [...byPerson].map(([person, times]) => [person, times.map((t) => t.getTime())]);
  }

  take(occurrence: Occurrence, lastDay: string, zone: string): Choice | null {
    const [hh, mm] = occurrence.time.split(":").map(Number) as [number, number];
    for (let day = occurrence.day; day <= lastDay; day = addDays(day, 1)) {
      const from = startOfDayIn(day, zone).getTime();
      const to = startOfDayIn(addDays(day, 1), zone).getTime();
      const preferred = localInstant(day, hh * 60 + mm, zone);
      let best: { start: number; person: number } | null = null;
      for (const [person, times] of this.people) {
        if (preferred !== null && hasTime(times, preferred)) {
          best = { start: preferred, person };
          break;
        }
        const first = times[lowerBound(times, from)];
        if (first !== undefined && first < to && (!best || first < best.start)) best = { start: first, person };
      }
      if (best) {
        this.remove(best.person, best.start);
        return { occurrence, lastDay, ...best };
      }
    }
    return null;
  }

  /** A start taken already (by this plan, on a day read before): no longer free. */
  takeAt(person: number, start: number): void {
    if (this.people.some(([p]) => p === person)) this.remove(person, start);
  }

  /** The start taken: no start of that person within the visit's block either side of it stays free. */
  private remove(person: number, start: number): void {
    const entry = this.people.find(([p]) => p === person)!;
    const block = this.blockMinutes * MINUTE;
    entry[1] = entry[1].filter((t) => t + block <= start || t >= start + block);
  }
}

/** The first index of `sorted` at or after `value`. */
function lowerBound(sorted: number[], value: number): number {
  let [lo, hi] = [0, sorted.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const hasTime = (sorted: number[], value: number) => sorted[lowerBound(sorted, value)] === value;

/**
 * The chosen visits as jobs, in one statement: the same columns as every
 * booking (placementColumns, reminderDue) and `source = 'plan'`. ON CONFLICT
 * DO NOTHING leaves out a row the exclusion constraint (a time taken) or the
 * plan's unique occurrence refuses. Returns the stored ids by occurrence day.
 */
async function insertVisits(
  trx: DB,
  plan: { id: number; customer_id: number; duration_minutes: number; address: string; vehicle_id: number | null },
  choices: Choice[],
  bufferMinutes: number,
  zip: string | null,
): Promise<Map<string, number>> {
  if (!choices.length) return new Map();
  const rows = await trx
    .insertInto("jobs")
    .values(
      choices.map((c) => {
        const time = oneDayTime(new Date(c.start), plan.duration_minutes);
        return {
          customer_id: plan.customer_id,
          lead_id: null,
          source: "plan" as const,
          estimate_id: null,
          // The visit's own appointment link: 192 random bits, as every job's.
          token: newPlanToken(),
          ...placementColumns({ date: c.occurrence.day, startTime: "", durationMinutes: plan.duration_minutes, address: plan.address, notes: "", zip }, time, bufferMinutes),
          vehicle_id: plan.vehicle_id,
          reminder_due_at: reminderDue(time.startsAt),
          assigned_to: c.person === 0 ? null : c.person,
          customer_plan_id: plan.id,
          plan_occurrence: c.occurrence.day,
        };
      }),
    )
    .onConflict((oc) => oc.doNothing())
    .returning(["id", sql<string>`plan_occurrence::text`.as("day")])
    .execute();
  return new Map(rows.map((r) => [r.day, r.id]));
}
