import { randomUUID } from "node:crypto";
import { shortDayAndTime, timeOnTheJob } from "~/lib/job-time";
import { JOB_STATUS_TITLES, JOB_EVENT_WORDS, isLiveJob } from "~/lib/job-status";
import type { JobForm } from "~/lib/job-input";
import { addDays, dayIn, timeIn } from "~/lib/time-zone";
import { shownTime } from "~/lib/time-ago";
import { AppError, notFound } from "../app-error.server";
import { can, canReadJob, canWorkJob, OWNER_ONLY } from "../auth/permissions.server";
import { assignableStaff } from "../auth/staff.server";
import type { SessionUser } from "../session.server";
import type { DB } from "../db.server";
import { savedDetails } from "../customers/saved-details.server";
import { planVisitOf } from "../plans/plan-visit.server";
import { env } from "../env.server";
import { appointmentWhen } from "./job-mail.server";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { dateFormat } from "~/lib/date-format";
import { INVOICE_STATUS_TITLES } from "~/lib/invoice-status";
import { formatCents } from "~/lib/money";
import { leadPhotos } from "../quote-photos/lead-photos.server";
import { zipOfAddress } from "~/lib/address-zip";
import { fieldWorkView } from "../field-work/field-work-view.server";
import { depositPageView, jobDeposit } from "./deposit-records.server";
import { nextFreeTime } from "./free-times.server";
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
 * estimate's vehicle, else their only one, at the next free time (working
 * days and hours, the travel buffer; never one already begun), else tomorrow
 * at 9:00. A named estimate must be the lead's and accepted; one that has a
 * job already (not cancelled) is not offered: `estimate.job` names that job
 * (scheduleJob checks both again).
 */
export async function newJobView(db: DB, leadId: number, estimateId: number | null, now = new Date()) {
  const lead = await db.selectFrom("quote_requests").select(["id", "name", "service_address", "customer_id"]).where("id", "=", leadId).executeTakeFirst();
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
  const durationMinutes = estimate && estimate.duration_minutes > 0 ? estimate.duration_minutes : DEFAULT_JOB_MINUTES;
  const tz = env().BUSINESS_TIME_ZONE;
  const [saved, existing, next] = await Promise.all([
    savedDetails(db, lead.customer_id),
    estimate ? db.selectFrom("jobs").select("id").where("estimate_id", "=", estimate.id).where("status", "<>", "cancelled").orderBy("id").executeTakeFirst() : undefined,
    // Reckoned from the request's address, with the road to and from the jobs around it (docs/decisions/0130).
    nextFreeTime(db, durationMinutes, now, { zip: zipOfAddress(lead.service_address) }),
  ]);
  const vehicleId = estimate?.vehicle_id ?? (saved.vehicles.length === 1 ? saved.vehicles[0]!.id : null);
  const values: JobForm = {
    date: next ? dayIn(next, tz) : addDays(dayIn(now, tz), 1),
    startTime: next ? timeIn(next, tz) : "09:00",
    durationMinutes: String(durationMinutes),
    address: lead.service_address || (saved.addresses[0] ?? ""),
    notes: "",
    vehicleId: vehicleId === null ? "" : String(vehicleId),
  };
  return {
    lead: { id: lead.id, name: lead.name },
    estimate: estimate && {
      id: estimate.id,
      number: estimate.number,
      accepted: estimate.status === "accepted",
      /** The job that has it already: the form is then for the lead alone. */
      job: existing ? { id: existing.id, when: appointmentWhen(await getJob(db, existing.id)) } : null,
    },
    values,
    saved,
  };
}

/**
 * The job's page: the job, then at once and side by side, one query each
 * (never one per line or photo): its history, the customer's saved details,
 * the review, what to do (jobWork) and its invoices.
 */
