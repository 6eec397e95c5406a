import { jobLength } from "~/lib/job-time";
import { isLiveJob, JOB_STATUS_TITLES } from "~/lib/job-status";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { findByToken, limitCustomer } from "../customer-pages.server";
import type { Limit } from "../rate-limit.server";
import { appointmentWhen } from "./job-mail.server";
import { getJobByToken, type Job } from "./job-records.server";
import { cancelJob } from "./job-status-changes.server";

/**
 * What /appointments/{token} (the customer's page, no sign-in) reads and may
 * do, and its limits: as the estimate page's (docs/decisions/0081), a wrong
 * token costs a hit of the client's limit and a cancellation is counted like
 * a decision. Cancelling online ends CANCEL_CUTOFF_HOURS before the start
 * (docs/decisions/0084); after that the customer calls.
 */

export const CANCEL_LIMITS: Limit[] = [
  { bucket: "appointment:ip", max: 5, windowMs: 10 * 60_000 },
  { bucket: "appointment:ip:day", max: 20, windowMs: 24 * 3600_000 },
];

export const APPOINTMENT_NOT_FOUND = "There is no appointment at this address. Please check the link in your e-mail.";

/** The job for its token, or a 404 (counted against the client's wrong-token limit, past which every token is a 429). */
export async function jobForCustomer(db: DB, token: string | undefined, clientIp: string): Promise<Job> {
  return findByToken(db, clientIp, async () => (token ? await getJobByToken(db, token) : undefined), APPOINTMENT_NOT_FOUND);
}

/** Until when the customer may cancel online. */
export const cancelDeadline = (job: Pick<Job, "startsAt">) => new Date(job.startsAt.getTime() - env().CANCEL_CUTOFF_HOURS * 3_600_000);

/** Whether Cancel Appointment is offered: the job still holds its time and the cutoff is ahead. */
export const canCancelOnline = (job: Pick<Job, "status" | "startsAt">, now = new Date()) => isLiveJob(job.status) && now < cancelDeadline(job);

/** The page's data: formatted on the server, nothing beyond what the customer's e-mail carried. */
export function appointmentView(job: Job, now = new Date()) {
  return {
    customerName: job.customer.name,
    when: appointmentWhen(job),
    duration: jobLength(job),
    address: job.address,
    status: job.status,
    statusTitle: JOB_STATUS_TITLES[job.status],
    cancelledBy: job.cancelledBy,
    canCancel: canCancelOnline(job, now),
    cutoffHours: env().CANCEL_CUTOFF_HOURS,
  };
}
export type AppointmentView = ReturnType<typeof appointmentView>;

/** What a press of Cancel Appointment did. */
export type CancelOutcome = "cancelled" | "already" | "late";

/**
 * Cancel Appointment: counted against the client's limits, refused past the
 * cutoff, then cancelJob as the customer (the owner's e-mail, the customer's
 * METHOD:CANCEL invite, the time freed). Of two presses at once, cancelJob's
 * conditional update lets one through; the other is "already".
 */
export async function cancelAsCustomer(db: DB, job: Job, clientIp: string, origin: string | undefined, now = new Date()): Promise<CancelOutcome> {
  await limitCustomer(db, CANCEL_LIMITS, clientIp);
  if (!isLiveJob(job.status)) return "already";
  if (!canCancelOnline(job, now)) return "late";
  const cancelled = await cancelJob(db, job.id, "customer", `${job.customer.name} (customer, appointment page)`, origin);
  return cancelled ? "cancelled" : "already";
}
