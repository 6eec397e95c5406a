import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { addDays, dayIn } from "~/lib/time-zone";
import { isoWeekday } from "~/lib/work-week";
import { startBackgroundJobs, stopBackgroundJobs } from "~/server/background.server";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { reloadEnv } from "~/server/env.server";
import { recordDeposit } from "~/server/jobs/deposit-recording.server";
import { jobDeposit } from "~/server/jobs/deposit-records.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import type { Job } from "~/server/jobs/job-records.server";
import { declareWeatherDay } from "~/server/jobs/weather-day.server";
import { releaseRunOutWeatherHolds } from "~/server/jobs/weather-holds.server";
import { weatherDays } from "~/server/jobs/weather-summary.server";
import type { SessionUser } from "~/server/session.server";
import { saveSettings } from "~/server/settings.server";
import { insertLead } from "../helpers/estimates";
import { callRoute, routeContext } from "../helpers/routes";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Weather Day leftovers (issue 37, docs/decisions/0144, 0148): a deposit
// asked of a booking a Weather Day cancelled moves to the booking made
// again (asked once; received, the new job knows it), and the times held
// for customers are released by the background loop when their 48 hours
// run out, not only at the next Weather Day.
const OWNER = "owner@shine.example";
const ZONE = "America/Detroit";
const ORIGIN = "https://shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, MAIL_FROM: "Shine On Wheels <info@shine.example>", APP_URL: ORIGIN, BUSINESS_TIME_ZONE: ZONE });
const db = () => database.db;
let ip = 0;
const WEEK = { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "0", workdayStart: "08:00", workdayEnd: "18:00", workingDays: ["1", "2", "3", "4", "5"], travelBufferMinutes: "0", baseZip: "49503" };

let mailbox: SmtpSink;
let owner: SessionUser;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  await saveSettings(db(), WEEK, OWNER);
  const { id } = await db().insertInto("users").values({ email: OWNER, role: "owner" }).returning("id").executeTakeFirstOrThrow();
  owner = { id, email: OWNER, name: "", role: "owner" };
});
afterAll(async () => {
  await stopBackgroundJobs();
  await mailbox?.stop();
});

/** The `n`th working day (Monday to Friday) from two days ahead. */
function workingDay(n: number): string {
  let day = addDays(dayIn(new Date(), ZONE), 2);
  for (let found = 0; ; day = addDays(day, 1)) if (isoWeekday(day) <= 5 && found++ === n) return day;
}

/** A 30-minute job at `time` on `day` for a new customer, asked for a deposit of `depositCents` (none when null). */
async function job(day: string, time: string, depositCents: number | null = null): Promise<Job> {
  const lead = await insertLead(db());
  return scheduleJob(db(), {
    from: await leadOrigin(db(), lead),
    input: { date: day, startTime: time, durationMinutes: 30, address: "12 Main St", notes: "" },
    actor: OWNER,
    origin: ORIGIN,
    depositCents,
  });
}

const post = (path: string, fields: Record<string, string>) =>
  callRoute(
    new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } }),
    routeContext(db(), { clientIp: `198.51.100.${++ip % 250}` }),
  );

const holdOf = async (jobId: number) => (await db().selectFrom("weather_rebookings").select(["hold_start", "hold_busy", "held_until"]).where("job_id", "=", jobId).executeTakeFirstOrThrow());

/** Rebooks the cancelled job at the time held for it; the new job's id. */
async function rebookAtHold(cancelled: Job): Promise<number> {
  const { hold_start } = await holdOf(cancelled.id);
  const res = await post(`/appointments/${cancelled.token}`, { intent: "rebook", start: hold_start!.toISOString() });
  expect(res.status).toBe(303);
  const token = /\/appointments\/([^?]+)\?outcome=booked/.exec(res.headers.get("location") ?? "")![1]!;
  return (await db().selectFrom("jobs").select("id").where("token", "=", token).executeTakeFirstOrThrow()).id;
}