export async function jobPageView(db: DB, id: number, now: Date, user: SessionUser) {
  const tz = env().BUSINESS_TIME_ZONE;
  const job = await getJob(db, id);
  // A technician reads the jobs assigned to them, and no invoice (docs/decisions/0114).
  if (!canReadJob(user, job.assignedTo)) throw new AppError(403, OWNER_ONLY);
  const owner = can(user, "invoices.read");
  const [events, saved, review, work, invoices, staff, deposit, fieldWork, planVisit] = await Promise.all([
    jobEvents(db, [id]),
    savedDetails(db, job.customerId),
    db
      .selectFrom("reviews as r")
      .leftJoin("testimonials as t", "t.id", "r.testimonial_id")
      .select(["r.stars", "r.text", "r.display_name", "r.consent", "r.testimonial_id", "t.published", "r.requested_at", "r.submitted_at"])
      .where("r.job_id", "=", id)
      .executeTakeFirst(),
    jobWork(db, job),
    owner ? jobInvoices(db, id) : [],
    owner ? assignableStaff(db) : [],
    // Money is the owner's, as the invoices are.
    owner ? jobDeposit(db, id) : undefined,
    // The checklist, the before and after photos (docs/decisions/0138, 0139).
    fieldWorkView(db, job, user, now),
    // A plan's visit: which plan, which visit (docs/decisions/0155).
    planVisitOf(db, id),
  ]);
  const day = dayIn(job.startsAt, tz);
  return {
    /** The owner's page: actions, invoices and Assigned To; a technician's has the field work alone. */
    owner,
    /** The owner, or the technician it is assigned to: On My Way, Start Job, Finish Job and the rest of the field work. */
    canWork: canWorkJob(user, job.assignedTo),
    /** The idempotency key of this page's field forms (a replay of one post changes nothing); a new one each time the page is read. */
    fieldKey: randomUUID(),
    /** On My Way's and Start Job's keys: each step a key of its own, so the offline queue's replay of one is never taken for another. */
    stepKeys: { onTheWay: randomUUID(), start: randomUUID() },
    assignment: { assignedTo: job.assignedTo, staff },
    job: {
      id: job.id,
      leadId: job.leadId,
      customerId: job.customerId,
      estimateId: job.estimateId,
      customer: job.customer,
      when: appointmentWhen(job),
      address: job.address,
      notes: job.notes,
      vehicle: job.vehicle?.label ?? null,
      planVisit: planVisit && { planName: planVisit.planName, number: planVisit.number, plannedFor: planVisit.plannedFor },
      /** The saved vehicle's kind: a condition report's areas (a boat's or a car's). */
      vehicleKind: job.vehicleKind,
      status: job.status,
      statusTitle: JOB_STATUS_TITLES[job.status],
      live: isLiveJob(job.status),
      /** On My Way applies once, to a job not yet on its way or started. */
      canStart: job.status === "scheduled",
      /** Start Job: scheduled or on the way; Finish Job: in progress (issue 36). */
      inProgress: job.status === "in_progress",
      started: job.startedAt && shortDayAndTime(job.startedAt, tz),
      finished: job.doneAt && shortDayAndTime(job.doneAt, tz),
      timeOnTheJob: job.startedAt && job.doneAt ? timeOnTheJob(job.startedAt, job.doneAt, job.durationMinutes) : null,
      signedOffName: job.signedOffName,
      /** Its day in the business's time zone, "Tuesday, December 1": On My Way and Mark Done ask first on any other day than today. */
      day: jobDay(job.startsAt, now, tz),
      today: day === dayIn(now, tz),
      stamp: `${job.id}-${job.sequence}-${job.updatedAt.getTime()}`,
    },
    values: jobFormValues(job),
    saved,
    work,
    fieldWork,
    invoices,
    /** The deposit its booking asked for (docs/decisions/0132): due with its hold, received or released; null for none (and for a technician). */
    deposit: depositPageView(deposit, job, now),
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

/** "Tuesday, December 1", with the year when it is not this year's. */
export function jobDay(at: Date, now: Date, timeZone: string): string {
  const sameYear = dayIn(at, timeZone).slice(0, 4) === dayIn(now, timeZone).slice(0, 4);
  return dateFormat(timeZone, sameYear ? SHORT_DAY : LONG_DAY).format(at);
}

const SHORT_DAY: Intl.DateTimeFormatOptions = { weekday: "long", month: "long", day: "numeric" };
const LONG_DAY: Intl.DateTimeFormatOptions = { ...SHORT_DAY, year: "numeric" };

/**
 * What to do at the job: the customer's request (their vehicle type, their
 * words and photos) and the estimate the job is for, with its lines and
 * price. Three reads side by side: the request, its photos, the estimate
 * with its lines (one query, the lines as JSON).
 */
async function jobWork(db: DB, job: Job) {
  const { leadId } = job;
  const [request, photos, estimate] = await Promise.all([
    // A job without a lead has no request, so no words or photos of the customer's.
    leadId === null ? undefined : db.selectFrom("quote_requests").select(["vehicle_type", "message"]).where("id", "=", leadId).executeTakeFirstOrThrow(),
    leadId === null ? [] : leadPhotos(db, leadId),
    job.estimateId === null
      ? undefined
      : db
          .selectFrom("estimates as e")
          .select((eb) => [
            "e.id",
            "e.number",
            "e.subtotal_cents",
            "e.tax_cents",
            "e.total_cents",
            jsonArrayFrom(eb.selectFrom("estimate_lines as l").select(["l.description", "l.quantity", "l.unit_price_cents"]).whereRef("l.estimate_id", "=", "e.id").orderBy("l.position")).as("lines"),
          ])
          .where("e.id", "=", job.estimateId)
          .executeTakeFirst(),
  ]);
  return {
    vehicleType: request?.vehicle_type ?? "",
    message: request?.message ?? "",
    photos,
    estimate: estimate
      ? {
          id: estimate.id,
          number: estimate.number,
          lines: estimate.lines.map((l) => ({
            description: l.description,
            quantity: l.quantity,
            unitPrice: formatCents(l.unit_price_cents),
            amount: formatCents(l.unit_price_cents * l.quantity),
          })),
          subtotal: formatCents(Number(estimate.subtotal_cents)),
          tax: Number(estimate.tax_cents) > 0 ? formatCents(Number(estimate.tax_cents)) : null,
          total: formatCents(Number(estimate.total_cents)),
        }
      : null,
  };
}

/** The job's invoices, void ones aside, oldest first: Create Invoice opens the newest of them. */
async function jobInvoices(db: DB, jobId: number) {
  const rows = await db.selectFrom("invoices").select(["id", "number", "status"]).where("job_id", "=", jobId).where("status", "<>", "void").orderBy("id").execute();
  return rows.map((row) => ({ id: row.id, number: row.number, status: INVOICE_STATUS_TITLES[row.status] }));
}

/** The lead page's jobs, newest first. */
export async function leadJobsView(db: DB, leadId: number) {
  const jobs = await leadJobs(db, leadId);
  return jobs.map((job) => ({ id: job.id, when: appointmentWhen(job), status: JOB_STATUS_TITLES[job.status] }));
}

/** The estimate a job from the lead page is for: its newest accepted one that has no job yet (cancelled ones aside), if any. */
export async function acceptedEstimateOf(db: DB, leadId: number): Promise<number | null> {
  const row = await db
    .selectFrom("estimates as e")
    .select("e.id")
    .where("e.lead_id", "=", leadId)
    .where("e.status", "=", "accepted")
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("jobs as j").select("j.id").whereRef("j.estimate_id", "=", "e.id").where("j.status", "<>", "cancelled"))))
    .orderBy("e.id", "desc")
    .executeTakeFirst();
  return row?.id ?? null;
}

