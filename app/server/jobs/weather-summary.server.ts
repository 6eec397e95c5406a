import { sql } from "kysely";
import { dayAndTime } from "~/lib/job-time";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { appointmentWhen } from "./job-mail.server";
import { getJob } from "./job-records.server";

/**
 * Who has rebooked after each Weather Day from `from` on (docs/decisions/0144):
 * the owner's list on the schedule. Each customer: rebooked (when, the new
 * job's page), a time still held for them (until when), or neither yet.
 */

export interface WeatherCustomer {
  name: string;
  /** The cancelled job's page. */
  jobId: number;
  state: { kind: "rebooked"; when: string; jobId: number } | { kind: "held"; when: string; until: string } | { kind: "waiting" };
}

export interface WeatherDaySummary {
  day: string;
  customers: WeatherCustomer[];
}

export async function weatherDays(db: DB, from: string, now = new Date()): Promise<WeatherDaySummary[]> {
  const zone = env().BUSINESS_TIME_ZONE;
  const rows = await db
    .selectFrom("weather_rebookings as w")
    .innerJoin("jobs as j", "j.id", "w.job_id")
    .innerJoin("customers as c", "c.id", "j.customer_id")
    .select([sql<string>`w.day::text`.as("day"), "w.job_id", "c.name", "w.hold_start", "w.hold_busy", "w.held_until", "w.rebooked_job_id"])
    .where("w.day", ">=", sql<Date>`${from}::date`)
    .orderBy("w.day")
    .orderBy("j.starts_at")
    .execute();
  const days = new Map<string, WeatherCustomer[]>();
  for (const row of rows) {
    let state: WeatherCustomer["state"] = { kind: "waiting" };
    if (row.rebooked_job_id !== null) state = { kind: "rebooked", when: appointmentWhen(await getJob(db, row.rebooked_job_id)), jobId: row.rebooked_job_id };
    else if (row.hold_busy !== null && row.hold_start && row.held_until > now) state = { kind: "held", when: dayAndTime(row.hold_start, zone), until: dayAndTime(row.held_until, zone) };
    const list = days.get(row.day) ?? [];
    list.push({ name: row.name, jobId: row.job_id, state });
    days.set(row.day, list);
  }
  return [...days].map(([day, customers]) => ({ day, customers }));
}
