import { sql } from "kysely";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import CustomerEstimatePage from "~/routes/estimates.$token";
import { SEED_SETTINGS } from "~/lib/business";
import { stopBackgroundJobs } from "~/server/background.server";
import { reloadEnv } from "~/server/env.server";
import { decideEstimate } from "~/server/estimates/decisions.server";
import { createEstimate, getEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { sendEstimate } from "~/server/estimates/send.server";
import { freeTimes } from "~/server/jobs/free-times.server";
import { cancelJob, markDone, markOnTheWay } from "~/server/jobs/job-status-changes.server";
import { CHOOSE_TIME_MESSAGE } from "~/lib/booking-input";
import { TIME_TAKEN_MESSAGE, type BookingView } from "~/server/jobs/self-booking.server";
import { getLead } from "~/server/leads/lead.server";
import { saveSettings } from "~/server/settings.server";
import { estimateForm, insertLead } from "../helpers/estimates";
import { readInvite } from "../helpers/jobs";
import { callRoute, routeContext } from "../helpers/routes";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";
import { leadOrigin } from "~/server/customers/work-origin.server";

// Issue 21, self-booking: after Accept Estimate the customer's page offers the
// free times of the next 14 days and books one through the same path as the
// owner's Schedule Job, so the database decides between two customers who
// choose one time at once.
const OWNER = "owner@shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, MAIL_FROM: "Shine On Wheels <info@shine.example>", APP_URL: "https://shine.example" });
const db = () => database.db;
let ip = 0;
const context = () => routeContext(db(), { clientIp: `198.51.100.${++ip}` });

let mailbox: SmtpSink;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "0" }, OWNER);
});
afterAll(async () => {
  await stopBackgroundJobs();
  await mailbox?.stop();
});

/** A sent estimate of `minutes`, accepted by its customer when `accept`. */
async function estimateFor(email: string, { minutes = 180, accept = true } = {}) {
  const lead = await insertLead(db(), { email });
  await db().updateTable("quote_requests").set({ service_address: "45 Lake Dr, Grand Rapids, MI" }).where("id", "=", lead).execute();
  const id = await createEstimate(db(), await leadOrigin(db(), lead), OWNER);
  await saveEstimate(db(), id, estimateForm([["Full detail", "1", "249"]], { durationMinutes: String(minutes) }));
  await sendEstimate(db(), id, OWNER, "https://shine.example");
  if (accept) expect(await decideEstimate(db(), await getEstimate(db(), id), "accepted")).toEqual({ decided: true });
  return getEstimate(db(), id);
}

async function page(token: string): Promise<{ booking: BookingView | null }> {
  const res = await callRoute(new Request(`http://localhost/estimates/${token}`), context());
  expect(res.status).toBe(200);
  return res.json() as Promise<{ booking: BookingView | null }>;
}

function book(token: string, start: string, address = "45 Lake Dr, Grand Rapids, MI") {
  const body = new URLSearchParams([["intent", "book"], ["start", start], ["address", address]]);
  return callRoute(
    new Request(`http://localhost/estimates/${token}`, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" } }),
    context(),
  );
}

/**
 * The page as the server renders it from its loader's data (no JavaScript:
 * the customer's pages ship none), for what it says.
 */
async function rendered(token: string): Promise<string> {
  const res = await callRoute(new Request(`http://localhost/estimates/${token}`), context());
  expect(res.status).toBe(200);
  const loaderData = await res.json();
  const Stub = createRoutesStub([{ id: "estimate", path: "/estimates/:token", Component: CustomerEstimatePage as never, loader: () => loaderData }]);
  const html = renderToStaticMarkup(createElement(Stub, { initialEntries: [`/estimates/${token}`], hydrationData: { loaderData: { estimate: loaderData } } }));
  // Words only, one space between them: what a person reads.
  return html.replace(/<[^>]+>/g, " ").replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, " ");
}

const jobsOf = (estimateId: number) => db().selectFrom("jobs").select(["id", "status"]).where("estimate_id", "=", estimateId).orderBy("id").execute();

