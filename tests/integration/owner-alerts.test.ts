import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { stopBackgroundJobs } from "~/server/background.server";
import { reloadEnv } from "~/server/env.server";
import { decideEstimate } from "~/server/estimates/decisions.server";
import { createEstimate, getEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { sendEstimate } from "~/server/estimates/send.server";
import { appointmentWhen } from "~/server/jobs/job-mail.server";
import { getJob } from "~/server/jobs/job-records.server";
import { markDone } from "~/server/jobs/job-status-changes.server";
import type { BookingView } from "~/server/jobs/self-booking.server";
import { listTestimonials } from "~/server/public-content.server";
import { NO_CONSENT, publishReview } from "~/server/reviews/publish.server";
import { queueDueReviewRequests } from "~/server/reviews/review-requests.server";
import { saveSettings } from "~/server/settings.server";
import { minutesFromNow, scheduleAt } from "../helpers/appointments";
import { estimateForm, insertLead } from "../helpers/estimates";
import { callRoute, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";
import { leadOrigin } from "~/server/customers/work-origin.server";

// Issue 32, "The owner is not told": what a customer does alone on their pages
// (books a time, sends a review) e-mails the owner once, queued with the
// action itself, so a double submit sends one; the review's e-mail leads to a
// Publish button; an accepted estimate too long to book online tells the
// owner why the customer could not book, and the customer when they will hear.
// Through the routes, a real database and a real SMTP server.
const OWNER = "owner@shine.example";
const ORIGIN = "https://shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, MAIL_FROM: "Shine On Wheels <info@shine.example>", APP_URL: ORIGIN });
const db = () => database.db;
let ip = 0;
const context = () => routeContext(db(), { clientIp: `198.51.100.${++ip}` });

let mailbox: SmtpSink;
let admin: string;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  // The working day: 8 to 5, nine hours.
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "0", workdayStart: "08:00", workdayEnd: "17:00" }, OWNER);
  admin = await sessionCookieFor(db(), "admin@shine.example", { admin: true });
});
afterAll(async () => {
  await stopBackgroundJobs();
  await mailbox?.stop();
});

const toOwner = (subject: string) => (m: ReceivedMail) => m.to.includes(OWNER) && m.subject.startsWith(subject);
const post = (path: string, fields: [string, string][], cookie?: string) =>
  callRoute(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    }),
    context(),
  );
const get = (path: string, cookie?: string) => callRoute(new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }), context());
const queuedOf = (leadId: number, kind: string) => db().selectFrom("email_outbox").select("id").where("lead_id", "=", leadId).where("kind", "=", kind).execute();

/** A sent estimate of `minutes` for a new customer, accepted by them. */
async function acceptedEstimate(email: string, minutes: number) {
  const lead = await insertLead(db(), { email });
  await db().updateTable("quote_requests").set({ service_address: "45 Lake Dr, Grand Rapids, MI" }).where("id", "=", lead).execute();
  const id = await createEstimate(db(), await leadOrigin(db(), lead), OWNER);
  await saveEstimate(db(), id, estimateForm([["Full detail", "1", "249"]], { durationMinutes: String(minutes) }));
  await sendEstimate(db(), id, OWNER, ORIGIN);
  expect(await decideEstimate(db(), await getEstimate(db(), id), "accepted")).toEqual({ decided: true });
  return getEstimate(db(), id);
}

