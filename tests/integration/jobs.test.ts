import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { parseJobForm, type JobForm } from "~/lib/job-input";
import { instantIn } from "~/lib/time-zone";
import { kickOutbox, stopBackgroundJobs } from "~/server/background.server";
import { env, reloadEnv } from "~/server/env.server";
import { queueDueJobReminders } from "~/server/jobs/job-reminders.server";
import { getJob, jobEvents } from "~/server/jobs/job-records.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { JobOverlapError } from "~/server/jobs/job-placement.server";
import { rescheduleJob } from "~/server/jobs/job-rescheduling.server";
import { cancelJob, markDone, markOnTheWay } from "~/server/jobs/job-status-changes.server";
import { getLead } from "~/server/leads/lead.server";
import { getTable } from "~/server/tables/registry.server";
import { deleteRow, restoreRow } from "~/server/tables/rows.server";
import { saveSettings } from "~/server/settings.server";
import { businessDay, insertJobLead, jobForm, readInvite } from "../helpers/jobs";
import { expectCustomerEmail } from "../helpers/customer-email";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { refusal } from "../helpers/refusal";

// Issue 21: jobs on the schedule. The database refuses a double booking (an
// exclusion constraint, docs/decisions/0083); each change tells the customer
// with an invite a real iCalendar parser reads back; reminders go out once.
const OWNER = "owner@shine.example";
const ORIGIN = "https://shine.example";
const ADMIN = "admin@shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, MAIL_FROM: "Shine On Wheels <info@shine.example>", APP_URL: ORIGIN });
const db = () => database.db;

let mailbox: SmtpSink;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER }, ADMIN);
});
afterAll(async () => {
  await stopBackgroundJobs();
  await mailbox?.stop();
});

const tz = () => env().BUSINESS_TIME_ZONE;

/** The form, checked as the route checks it. */
function input(form: JobForm) {
  const parsed = parseJobForm(form, businessDay(0), env().BUSINESS_TIME_ZONE);
  if (!parsed.ok) throw new Error(`Bad test form: ${JSON.stringify(parsed.errors)}`);
  return parsed.input;
}

async function setBuffer(minutes: number) {
  await db().updateTable("site_settings").set({ travel_buffer_minutes: minutes }).where("id", "=", 1).execute();
}

async function book(leadId: number, form: JobForm) {
  return scheduleJob(db(), { from: await leadOrigin(db(), leadId), input: input(form), actor: ADMIN, origin: ORIGIN });
}

const to = (email: string, subject: string) => (m: ReceivedMail) => m.to.includes(email) && m.subject.startsWith(subject);
const inviteOf = (mail: ReceivedMail) => {
  const attachment = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  expect(attachment, `${mail.subject} has a text/calendar attachment`).toBeDefined();
  return readInvite(attachment!.content.toString("utf8"));
};