const offered = (view: BookingView | null) => (view?.kind === "choose" ? view.days.flatMap((d) => d.times.map((t) => t.value)) : []);

describe("Book This Time", () => {
  it("offers nothing before the estimate is accepted, and refuses a booking then", async () => {
    const estimate = await estimateFor("not-yet@example.com", { accept: false });
    expect((await page(estimate.token)).booking).toBeNull();
    const [first] = await freeTimes(db(), 180, new Date());
    const res = await book(estimate.token, first!.toISOString());
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/estimates/${estimate.token}?outcome=already`);
    expect(await db().selectFrom("jobs").select("id").where("estimate_id", "=", estimate.id).execute()).toEqual([]);
  });

  it("offers the free times by day, books the chosen one, e-mails the invite and then shows the appointment", async () => {
    const estimate = await estimateFor("books@example.com");
    const view = (await page(estimate.token)).booking;
    expect(view?.kind).toBe("choose");
    if (view?.kind !== "choose") return;
    expect(view.address).toBe("45 Lake Dr, Grand Rapids, MI");
    expect(view.days.length).toBeGreaterThan(5);
    // Nothing within the next 12 hours, nothing past 14 days.
    const times = offered(view).map((v) => new Date(v).getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.now() + 12 * 3600_000 - 60_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now() + 14 * 86_400_000);

    const chosen = view.days[1]!.times[0]!.value;
    const res = await book(estimate.token, chosen);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/estimates/${estimate.token}`);
    const jobs = await db().selectFrom("jobs").select(["starts_at", "duration_minutes", "address", "lead_id"]).where("estimate_id", "=", estimate.id).execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.starts_at.toISOString()).toBe(chosen);
    expect(jobs[0]!.duration_minutes).toBe(180);
    expect((await getLead(db(), estimate.leadId!)).status).toBe("booked");

    const mail = await mailbox.waitFor((m) => m.to.includes("books@example.com") && m.subject.startsWith("Appointment confirmed:"), 30_000);
    const invite = readInvite(mail.attachments.find((a) => a.contentType.startsWith("text/calendar"))!.content.toString("utf8"));
    expect(invite.method).toBe("REQUEST");
    expect(invite.start.toISOString()).toBe(chosen);

    const after = (await page(estimate.token)).booking;
    expect(after).toMatchObject({ kind: "booked" });
    expect(after?.kind === "booked" && after.appointmentPath).toMatch(/^\/appointments\/[A-Za-z0-9_-]{22,}$/);
    // The booked time (with its travel buffer) is no longer offered to anyone.
    const other = await estimateFor("later@example.com");
    expect(offered((await page(other.token)).booking)).not.toContain(chosen);
  });

  it("books one of two customers who choose the same time at once; the other is told and sees the times left", async () => {
    const [a, b] = await Promise.all([estimateFor("first@example.com"), estimateFor("second@example.com")]);
    const chosen = offered((await page(a.token)).booking)[20]!;
    expect(offered((await page(b.token)).booking)).toContain(chosen);
    const answers = await Promise.all([book(a.token, chosen), book(b.token, chosen)]);
    expect(answers.map((r) => r.status).sort()).toEqual([303, 409]);
    const loser = answers[0]!.status === 409 ? a : b;
    const refused = answers.find((r) => r.status === 409)!;
    expect(((await refused.json()) as { bookingErrors: { start: string } }).bookingErrors.start).toBe(TIME_TAKEN_MESSAGE);
    const stored = await db().selectFrom("jobs").select("estimate_id").where("starts_at", "=", new Date(chosen)).where("status", "<>", "cancelled").execute();
    expect(stored).toHaveLength(1);
    const left = offered((await page(loser.token)).booking);
    expect(left.length).toBeGreaterThan(10);
    expect(left).not.toContain(chosen);
  });

  it("books one job when one customer books two times from two tabs", async () => {
    const estimate = await estimateFor("two-tabs@example.com", { minutes: 60 });
    const times = offered((await page(estimate.token)).booking);
    const answers = await Promise.all([book(estimate.token, times[30]!), book(estimate.token, times[60]!)]);
    expect(answers.map((r) => r.status)).toEqual([303, 303]);
    const jobs = await db().selectFrom("jobs").select("id").where("estimate_id", "=", estimate.id).where("status", "<>", "cancelled").execute();
    expect(jobs).toHaveLength(1);
  });

  it("refuses a time the page did not offer, no time, and no address, storing nothing", async () => {
    const estimate = await estimateFor("odd@example.com");
    const times = offered((await page(estimate.token)).booking);
    const night = new Date(new Date(times[0]!).getTime() - 6 * 3600_000).toISOString();
    const cases: [string, string, string, string][] = [
      [night, "45 Lake Dr", "start", TIME_TAKEN_MESSAGE],
      ["tomorrow at nine", "45 Lake Dr", "start", CHOOSE_TIME_MESSAGE],
      ["", "45 Lake Dr", "start", CHOOSE_TIME_MESSAGE],
      [times[0]!, "   ", "address", "Address is required: where should we come?"],
      [times[0]!, "x".repeat(301), "address", "Address can be at most 300 characters."],
    ];
    for (const [start, address, field, message] of cases) {
      const res = await book(estimate.token, start, address);
      expect(res.status, `${start} / ${address.slice(0, 10)}`).toBe(message === TIME_TAKEN_MESSAGE ? 409 : 400);
      expect(((await res.json()) as { bookingErrors: Record<string, string> }).bookingErrors[field]).toBe(message);
    }
    expect(await db().selectFrom("jobs").select("id").where("estimate_id", "=", estimate.id).execute()).toEqual([]);
  });

  it("offers work longer than the working day over working days in a row (docs/decisions/0131), and asks to call past what a booking online takes", async () => {
    const estimate = await estimateFor("long@example.com", { minutes: 13 * 60 });
    const view = (await page(estimate.token)).booking;
    expect(view).toMatchObject({ kind: "choose", overDays: expect.stringContaining("about 13 hours over 2 working days") });
    expect(offered(view).length).toBeGreaterThan(3);
    const longer = await estimateFor("longer@example.com", { minutes: 60 * 60 });
    expect((await page(longer.token)).booking).toEqual({ kind: "call", blocked: { why: "too_many_days", jobMinutes: 60 * 60, maxDays: 5 } });
  });
});