async function booking(token: string): Promise<BookingView | null> {
  const res = await get(`/estimates/${token}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { booking: BookingView | null }).booking;
}

describe("New booking:", () => {
  it("goes to the owner once when the customer books, even when Book This Time is sent twice at once", async () => {
    const estimate = await acceptedEstimate("books-twice@example.com", 180);
    const view = await booking(estimate.token);
    if (view?.kind !== "choose") throw new Error(`expected free times, got ${JSON.stringify(view)}`);
    const start = view.days[2]!.times[0]!.value;
    const presses = await Promise.all(
      [0, 1].map(() => post(`/estimates/${estimate.token}`, [["intent", "book"], ["start", start], ["address", "45 Lake Dr, Grand Rapids, MI"]])),
    );
    expect(presses.map((r) => r.status)).toEqual([303, 303]);
    const jobs = await db().selectFrom("jobs").select("id").where("estimate_id", "=", estimate.id).execute();
    expect(jobs).toHaveLength(1);
    const job = await getJob(db(), jobs[0]!.id);

    const mail = await mailbox.waitFor(toOwner(`New booking: ${estimate.customer.name}`), 30_000);
    expect(mail.subject).toBe(`New booking: ${estimate.customer.name}, ${appointmentWhen(job)}`);
    expect(mail.text).toContain(`${estimate.customer.name} booked a time online for estimate #${estimate.number}.`);
    expect(mail.text).toContain(`When:    ${appointmentWhen(job)} (about 3 hours)`);
    expect(mail.text).toContain("Where:   45 Lake Dr, Grand Rapids, MI");
    expect(mail.text).toContain(`Open the job: ${ORIGIN}/admin/jobs/${job.id}`);
    expect(mail.replyTo).toBe("books-twice@example.com");
    expect(mail.html).toBeFalsy();
    // The customer's confirmation comes in the same delivery; by then a second alert would have too.
    await mailbox.waitFor((m) => m.to.includes("books-twice@example.com") && m.subject.startsWith("Appointment confirmed:"), 30_000);
    expect(mailbox.messages.filter(toOwner(`New booking: ${estimate.customer.name}`))).toHaveLength(1);
    expect(await queuedOf(estimate.leadId!, "job_booked_by_customer")).toHaveLength(1);
  });

  it("is not sent for a job the owner schedules", async () => {
    // Past the 14 days the customers here book in: no test's job stands in its way, whatever the hour.
    const job = await scheduleAt(db(), minutesFromNow(19 * 24 * 60), { origin: ORIGIN });
    expect(await queuedOf(job.leadId!, "job_confirmed")).toHaveLength(1);
    expect(await queuedOf(job.leadId!, "job_booked_by_customer")).toHaveLength(0);
  });
});

// Issue 35 (docs/decisions/0131): work longer than a working day books its
// working days online; past what a booking online takes, the customer calls.
describe("an accepted estimate longer than a working day", () => {
  it("is offered its working days in a row, and the owner told so", async () => {
    // A full detail (240 min) plus a ceramic coating (480 min), on a working day of 8 to 5: two days.
    const estimate = await acceptedEstimate("two-days@example.com", 720);
    const mail = await mailbox.waitFor(toOwner(`Estimate #${estimate.number} accepted`), 30_000);
    expect(mail.text).toContain(`${estimate.customer.name} was offered your free times to book online`);
    const view = await booking(estimate.token);
    expect(view).toMatchObject({ kind: "choose", overDays: expect.stringContaining("about 12 hours over 2 working days") });
  });

  it("past the working days a booking online takes, tells the owner the customer could not book and why, and the customer when they will hear", async () => {
    // 50 hours: six working days of nine hours.
    const estimate = await acceptedEstimate("too-long@example.com", 3000);
    const mail = await mailbox.waitFor(toOwner(`Estimate #${estimate.number} accepted`), 30_000);
    expect(mail.text).toContain(`${estimate.customer.name} could not book a time online: the job takes 50 hours, more than the 5 working days a booking online can take.`);
    expect(mail.text).toContain("They were told you will call them within 24 hours to schedule it.");
    expect(mail.text).not.toContain("offered your free times");
    expect(await booking(estimate.token)).toEqual({ kind: "call", blocked: { why: "too_many_days", jobMinutes: 3000, maxDays: 5 } });
  });

  it("says a bookable one was offered the free times", async () => {
    const estimate = await acceptedEstimate("fits@example.com", 240);
    const mail = await mailbox.waitFor(toOwner(`Estimate #${estimate.number} accepted`), 30_000);
    expect(mail.text).toContain(`${estimate.customer.name} was offered your free times to book online`);
    expect((await booking(estimate.token))?.kind).toBe("choose");
  });
});