const confirmationTo = async (jobId: number) => {
  const row = await db().selectFrom("jobs").innerJoin("customers", "customers.id", "jobs.customer_id").select("customers.email").where("jobs.id", "=", jobId).executeTakeFirstOrThrow();
  return db().selectFrom("email_outbox").select(["text_body", "subject"]).where("to_address", "=", row.email).where("kind", "=", "job_confirmed").orderBy("id", "desc").execute();
};

describe("a deposit asked of a booking a Weather Day cancelled", () => {
  it("moves to the booking made again: due, asked once, held afresh; received, the new job has it received", async () => {
    const day = workingDay(3);
    const due = await job(day, "09:00", 5_000);
    const paid = await job(day, "10:00", 7_500);
    const none = await job(day, "11:00");
    await recordDeposit(db(), paid.id, "Card", owner, ORIGIN);
    const before = await db().selectFrom("job_deposits").select("id").execute();

    expect((await declareWeatherDay(db(), day, owner, ORIGIN)).cancelled).toBe(3);
    const now = Date.now();

    const dueAgain = await rebookAtHold(due);
    const carried = (await jobDeposit(db(), dueAgain))!;
    expect(carried).toMatchObject({ amountCents: 5_000, state: "due" });
    // Held afresh from the rebooking (Deposit Hold, 24 hours by default), never past the new start.
    expect(carried.heldUntil.getTime()).toBeGreaterThan(now);
    const newStart = (await db().selectFrom("jobs").select("starts_at").where("id", "=", dueAgain).executeTakeFirstOrThrow()).starts_at;
    expect(carried.heldUntil.getTime()).toBeLessThanOrEqual(newStart.getTime());
    expect(await jobDeposit(db(), due.id)).toBeUndefined();
    // The new confirmation asks for it, once.
    const [confirmation] = await confirmationTo(dueAgain);
    expect(confirmation!.text_body).toContain("Deposit due: $50.00");
    expect(confirmation!.text_body.match(/Deposit due:/g)).toHaveLength(1);

    const paidAgain = await rebookAtHold(paid);
    const received = (await jobDeposit(db(), paidAgain))!;
    expect(received).toMatchObject({ amountCents: 7_500, state: "received", method: "Card", receivedBy: OWNER });
    expect(await jobDeposit(db(), paid.id)).toBeUndefined();
    const [paidConfirmation] = await confirmationTo(paidAgain);
    expect(paidConfirmation!.text_body).not.toContain("Deposit due");
    const events = await db().selectFrom("job_events").select(["kind", "body"]).where("job_id", "=", paidAgain).execute();
    expect(events.find((e) => e.kind === "deposit_received")?.body).toContain("$75.00");

    // A booking asked for none gets none; and no deposit was made twice: the same rows, moved.
    const noneAgain = await rebookAtHold(none);
    expect(await jobDeposit(db(), noneAgain)).toBeUndefined();
    const after = await db().selectFrom("job_deposits").select("id").execute();
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
  });
});

describe("a time a Weather Day held, once its 48 hours run out", () => {
  it("is released by the background loop: the owner's list no longer shows it held", async () => {
    const day = workingDay(6);
    const held = await job(day, "09:00");
    await declareWeatherDay(db(), day, owner, ORIGIN);
    expect((await holdOf(held.id)).hold_busy).not.toBeNull();
    // Another hold still running stays.
    const other = await job(workingDay(7), "09:00");
    await declareWeatherDay(db(), workingDay(7), owner, ORIGIN);
    // The hold ran out a minute ago.
    await db().updateTable("weather_rebookings").set({ held_until: new Date(Date.now() - 60_000) }).where("job_id", "=", held.id).execute();

    startBackgroundJobs(database.opened);
    await expect.poll(async () => (await holdOf(held.id)).hold_busy, { timeout: 20_000 }).toBeNull();
    await stopBackgroundJobs();
    expect((await holdOf(other.id)).hold_busy).not.toBeNull();
    const customers = (await weatherDays(db(), day)).flatMap((d) => d.customers);
    expect(customers.find((c) => c.jobId === held.id)!.state.kind).toBe("waiting");
    expect(customers.find((c) => c.jobId === other.id)!.state.kind).toBe("held");
    // Released once: nothing left to release.
    expect(await releaseRunOutWeatherHolds(db())).toBe(0);
  });
});