// Issue 33: one estimate books one job whatever becomes of it (ADR 0086, 0101):
// the page went back to offering times once the job was Done.
describe("an estimate whose job is on the way or done", () => {
  it("shows that job, not free times, and a Book This Time post books nothing more", async () => {
    const estimate = await estimateFor("done-once@example.com", { minutes: 60 });
    const times = offered((await page(estimate.token)).booking);
    expect((await book(estimate.token, times[4]!)).status).toBe(303);
    const [job] = await jobsOf(estimate.id);
    await mailbox.waitFor((m) => m.to.includes("done-once@example.com") && m.subject.startsWith("Appointment confirmed:"), 30_000);

    await markOnTheWay(db(), job!.id, 15, OWNER, "https://shine.example");
    expect((await page(estimate.token)).booking?.kind).toBe("booked");

    await markDone(db(), job!.id, OWNER);
    const view = (await page(estimate.token)).booking;
    expect(view?.kind).toBe("booked");
    expect(view).toMatchObject({ status: "done" });
    expect(view?.kind === "booked" && view.appointmentPath).toMatch(/^\/appointments\/[A-Za-z0-9_-]{22,}$/);
    const words = await rendered(estimate.token);
    expect(words).toContain("This work was done at your appointment of");
    expect(words).not.toContain("Book This Time");
    expect(words).not.toContain("Choose a time");

    // An old tab's post: a time still free, for a job already done.
    const again = await book(estimate.token, offered((await page((await estimateFor("other-tab@example.com", { minutes: 60 })).token)).booking)[10]!);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`/estimates/${estimate.token}`);
    expect(await jobsOf(estimate.id)).toEqual([{ id: job!.id, status: "done" }]);
    // Delivered mail is the proof nothing more was queued: the outbox is drained by the time the page reads again.
    await expect.poll(async () => (await db().selectFrom("email_outbox").select("id").where("sent_at", "is", null).execute()).length, { timeout: 30_000 }).toBe(0);
    expect(mailbox.messages.filter((m) => m.to.includes("done-once@example.com") && m.subject.startsWith("Appointment confirmed:"))).toHaveLength(1);
  });

  it("the database refuses a second job of it even past every check: the unique index", async () => {
    const estimate = await estimateFor("index@example.com", { minutes: 60 });
    expect((await book(estimate.token, offered((await page(estimate.token)).booking)[6]!)).status).toBe(303);
    const [job] = await jobsOf(estimate.id);
    await markDone(db(), job!.id, OWNER);
    const copy = await db().selectFrom("jobs").selectAll().where("id", "=", job!.id).executeTakeFirstOrThrow();
    const { id: _id, token: _token, busy: _busy, ...rest } = copy;
    // A year later, so that only the one-job-per-estimate rule can refuse it.
    const startsAt = new Date(copy.starts_at.getTime() + 365 * 86_400_000);
    const minutes = copy.duration_minutes + copy.buffer_minutes;
    await expect(
      db()
        .insertInto("jobs")
        .values({
          ...rest,
          token: `second-${job!.id}-token-of-enough-length`,
          status: "scheduled",
          starts_at: startsAt,
          busy: sql`tstzrange(${startsAt}::timestamptz, ${startsAt}::timestamptz + make_interval(mins => ${minutes}::int), '[)')`,
        })
        .execute(),
    ).rejects.toMatchObject({ code: "23505", message: expect.stringContaining("jobs_one_per_estimate") });
    expect(await jobsOf(estimate.id)).toHaveLength(1);
  });

  it("a cancelled job lets go of it: the times are offered again and one can be booked", async () => {
    const estimate = await estimateFor("rebook@example.com", { minutes: 60 });
    expect((await book(estimate.token, offered((await page(estimate.token)).booking)[8]!)).status).toBe(303);
    const [job] = await jobsOf(estimate.id);
    expect(await cancelJob(db(), job!.id, "customer", "the customer", "https://shine.example")).toBe(true);
    const times = offered((await page(estimate.token)).booking);
    expect(times.length).toBeGreaterThan(10);
    expect((await book(estimate.token, times[12]!)).status).toBe(303);
    expect((await jobsOf(estimate.id)).map((j) => j.status)).toEqual(["cancelled", "scheduled"]);
  });
});