describe("New review: and Publish", () => {
  /** A done job whose review request has gone out: its review token. */
  /** `days` ahead, past the 14 days the customers here book in: no test's job stands in its way, whatever the hour. */
  async function reviewRequested(email: string, days: number) {
    const job = await scheduleAt(db(), minutesFromNow(days * 24 * 60), { email, origin: ORIGIN });
    await markDone(db(), job.id, OWNER);
    await db().updateTable("jobs").set({ review_due_at: new Date(Date.now() - 1000) }).where("id", "=", job.id).execute();
    expect(await queueDueReviewRequests(db())).toBeGreaterThanOrEqual(1);
    const { token } = await db().selectFrom("reviews").select("token").where("job_id", "=", job.id).executeTakeFirstOrThrow();
    return { job, token };
  }
  const review = (token: string, fields: [string, string][]) => post(`/reviews/${token}`, fields);

  it("e-mails the owner once (a double submit too), linking the review, whose Publish shows it on the site", async () => {
    const { job, token } = await reviewRequested("happy-twice@example.com", 20);
    const text = "Spotless inside and out.\nWill book again.";
    const fields: [string, string][] = [["stars", "5"], ["text", text], ["displayName", "Dana K."], ["consent", "yes"]];
    const sent = await Promise.all([review(token, fields), review(token, fields)]);
    expect(sent.map((r) => r.status)).toEqual([303, 303]);

    const mail = await mailbox.waitFor(toOwner("New review:"), 30_000);
    expect(mail.subject).toBe(`New review: 5 stars from ${job.customer.name}`);
    expect(mail.text).toContain("> Spotless inside and out.\n> Will book again.");
    expect(mail.text).toContain(`To publish it, open it and press Publish: ${ORIGIN}/admin/jobs/${job.id}#review`);
    expect(await queuedOf(job.leadId!, "review_new")).toHaveLength(1);

    // The link's page: the review, unpublished, with Publish.
    const page = await get(`/admin/jobs/${job.id}`, admin);
    const view = (await page.json()) as { review: { submitted: { testimonialId: number; published: boolean } } };
    expect(view.review.submitted).toMatchObject({ published: false });
    const testimonialId = view.review.submitted.testimonialId;
    expect((await listTestimonials(db())).map((t) => t.id)).not.toContain(testimonialId);

    // Only an administrator's post gets through the dashboard's guard.
    const stranger = await sessionCookieFor(db(), "not-admin@example.com", { admin: false });
    expect((await post(`/admin/jobs/${job.id}`, [["intent", "publish_review"]], stranger)).status).toBe(403);
    const published = await post(`/admin/jobs/${job.id}`, [["intent", "publish_review"]], admin);
    expect(published.status).toBe(303);
    expect(published.headers.get("location")).toBe(`/admin/jobs/${job.id}?done=published`);
    expect((await listTestimonials(db())).find((t) => t.id === testimonialId)).toMatchObject({ name: "Dana K.", rating: 5, text });
    // Again (a second tab): nothing changes, no error.
    expect((await post(`/admin/jobs/${job.id}`, [["intent", "publish_review"]], admin)).status).toBe(303);
    expect(mailbox.messages.filter(toOwner("New review:")).filter((m) => m.subject.includes(job.customer.name))).toHaveLength(1);
  });

  it("refuses to publish a review given without consent, and the e-mail says so; a low one asks to make it right", async () => {
    const { job, token } = await reviewRequested("private@example.com", 21);
    expect((await review(token, [["stars", "2"], ["text", "Missed the wheels."], ["displayName", ""]])).status).toBe(303);
    const mail = await mailbox.waitFor(toOwner(`New review: 2 stars from ${job.customer.name}`), 30_000);
    expect(mail.subject).toBe(`New review: 2 stars from ${job.customer.name} — make it right`);
    expect(mail.text).toContain("They did not agree to show it on your website, so it stays private.");

    const refused = await post(`/admin/jobs/${job.id}`, [["intent", "publish_review"]], admin);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ intent: "publish_review", error: NO_CONSENT });
    // Not even a forged request can: there is no testimonial, and the server function checks consent itself.
    const row = await db().selectFrom("reviews").select(["consent", "testimonial_id"]).where("job_id", "=", job.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ consent: false, testimonial_id: null });
    await expect(publishReview(db(), job.id, { id: 0, email: OWNER, name: "Owner", role: "owner" as const })).rejects.toMatchObject({ status: 409, message: NO_CONSENT });
    await expect(publishReview(db(), job.id, { id: 0, email: "tech@example.com", name: "Tech", role: "technician" as const })).rejects.toMatchObject({ status: 403 });
  });
});
