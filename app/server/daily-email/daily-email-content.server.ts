import { sql } from "kysely";
import { clockTime } from "~/lib/job-time";
import { OWED_STATUSES } from "~/lib/invoice-status";
import { addDays } from "~/lib/time-zone";
import { effectiveRoleSql } from "../auth/staff.server";
import type { WorkSource } from "../customers/work-origin.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { appointmentWhen } from "../jobs/job-mail.server";
import { jobDays, jobsQuery, toJob } from "../jobs/job-records.server";
import { visitsOn, workOf } from "../jobs/today.server";

/**
 * What the owners' daily e-mail says (issue 38, docs/decisions/0153), read in
 * the transaction that claims the day: the day's jobs in the order they are
 * done (the whole business's, whoever does them), the requests, bookings and
 * cancellations since `since`, and the invoices past due on `day`.
 */

export interface DigestJob {
  id: number;
  /** "9:00 AM – 11:00 AM" on the day. */
  time: string;
  /** "Day 2 of 3" for a job over several working days, else null. */
  part: string | null;
  customer: string;
  phone: string;
  address: string;
  vehicle: string;
  work: string[];
  /** Who does it: a staff member's name or address; null for nobody. */
  assignee: string | null;
}

export interface DigestRequest {
  id: number;
  name: string;
  vehicleType: string;
  address: string;
  receivedAt: Date;
}

export interface DigestBooking {
  id: number;
  customer: string;
  when: string;
  source: WorkSource;
  /** Cancellations only: who cancelled it. */
  cancelledBy: "owner" | "customer" | null;
}

export interface DigestInvoice {
  id: number;
  number: number;
  customer: string;
  dueCents: number;
  daysOverdue: number;
}

export interface DigestContent {
  day: string;
  since: Date;
  jobs: DigestJob[];
  requests: DigestRequest[];
  bookings: DigestBooking[];
  cancellations: DigestBooking[];
  overdue: DigestInvoice[];
}

export async function digestContent(db: DB, day: string, since: Date, until: Date): Promise<DigestContent> {
  const [jobs, requests, bookings, cancellations, overdue] = await Promise.all([
    dayJobs(db, day),
    newRequests(db, since, until),
    changedJobs(db, "created_at", since, until),
    changedJobs(db, "cancelled_at", since, until),
    overdueInvoices(db, day),
  ]);
  return { day, since, jobs, requests, bookings, cancellations, overdue };
}

async function dayJobs(db: DB, day: string): Promise<DigestJob[]> {
  const tz = env().BUSINESS_TIME_ZONE;
  const visits = await visitsOn(db, day, null);
  const staffIds = [...new Set(visits.flatMap((v) => (v.row.assigned_to === null ? [] : [v.row.assigned_to])))];
  const staff = staffIds.length ? await db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", staffIds).execute() : [];
  const names = new Map(staff.map((u) => [u.id, u.name || u.email]));
  return visits.map(({ row, days, index }) => {
    const job = toJob(row);
    const period = days[index]!;
    return {
      id: job.id,
      time: `${clockTime(period.startsAt, tz)} – ${clockTime(period.endsAt, tz)}`,
      part: days.length > 1 ? `Day ${index + 1} of ${days.length}` : null,
      customer: job.customer.name,
      phone: job.customer.phone,
      address: job.address,
      vehicle: job.vehicle?.label ?? job.customer.vehicleType,
      work: workOf(row.lines),
      assignee: job.assignedTo === null ? null : (names.get(job.assignedTo) ?? null),
    };
  });
}

async function newRequests(db: DB, since: Date, until: Date): Promise<DigestRequest[]> {
  const rows = await db
    .selectFrom("quote_requests")
    .select(["id", "name", "vehicle_type", "service_address", "created_at"])
    .where("created_at", ">=", since)
    .where("created_at", "<", until)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, vehicleType: r.vehicle_type, address: r.service_address, receivedAt: r.created_at }));
}

/** The jobs booked (`created_at`) or cancelled (`cancelled_at`) from `since` to `until`, in that order. */
async function changedJobs(db: DB, column: "created_at" | "cancelled_at", since: Date, until: Date): Promise<DigestBooking[]> {
  const rows = await jobsQuery(db)
    .where(`j.${column}`, ">=", since)
    .where(`j.${column}`, "<", until)
    .orderBy(`j.${column}`)
    .orderBy("j.id")
    .execute();
  return rows.map((row) => {
    const job = toJob(row);
    return { id: job.id, customer: job.customer.name, when: appointmentWhen({ days: jobDays(row) }), source: job.source, cancelledBy: column === "cancelled_at" ? job.cancelledBy : null };
  });
}

/** Sent, not paid in full and past the due date on `day` (as /admin/invoices counts them), the longest overdue first. */
async function overdueInvoices(db: DB, day: string): Promise<DigestInvoice[]> {
  const rows = await db
    .selectFrom("invoices as i")
    .innerJoin("customers as c", "c.id", "i.customer_id")
    .select(["i.id", "i.number", "c.name", sql<string>`(i.total_cents - i.paid_cents)::text`.as("due"), sql<number>`(${day}::date - i.due_date)`.as("days")])
    .where("i.status", "in", [...OWED_STATUSES])
    .where("i.due_date", "<", sql<Date>`${day}::date`)
    .where(sql<boolean>`i.total_cents > i.paid_cents`)
    .orderBy("i.due_date")
    .orderBy("i.number")
    .execute();
  return rows.map((r) => ({ id: r.id, number: r.number, customer: r.name, dueCents: Number(r.due), daysOverdue: Number(r.days) }));
}

/**
 * Who gets it: the owners, the users whose role, as sign-in sees it, is owner
 * (the stored one, or an ADMIN_EMAILS address that has signed in). An
 * address that has never signed in is nobody's inbox yet.
 */
export async function digestRecipients(db: DB): Promise<{ email: string; name: string }[]> {
  return db
    .selectFrom("users")
    .select(["email", "name"])
    .where(sql<boolean>`${effectiveRoleSql(sql.ref("role"), sql.ref("email"))} = 'owner'`)
    .orderBy("email")
    .execute();
}

/** Whether there is anything to tell: a day with no job, nothing new and nothing overdue sends no e-mail. */
export const isEmpty = (c: DigestContent) => !c.jobs.length && !c.requests.length && !c.bookings.length && !c.cancellations.length && !c.overdue.length;

/** The day before `day`: whose e-mail "since yesterday's" starts at. */
export const dayBefore = (day: string) => addDays(day, -1);