describe("scheduling", () => {
  it("stores the job, makes the lead Booked and e-mails the confirmation with an invite", async () => {
    const lead = await insertJobLead(db());
    const day = businessDay(20);
    const job = await book(lead.id, jobForm(day, "09:30", { durationMinutes: "150", notes: "Gate code 4411" }));
    expect(job.startsAt).toEqual(instantIn(day, "09:30", tz()));
    expect(job).toMatchObject({ status: "scheduled", durationMinutes: 150, bufferMinutes: 30, sequence: 0, notes: "Gate code 4411" });
    expect((await getLead(db(), lead.id)).status).toBe("booked");
    expect((await jobEvents(db(), [job.id])).map((e) => e.kind)).toEqual(["scheduled"]);

    const mail = await mailbox.waitFor(to(job.customer.email, "Appointment confirmed:"), 30_000);
    expect(mail.text).toContain(`${ORIGIN}/appointments/${job.token}`);
    expect(mail.text).toContain("12 Main St, Grand Rapids, MI");
    expect(expectCustomerEmail(mail, `${ORIGIN}/appointments/${job.token}`)).toContain("12 Main St, Grand Rapids, MI");
    const invite = inviteOf(mail);
    expect(invite).toMatchObject({ method: "REQUEST", sequence: 0, timeZone: tz() });
    expect(invite.uid).toMatch(new RegExp(`^job-${job.id}@`));
    expect(invite.start.getTime()).toBe(job.startsAt.getTime());
    expect(invite.end.getTime()).toBe(job.startsAt.getTime() + 150 * 60_000);
  });

  it("refuses an overlap, with the travel buffer, naming the other customer; the end plus the buffer is free", async () => {
    await setBuffer(30);
    const day = businessDay(21);
    const first = await insertJobLead(db(), { name: "Harriet Overlap" });
    const held = await book(first.id, jobForm(day, "10:00", { durationMinutes: "120" }));
    const other = await insertJobLead(db());
    // Inside the job, at its very end (only the buffer is in the way), and ending inside it.
    for (const [time, duration] of [["11:00", "30"], ["12:00", "60"], ["12:29", "60"], ["08:00", "121"]] as const) {
      const error = await refusal(book(other.id, jobForm(day, time, { durationMinutes: duration })));
      expect(error, time).toBeInstanceOf(JobOverlapError);
      expect(error.status).toBe(409);
      expect(error.message).toContain("overlaps");
      expect(error.message).toContain("Harriet Overlap");
      expect(error.fields?.startTime).toBe(error.message);
    }
    expect((await getLead(db(), other.id)).status).toBe("contacted");
    expect(await db().selectFrom("jobs").select("id").where("lead_id", "=", other.id).execute()).toEqual([]);
    // The new job's own buffer counts too: 08:30 + 60 min + 30 min reaches 10:00.
    expect((await refusal(book(other.id, jobForm(day, "08:31", { durationMinutes: "60" })))).message).toContain("overlaps");
    const before = await book(other.id, jobForm(day, "08:30", { durationMinutes: "60" }));
    const after = await book((await insertJobLead(db())).id, jobForm(day, "12:30", { durationMinutes: "60" }));
    expect(after.startsAt.getTime()).toBe(held.endsAt.getTime() + 30 * 60_000);
    expect(before.endsAt.getTime() + 30 * 60_000).toBe(held.startsAt.getTime());
  });

  it("without a travel buffer, a job may start exactly when another ends", async () => {
    await setBuffer(0);
    try {
      const day = businessDay(22);
      const first = await insertJobLead(db(), { name: "Norbert Nobuffer" });
      const held = await book(first.id, jobForm(day, "10:00", { durationMinutes: "60" }));
      expect(held.bufferMinutes).toBe(0);
      const other = await insertJobLead(db());
      const error = await refusal(book(other.id, jobForm(day, "10:59", { durationMinutes: "60" })));
      expect(error.message).toMatch(/overlaps Norbert Nobuffer's job/);
      expect(error.message).not.toContain("travel buffer");
      const next = await book(other.id, jobForm(day, "11:00", { durationMinutes: "60" }));
      expect(next.startsAt.getTime()).toBe(held.endsAt.getTime());
    } finally {
      await setBuffer(30);
    }
  });

  it("of 20 concurrent bookings of one time, stores exactly one", async () => {
    const day = businessDay(23);
    const leads = await Promise.all(Array.from({ length: 20 }, () => insertJobLead(db())));
    const started = performance.now();
    const outcomes = await Promise.allSettled(leads.map((lead) => book(lead.id, jobForm(day, "13:00"))));
    const ms = performance.now() - started;
    const booked = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    console.log(`[jobs] 20 concurrent bookings: ${booked.length} booked, ${refused.length} refused in ${ms.toFixed(0)} ms`);
    expect(booked).toHaveLength(1);
    for (const r of refused) expect(r.reason).toBeInstanceOf(JobOverlapError);
    const stored = await db().selectFrom("jobs").select("lead_id").where("starts_at", "=", instantIn(day, "13:00", tz())).execute();
    expect(stored).toHaveLength(1);
    const bookedLeads = await db().selectFrom("quote_requests").select("id").where("id", "in", leads.map((l) => l.id)).where("status", "=", "booked").execute();
    expect(bookedLeads).toEqual([{ id: stored[0]!.lead_id }]);
  });
});

describe("changes", () => {
  it("reschedules with the same UID and a higher SEQUENCE, and refuses a time another job holds", async () => {
    const day = businessDay(24);
    const blocker = await insertJobLead(db(), { name: "Rita Blocker" });
    await book(blocker.id, jobForm(day, "14:00"));
    const lead = await insertJobLead(db());
    const job = await book(lead.id, jobForm(day, "09:00"));
    const error = await refusal(rescheduleJob(db(), job.id, input(jobForm(day, "13:00")), ADMIN, ORIGIN));
    expect(error.message).toContain("overlaps Rita Blocker's job");
    expect((await getJob(db(), job.id)).startsAt).toEqual(job.startsAt);
    // The job's own old time does not stand in its way.
    const moved = await rescheduleJob(db(), job.id, input(jobForm(day, "10:00")), ADMIN, ORIGIN);
    expect(moved.sequence).toBe(1);
    const mail = await mailbox.waitFor(to(job.customer.email, "Appointment changed:"), 30_000);
    expectCustomerEmail(mail, `${ORIGIN}/appointments/${job.token}`);
    const invite = inviteOf(mail);
    expect(invite).toMatchObject({ method: "REQUEST", uid: inviteOf(await mailbox.waitFor(to(job.customer.email, "Appointment confirmed:"), 30_000)).uid });
    expect(invite.sequence).toBe(1);
    expect(invite.start.getTime()).toBe(instantIn(day, "10:00", tz()).getTime());
    expect((await jobEvents(db(), [job.id])).map((e) => e.kind)).toEqual(["scheduled", "rescheduled"]);
    // Notes alone: nothing the customer sees changed, so no e-mail and the same SEQUENCE.
    const noted = await rescheduleJob(db(), job.id, input(jobForm(day, "10:00", { notes: "Bring the ladder" })), ADMIN, ORIGIN);
    expect(noted).toMatchObject({ sequence: 1, notes: "Bring the ladder" });
  });

  it("cancels with METHOD:CANCEL and the same UID; the time is free again and the lead no longer Booked", async () => {
    const day = businessDay(25);
    const lead = await insertJobLead(db(), { name: "Carl Cancel" });
    const job = await book(lead.id, jobForm(day, "11:00"));
    const confirmed = inviteOf(await mailbox.waitFor(to(job.customer.email, "Appointment confirmed:"), 30_000));
    const twice = await Promise.all([cancelJob(db(), job.id, "owner", ADMIN, ORIGIN), cancelJob(db(), job.id, "owner", ADMIN, ORIGIN)]);
    expect(twice.filter(Boolean)).toHaveLength(1);
    const mail = await mailbox.waitFor(to(job.customer.email, "Appointment cancelled:"), 30_000);
    expectCustomerEmail(mail, `${ORIGIN}/appointments/${job.token}`);
    const invite = inviteOf(mail);
    expect(invite).toMatchObject({ method: "CANCEL", uid: confirmed.uid, sequence: 1, status: "CANCELLED" });
    expect((await getJob(db(), job.id)).status).toBe("cancelled");
    expect((await getLead(db(), lead.id)).status).toBe("contacted");
    const next = await book((await insertJobLead(db())).id, jobForm(day, "11:00"));
    expect(next.startsAt).toEqual(job.startsAt);
    expect((await refusal(rescheduleJob(db(), job.id, input(jobForm(day, "16:00")), ADMIN, ORIGIN))).message).toMatch(/cancelled/);
    expect(mailbox.messages.filter(to(job.customer.email, "Appointment cancelled:"))).toHaveLength(1);
  });

  it("On My Way e-mails the customer once; Mark Done makes the lead Completed and ends the changes", async () => {
    const day = businessDay(26);
    const lead = await insertJobLead(db());
    const job = await book(lead.id, jobForm(day, "15:00"));
    await markOnTheWay(db(), job.id, 20, ADMIN, ORIGIN);
    expect((await refusal(markOnTheWay(db(), job.id, 20, ADMIN, ORIGIN))).status).toBe(409);
    const mail = await mailbox.waitFor(to(job.customer.email, "On our way"), 30_000);
    expect(mail.subject).toContain("20 minutes");
    expectCustomerEmail(mail, `${ORIGIN}/appointments/${job.token}`);
    expect((await getJob(db(), job.id)).status).toBe("on_the_way");
    await markDone(db(), job.id, ADMIN);
    expect((await getJob(db(), job.id)).status).toBe("done");
    expect((await getLead(db(), lead.id)).status).toBe("completed");
    expect((await refusal(markDone(db(), job.id, ADMIN))).status).toBe(409);
    expect(await cancelJob(db(), job.id, "owner", ADMIN, ORIGIN)).toBe(false);
    expect((await jobEvents(db(), [job.id])).map((e) => e.kind)).toEqual(["scheduled", "on_the_way", "done"]);
    expect(mailbox.messages.filter(to(job.customer.email, "On our way"))).toHaveLength(1);
  });
});

describe("reminders", () => {
  /** Sets APPOINTMENT_REMINDER_HOURS so that a job at `startsAt` is due `dueInMs` from now. */
  function remindSoOfTheJobIsDueIn(startsAt: Date, dueInMs: number) {
    process.env.APPOINTMENT_REMINDER_HOURS = String((startsAt.getTime() - Date.now() - dueInMs) / 3_600_000);
    reloadEnv();
  }

  /** Runs the reminder queue from `runs` callers at once, until `until` holds (each round at once, as processes' ticks do). */
  async function tickUntil(until: () => boolean, runs = 4, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    let queued = 0;
    while (!until()) {
      if (Date.now() > deadline) throw new Error("The reminder never came");
      const now = (await Promise.all(Array.from({ length: runs }, () => queueDueJobReminders(db())))).reduce((a, b) => a + b, 0);
      // As the background tick does: what was queued is delivered now.
      if (now) kickOutbox(db());
      queued += now;
      await new Promise((r) => setTimeout(r, 100));
    }
    return queued;
  }

  afterAll(() => {
    delete process.env.APPOINTMENT_REMINDER_HOURS;
    reloadEnv();
  });

  it("sends one reminder to a job booked earlier, none for a cancelled one, none for one booked later; a reschedule sets a new one", async () => {
    const day = businessDay(3);
    const remind = await insertJobLead(db());
    const cancelled = await insertJobLead(db());
    const late = await insertJobLead(db());
    const moved = await insertJobLead(db());
    // Each job's reminder falls due two seconds after it is booked (the setting read at booking).
    remindSoOfTheJobIsDueIn(instantIn(day, "08:00", tz()), 2_000);
    const job = await book(remind.id, jobForm(day, "08:00", { durationMinutes: "60" }));
    // Booked within the reminder time: it starts sooner than APPOINTMENT_REMINDER_HOURS from now.
    const lateJob = await book(late.id, jobForm(day, "07:00", { durationMinutes: "30" }));
    expect((await db().selectFrom("jobs").select("reminder_due_at").where("id", "=", lateJob.id).executeTakeFirstOrThrow()).reminder_due_at).toBeNull();
    remindSoOfTheJobIsDueIn(instantIn(day, "10:00", tz()), 2_000);
    const gone = await book(cancelled.id, jobForm(day, "10:00", { durationMinutes: "60" }));
    await cancelJob(db(), gone.id, "owner", ADMIN, ORIGIN);
    remindSoOfTheJobIsDueIn(instantIn(day, "12:00", tz()), 2_000);
    const movedJob = await book(moved.id, jobForm(day, "12:00", { durationMinutes: "60" }));

    const reminded = (email: string) => mailbox.messages.filter(to(email, "Reminder: your appointment")).length;
    // Four callers at once each round, as processes' ticks are: each due reminder is queued once.
    const queued = await tickUntil(() => reminded(job.customer.email) > 0 && reminded(movedJob.customer.email) > 0);
    expect(queued).toBe(2);
    const reminder = mailbox.messages.find(to(job.customer.email, "Reminder: your appointment"))!;
    expect(reminder.text).toContain(`${ORIGIN}/appointments/${job.token}`);
    expectCustomerEmail(reminder, `${ORIGIN}/appointments/${job.token}`);
    expect(inviteOf(reminder).uid).toMatch(new RegExp(`^job-${job.id}@`));

    // A reschedule (still earlier than the reminder time before the new start) makes a new one due.
    remindSoOfTheJobIsDueIn(instantIn(day, "14:00", tz()), 1_000);
    await rescheduleJob(db(), movedJob.id, input(jobForm(day, "14:00", { durationMinutes: "60" })), ADMIN, ORIGIN);
    await tickUntil(() => reminded(movedJob.customer.email) > 1);
    await Promise.all(Array.from({ length: 4 }, () => queueDueJobReminders(db())));
    expect(reminded(job.customer.email)).toBe(1);
    expect(reminded(movedJob.customer.email)).toBe(2);
    expect(reminded(gone.customer.email)).toBe(0);
    expect(reminded(lateJob.customer.email)).toBe(0);
    expect((await jobEvents(db(), [job.id])).map((e) => e.kind)).toEqual(["scheduled", "reminded"]);
  });
});

describe("a deleted lead's jobs", () => {
  const owner = { id: 0, email: ADMIN, name: "Owner", role: "owner" as const };

  it("go to the trash with it and come back on restore, unless their time was booked since: then the restore is refused and nothing changes", async () => {
    const table = getTable("quote_requests")!;
    const first = await insertJobLead(db());
    const day = businessDay(40);
    const job = await book(first.id, jobForm(day, "09:00"));
    await deleteRow(db(), table, String(first.id), owner);
    expect(await db().selectFrom("jobs").select("id").where("id", "=", job.id).execute()).toEqual([]);

    // Restored while the time is free: the job is back as it was.
    await restoreRow(db(), table, String(first.id), owner);
    expect((await getJob(db(), job.id)).startsAt).toEqual(job.startsAt);

    // Deleted again, its time taken by another customer: the restore is refused and names the conflict.
    await deleteRow(db(), table, String(first.id), owner);
    const second = await insertJobLead(db());
    const taken = await book(second.id, jobForm(day, "10:00"));
    const error = await refusal(restoreRow(db(), table, String(first.id), owner));
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/overlaps a job booked since it was deleted/);
    expect(await db().selectFrom("quote_requests").select("id").where("id", "=", first.id).execute()).toEqual([]);
    expect((await getJob(db(), taken.id)).status).toBe("scheduled");
    // Once the other job moves, the restore goes through.
    await rescheduleJob(db(), taken.id, input(jobForm(day, "15:00")), ADMIN, ORIGIN);
    await restoreRow(db(), table, String(first.id), owner);
    expect((await getJob(db(), job.id)).status).toBe("scheduled");
  });
});
