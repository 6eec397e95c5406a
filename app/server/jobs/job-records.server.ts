import { sql } from "kysely";
import { shownActor } from "../actor.server";
import { notFound } from "../app-error.server";
import { joinedVehicle } from "../customers/saved-details.server";
import type { JobStatus } from "~/lib/job-status";
import type { WorkSource } from "../customers/work-origin.server";
import type { DB } from "../db.server";

/**
 * Reading jobs (docs/decisions/0083): what the pages, the e-mails, the
 * reminders and the feed need of a job and its customer. The changes are
 * booking (./job-booking.server.ts), rescheduling, assignment and status
 * changes (./job-rescheduling, ./job-assignment, ./job-status-changes).
 */

export interface Job {
  id: number;
  customerId: number;
  /** The quote request it answers, if any (docs/decisions/0110). */
  leadId: number | null;
  source: WorkSource;
  estimateId: number | null;
  token: string;
  status: JobStatus;
  startsAt: Date;
  /** When the work ends (on its last day). */
  endsAt: Date;
  /** Its working periods, one a day: one for a job of one day, each day's for a job over consecutive working days (docs/decisions/0131). */
  days: JobDay[];
  /** The working minutes, all days together. */
  durationMinutes: number;
  bufferMinutes: number;
  address: string;
  /** Where it is, for the road between jobs (docs/decisions/0130); null: not known. */
  zip: string | null;
  notes: string;
  /** The invite's SEQUENCE: raised by each change the customer is told of. */
  sequence: number;
  cancelledBy: "owner" | "customer" | null;
  createdAt: Date;
  updatedAt: Date;
  /** The customer's contact details, from their record; the vehicle type their request named ("" without one). */
  customer: { name: string; email: string; phone: string; vehicleType: string };
  /** The customer's saved vehicle the job is for (vehicleLabel), null when none was picked. */
  vehicle: { id: number; label: string } | null;
  /** That vehicle's kind ("Boat", "Car"…; lib/vehicle-kinds.ts), null without one: a condition report's areas. */
  vehicleKind: string | null;
  /** The staff member who does it (docs/decisions/0115); null: nobody (no staff yet, or their row was deleted). */
  assignedTo: number | null;
  /** When Start Job began the work, and when it was finished (Finish Job or Mark Done); null until then (issue 36). */
  startedAt: Date | null;
  doneAt: Date | null;
  /** The name the customer typed at Finish Job to sign the work off; null until then. */
  signedOffName: string | null;
}

export interface JobDay {
  startsAt: Date;
  endsAt: Date;
}

/** An id from the URL: a positive whole number, or a 404. */
export function jobId(raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound("Job not found");
  return Number(raw);
}

const COLUMNS = [
  "j.id",
  "j.customer_id",
  "j.assigned_to",
  "j.lead_id",
  "j.source",
  "j.estimate_id",
  "j.token",
  "j.status",
  "j.starts_at",
  "j.duration_minutes",
  "j.buffer_minutes",
  "j.address",
  "j.zip",
  "j.notes",
  "j.sequence",
  "j.cancelled_by",
  "j.started_at",
  "j.done_at",
  "j.signed_off_name",
  "j.created_at",
  "j.updated_at",
  "c.name",
  "c.email",
  "c.phone",
  "q.vehicle_type",
  "j.vehicle_id",
  "v.kind",
  "v.make",
  "v.model",
  "v.year",
  "v.color",
] as const;

/** The jobs with their customers, for the callers that list them (the week, the feed). */
export function jobsQuery(db: DB) {
  return db
    .selectFrom("jobs as j")
    .innerJoin("customers as c", "c.id", "j.customer_id")
    .leftJoin("quote_requests as q", "q.id", "j.lead_id")
    .leftJoin("vehicles as v", "v.id", "j.vehicle_id")
    .select(COLUMNS)
    .select(workDaysColumn("j.work_days").as("work_days"));
}

/** A job's days over consecutive working days (the column `ref`) as [start, end] pairs in order, or null for a job of one day. */
export const workDaysColumn = (ref: string) =>
  sql<[string, string][] | null>`(SELECT json_agg(json_build_array(lower(d), upper(d)) ORDER BY lower(d)) FROM unnest(${sql.ref(ref)}) AS d)`;

/** The job's days: each period of work_days, or the one from its start for its duration. */
export function jobDays(row: { starts_at: Date; duration_minutes: number; work_days: [string, string][] | null }): JobDay[] {
  if (row.work_days) return row.work_days.map(([start, end]) => ({ startsAt: new Date(start), endsAt: new Date(end) }));
  return [{ startsAt: row.starts_at, endsAt: new Date(row.starts_at.getTime() + row.duration_minutes * 60_000) }];
}

type JobRow = Awaited<ReturnType<ReturnType<typeof jobsQuery>["executeTakeFirstOrThrow"]>>;

export function toJob(row: JobRow): Job {
  const days = jobDays(row);
  return {
    id: row.id,
    customerId: row.customer_id,
    leadId: row.lead_id,
    source: row.source,
    estimateId: row.estimate_id,
    token: row.token,
    status: row.status,
    startsAt: row.starts_at,
    endsAt: days.at(-1)!.endsAt,
    days,
    durationMinutes: row.duration_minutes,
    bufferMinutes: row.buffer_minutes,
    address: row.address,
    zip: row.zip,
    notes: row.notes,
    sequence: row.sequence,
    cancelledBy: row.cancelled_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    customer: { name: row.name, email: row.email, phone: row.phone, vehicleType: row.vehicle_type ?? "" },
    vehicle: joinedVehicle(row),
    vehicleKind: row.vehicle_id === null ? null : row.kind,
    assignedTo: row.assigned_to,
    startedAt: row.started_at,
    doneAt: row.done_at,
    signedOffName: row.signed_off_name,
  };
}

export async function getJob(db: DB, id: number): Promise<Job> {
  const row = await jobsQuery(db).where("j.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Job not found");
  return toJob(row);
}

export async function getJobByToken(db: DB, token: string): Promise<Job | undefined> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(token)) return undefined;
  const row = await jobsQuery(db).where("j.token", "=", token).executeTakeFirst();
  return row && toJob(row);
}

/** A lead's jobs, newest first: for its page. */
export async function leadJobs(db: DB, leadId: number): Promise<Job[]> {
  const rows = await jobsQuery(db).where("j.lead_id", "=", leadId).orderBy("j.starts_at", "desc").execute();
  return rows.map(toJob);
}

/** A job's events, oldest first: its page and its lead's history. */
export async function jobEvents(db: DB, jobIds: number[]) {
  if (!jobIds.length) return [];
  return db.selectFrom("job_events as v").select(["id", "job_id", "kind", "body", shownActor("v").as("actor"), "created_at"]).where("job_id", "in", jobIds).orderBy("id").execute();
}