// Issue 33 / ADR 0105: Valid Until bounds accepting, not booking. An accepted
// estimate is the customer's commitment at the agreed price, so its work can
// be booked after that day too, and the page says so instead of leaving
// "valid until" in the past unexplained.
describe("an accepted estimate past its Valid Until day", () => {
  const yesterday = () => {
    const d = new Date(Date.now() - 86_400_000);
    return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Detroit" }).format(d);
  };

  it("still offers the free times, says its price holds, and books", async () => {
    const estimate = await estimateFor("late-booker@example.com", { minutes: 60 });
    await db().updateTable("estimates").set({ valid_until: yesterday() as never }).where("id", "=", estimate.id).execute();
    const data = (await (await callRoute(new Request(`http://localhost/estimates/${estimate.token}`), context())).json()) as {
      estimate: { status: string; validUntilPassed: boolean; acceptedOn: string | null };
      booking: BookingView;
    };
    expect(data.estimate).toMatchObject({ status: "accepted", validUntilPassed: true, acceptedOn: expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/) });
    expect(data.booking.kind).toBe("choose");
    const words = await rendered(estimate.token);
    expect(words).toContain("You accepted this estimate. Thank you!");
    expect(words).toMatch(/Its valid-until day, [A-Z][a-z]+ \d{1,2}, \d{4}, has passed, but you accepted it on [A-Z][a-z]+ \d{1,2}, \d{4}, so its price holds: you can still book the work below\./);
    expect(words).toContain("Book This Time");

    const res = await book(estimate.token, offered(data.booking)[3]!);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/estimates/${estimate.token}`);
    expect((await jobsOf(estimate.id)).map((j) => j.status)).toEqual(["scheduled"]);
    const after = await rendered(estimate.token);
    expect(after).toMatch(/so its price holds\. Your appointment is booked for/);
  });

  it("a sent one past that day is expired: no times, and a booking is refused", async () => {
    const estimate = await estimateFor("too-late@example.com", { minutes: 60, accept: false });
    await db().updateTable("estimates").set({ valid_until: yesterday() as never }).where("id", "=", estimate.id).execute();
    const view = await page(estimate.token);
    expect(view.booking).toBeNull();
    expect(await rendered(estimate.token)).toContain("This estimate has expired");
    const [first] = await freeTimes(db(), 60, new Date());
    const res = await book(estimate.token, first!.toISOString());
    expect(res.headers.get("location")).toBe(`/estimates/${estimate.token}?outcome=already`);
    expect(await jobsOf(estimate.id)).toEqual([]);
  });

  it("before that day the page says nothing of it", async () => {
    const estimate = await estimateFor("in-time@example.com", { minutes: 60 });
    expect(await rendered(estimate.token)).not.toContain("price holds");
  });
});

// Issue 34 / ADR 0125: with two technicians, customers who book one time at
// the same moment may all pick the first of them; the database lets one have
// that person, and each other booking tries the next person free then before
// the customer is told the time is taken.
describe("two technicians and one time", () => {
  beforeAll(async () => {
    await db()
      .insertInto("users")
      .values([
        { email: "tech-a@shine.example", role: "technician" },
        { email: "tech-b@shine.example", role: "technician" },
      ])
      .execute();
  });

  /** The people the estimates' live jobs went to. */
  const peopleOf = async (estimates: { id: number }[]) =>
    (
      await db()
        .selectFrom("jobs")
        .select("assigned_to")
        .where("estimate_id", "in", estimates.map((e) => e.id))
        .where("status", "<>", "cancelled")
        .execute()
    ).map((j) => j.assigned_to);

  it("two customers booking it at once are both booked, on different people", async () => {
    const pair = await Promise.all([estimateFor("pair-a@example.com", { minutes: 60 }), estimateFor("pair-b@example.com", { minutes: 60 })]);
    const chosen = offered((await page(pair[0].token)).booking)[40]!;
    const answers = await Promise.all(pair.map((e) => book(e.token, chosen)));
    expect(answers.map((r) => r.status)).toEqual([303, 303]);
    const people = await peopleOf(pair);
    expect(people).toHaveLength(2);
    expect(people).not.toContain(null);
    expect(new Set(people).size).toBe(2);
  });

  it("three at once with two people: two are booked on different people, the third is told the time is taken", async () => {
    const three = await Promise.all(["trio-a@example.com", "trio-b@example.com", "trio-c@example.com"].map((email) => estimateFor(email, { minutes: 60 })));
    const chosen = offered((await page(three[0]!.token)).booking)[50]!;
    const answers = await Promise.all(three.map((e) => book(e.token, chosen)));
    expect(answers.map((r) => r.status).sort()).toEqual([303, 303, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(((await refused.json()) as { bookingErrors: { start: string } }).bookingErrors.start).toBe(TIME_TAKEN_MESSAGE);
    const people = await peopleOf(three);
    expect(new Set(people).size).toBe(2);
    expect(people).not.toContain(null);
    // Both people are busy then now: the time is no longer offered to the one refused.
    const left = offered((await page(three[answers.indexOf(refused)]!.token)).booking);
    expect(left.length).toBeGreaterThan(10);
    expect(left).not.toContain(chosen);
  });
});