export type JobPageView = Awaited<ReturnType<typeof jobPageView>>;
export type NewJobView = Awaited<ReturnType<typeof newJobView>>;
export type LeadJob = Awaited<ReturnType<typeof leadJobsView>>[number];

/**
 * On My Way and Mark Done on a live job of another day than today (business
 * time) ask first: the question, or null when the job is today's (or no longer
 * live: the action itself then says why it cannot).
 */
export function notTodayQuestion(job: Job, intent: "on_the_way" | "done", now: Date): string | null {
  const tz = env().BUSINESS_TIME_ZONE;
  if (!isLiveJob(job.status) || dayIn(job.startsAt, tz) === dayIn(now, tz)) return null;
  return `This job is on ${jobDay(job.startsAt, now, tz)}. ${intent === "done" ? "Mark it done now?" : "Send On My Way now?"}`;
}

/** The question the job page's action answers instead of acting (200): asked, the same post again with confirm=yes acts. */
export interface JobConfirmation {
  intent: "on_the_way" | "done";
  confirm: string;
  /** On My Way's Arriving in, carried to the confirming post. */
  minutes?: number;
  /** On My Way's key, carried likewise: the confirming post is the same step. */
  key?: string;
}

/** What the job forms' actions answer when they refuse (400, 404, 409): the message, each field's, and what was typed. */
export interface JobActionFailure {
  intent: string;
  error: string;
  fields?: Record<string, string>;
  values?: JobForm;
  /** Another refused form's fields as typed (Finish Job's, the condition report's, which photos form: `kind`), by name, to show again. */
  typed?: Record<string, string>;
}
