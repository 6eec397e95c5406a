import { JOB_STATUS_TITLES, JOB_EVENT_WORDS, isLiveJob } from "~/lib/job-status";
import type { JobForm } from "~/lib/job-input";
import { dayIn, timeIn } from "~/lib/time-zone";
import { shownTime } from "~/lib/time-ago";
import { notFound } from "../app-error.server";
import type { DB } from "../db.server";
import { savedDetails } from "../customers/saved-details.server";
import { env } from "../env.server";
import { appointmentWhen } from "./job-mail.server";
import { getJob, jobEvents, leadJobs, type Job } from "./job-records.server";

/**
 * What the owner's job pages show (/admin/jobs/new and /admin/jobs/{id}) and
 * the lead page's list of jobs, built on the server with every time in words
 * in the business's time zone.
 */

/** A new job's length when nothing says otherwise. */
export const DEFAULT_JOB_MINUTES = 120;

/** The form's values of a stored job: its date and start in business time. */
export function jobFormValues(job: Job): JobForm {
  const tz = env().BUSINESS_TIME_ZONE;
  return {
    date: dayIn(job.startsAt, tz),
    startTime: timeIn(job.startsAt, tz),
    durationMinutes: String(job.durationMinutes),
    address: job.address,
    notes: job.notes,
    vehicleId: job.vehicle ? String(job.vehicle.id) : "",
  };
}

/**
 * Schedule Job's form for a lead, and the estimate it is for when one is
 * named: the estimate's duration (the lead's request records no services, so
 * there is nothing else to sum), else 120 minutes. A returning customer's
 * saved vehicles and earlier addresses are offered (savedDetails); the form
 * starts with the request's service address, else their latest one, and the
 * estimate's vehicle, else their only one. A named estimate must be the
 * lead's and accepted (scheduleJob checks again).
 */
export async function newJobView(db: DB, leadId: number, estimateId: number | null) {
  const lead = await db.selectFrom("quote_requests").select(["id", "name", "service_address"]).where("id", "=", leadId).executeTakeFirst();
  if (!lead) throw notFound("Lead not found");
  const estimate =
    estimateId === null
      ? null
      : await db
          .selectFrom("estimates")
          .select(["id", "number", "duration_minutes", "status", "vehicle_id"])
          .where("id", "=", estimateId)
          .where("lead_id", "=", leadId)
          .executeTakeFirst();
  if (estimateId !== null && !estimate) throw notFound("Estimate not found");
  const saved = await savedDetails(db, leadId);
  const vehicleId = estimate?.vehicle_id ?? (saved.vehicles.length === 1 ? saved.vehicles[0]!.id : null);
  const values: JobForm = {
    date: dayIn(new Date(), env().BUSINESS_TIME_ZONE),
    startTime: "09:00",
    durationMinutes: String(estimate && estimate.duration_minutes > 0 ? estimate.duration_minutes : DEFAULT_JOB_MINUTES),
    address: lead.service_address || (saved.addresses[0] ?? ""),
    notes: "",
    vehicleId: vehicleId === null ? "" : String(vehicleId),
  };
  return {
    lead: { id: lead.id, name: lead.name },
    estimate: estimate && { id: estimate.id, number: estimate.number, accepted: estimate.status === "accepted" },
    values,
    saved,
  };
}

export async function jobPageView(db: DB, id: number, now: Date) {
  const tz = env().BUSINESS_TIME_ZONE;
  const job = await getJob(db, id);
  const [events, saved] = await Promise.all([jobEvents(db, [id]), savedDetails(db, job.leadId)]);
  const review = await db
    .selectFrom("reviews as r")
    .leftJoin("testimonials as t", "t.id", "r.testimonial_id")
    .select(["r.stars", "r.text", "r.display_name", "r.consent", "r.testimonial_id", "t.published", "r.requested_at", "r.submitted_at"])
    .where("r.job_id", "=", id)
    .executeTakeFirst();
  return {
    job: {
      id: job.id,
      leadId: job.leadId,
      estimateId: job.estimateId,
      customer: job.customer,
      when: appointmentWhen(job),
      address: job.address,
      notes: job.notes,
      vehicle: job.vehicle?.label ?? null,
      status: job.status,
      statusTitle: JOB_STATUS_TITLES[job.status],
      live: isLiveJob(job.status),
      /** On My Way applies once, to a job not yet started. */
      canStart: job.status === "scheduled",
      stamp: `${job.id}-${job.sequence}-${job.updatedAt.getTime()}`,
    },
    values: jobFormValues(job),
    saved,
    events: events.map((e) => ({ id: e.id, words: JOB_EVENT_WORDS[e.kind], body: e.body, actor: e.actor, at: shownTime(e.created_at, now, tz) })),
    /** The customer's review (docs/decisions/0091): asked for, and what they said once they did. */
    review: review && {
      requestedAt: shownTime(review.requested_at, now, tz),
      submitted:
        review.submitted_at && review.stars
          ? {
              stars: review.stars,
              text: review.text,
              displayName: review.display_name,
              consent: review.consent,
              testimonialId: review.testimonial_id,
              published: review.published === true,
              at: shownTime(review.submitted_at, now, tz),
            }
          : null,
    },
  };
}

/** The lead page's jobs, newest first. */
export async function leadJobsView(db: DB, leadId: number) {
  const jobs = await leadJobs(db, leadId);
  return jobs.map((job) => ({ id: job.id, when: appointmentWhen(job), status: JOB_STATUS_TITLES[job.status] }));
}

/** The estimate a job from the lead page is for: its newest accepted one, if any. */
export async function acceptedEstimateOf(db: DB, leadId: number): Promise<number | null> {
  const row = await db.selectFrom("estimates").select("id").where("lead_id", "=", leadId).where("status", "=", "accepted").orderBy("id", "desc").executeTakeFirst();
  return row?.id ?? null;
}

export type JobPageView = Awaited<ReturnType<typeof jobPageView>>;
export type NewJobView = Awaited<ReturnType<typeof newJobView>>;
export type LeadJob = Awaited<ReturnType<typeof leadJobsView>>[number];

/** What the job forms' actions answer when they refuse (400, 404, 409): the message, each field's, and what was typed. */
export interface JobActionFailure {
  intent: string;
  error: string;
  fields?: Record<string, string>;
  values?: JobForm;
}
