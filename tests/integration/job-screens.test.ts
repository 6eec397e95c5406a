import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { instantIn } from "~/lib/time-zone";
import { isoWeekday, minutesOfDay } from "~/lib/work-week";
import { env } from "~/server/env.server";
import { createEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { getWorkWeek, saveSettings } from "~/server/settings.server";
import { estimateForm } from "../helpers/estimates";
import { businessDay, insertJobLead } from "../helpers/jobs";
import { callRoute, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";
import { leadOrigin } from "~/server/customers/work-origin.server";

// Issue 32, the owner's screens, through the app's own routes (plain form
// posts, as without JavaScript): the job page says what to do; On My Way and
// Mark Done ask first on a job of another day; Schedule Job proposes the next
// free time and never gives an estimate a second job; Create Invoice opens the
// job's invoice unless the owner asks for another.
const OWNER = "owner@shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, SMTP_URL: undefined });
const db = () => database.db;
let admin: string;
let ip = 0;
const context = () => routeContext(db(), { clientIp: `203.0.113.${++ip}` });

beforeAll(async () => {
  admin = await sessionCookieFor(db(), OWNER, { admin: true });
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER }, OWNER);
});

function post(path: string, fields: Record<string, string>) {
  return callRoute(
    new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { cookie: admin, "content-type": "application/x-www-form-urlencoded" } }),
    context(),
  );
}
const get = async <T>(path: string) => {
  const res = await callRoute(new Request(`http://localhost${path}`, { headers: { cookie: admin } }), context());
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
const jobForm = (lead: number, date: string, startTime: string, rest: Record<string, string> = {}) => ({
  lead: String(lead),
  date,
  startTime,
  durationMinutes: "60",
  address: "7 Oak Ave",
  notes: "",
  ...rest,
});

/** Schedules through the route and returns the job's id. */
async function schedule(fields: Record<string, string>): Promise<number> {
  const res = await post("/admin/jobs/new", fields);
  expect(res.status, await res.clone().text()).toBe(303);
  return Number(/\/admin\/jobs\/(\d+)$/.exec(res.headers.get("location")!)![1]);
}

/** An accepted estimate of the lead with these lines ([description, quantity, unit price]). */
async function acceptedEstimate(lead: number, lines: [string, string, string][]) {
  const id = await createEstimate(db(), await leadOrigin(db(), lead), OWNER);
  const estimate = await saveEstimate(db(), id, estimateForm(lines, { durationMinutes: "90" }));
  await db().updateTable("estimates").set({ status: "accepted" }).where("id", "=", id).execute();
  return estimate;
}

const jobState = (id: number) => db().selectFrom("jobs").select(["status", "done_at"]).where("id", "=", id).executeTakeFirstOrThrow();
const mails = (subject: string) => db().selectFrom("email_outbox").select("id").where("subject", "like", `${subject}%`).execute();

/** "Tuesday, December 1" of a business day, as the question says it. */
function spoken(day: string): string {
  const at = instantIn(day, "12:00", env().BUSINESS_TIME_ZONE);
  const sameYear = day.slice(0, 4) === businessDay(0).slice(0, 4);
  return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", ...(sameYear ? {} : { year: "numeric" }), timeZone: env().BUSINESS_TIME_ZONE }).format(at);
}

describe("the job page", () => {
  it("says what to do: the estimate's lines and total with a link to it, the vehicle, the customer's notes and photos", async () => {
    const lead = await insertJobLead(db());
    await db().updateTable("quote_requests").set({ message: "Dog hair in the back.\nKeys under the mat.", vehicle_type: "Minivan" }).where("id", "=", lead.id).execute();
    for (const [position, name] of ["a1b2c3d4e5f6a7b8.jpg", "b1b2c3d4e5f6a7b8.png"].entries()) {
      await db().insertInto("uploads").values({ name, original_name: `photo-${position}.jpg`, size: 100, staff_only: true, unreferenced_since: null }).execute();
      await db().insertInto("lead_photos").values({ lead_id: lead.id, position: position + 1, upload_name: name }).execute();
    }
    const estimate = await acceptedEstimate(lead.id, [["Interior detail", "1", "199"], ["Headlights", "2", "89.50"]]);
    const job = await schedule({ ...jobForm(lead.id, businessDay(40), "09:00"), estimate: String(estimate.id) });

    const view = await get<{
      job: { vehicle: string | null; customer: { vehicleType: string } };
      work: {
        estimate: { id: number; number: number; lines: { description: string; quantity: number; amount: string }[]; total: string; tax: string | null } | null;
        message: string;
        photos: { url: string; name: string }[];
      };
    }>(`/admin/jobs/${job}`);
    expect(view.work.estimate).toMatchObject({ id: estimate.id, number: estimate.number });
    expect(view.work.estimate!.lines.map((l) => [l.description, l.quantity, l.amount])).toEqual([
      ["Interior detail", 1, "$199.00"],
      ["Headlights", 2, "$179.00"],
    ]);
    expect(view.work.estimate).toMatchObject({ total: "$378.00", tax: null });
    expect(view.work.message).toBe("Dog hair in the back.\nKeys under the mat.");
    expect(view.work.photos.map((p) => [p.url, p.name])).toEqual([
      ["/uploads/a1b2c3d4e5f6a7b8.jpg", "photo-0.jpg"],
      ["/uploads/b1b2c3d4e5f6a7b8.png", "photo-1.jpg"],
    ]);
    expect(view.job.customer.vehicleType).toBe("Minivan");
  });
});

describe("On My Way and Mark Done", () => {
  for (const [intent, question, fields] of [
    ["done", "Mark it done now?", {}],
    ["on_the_way", "Send On My Way now?", { minutes: "20" }],
  ] as const) {
    it(`${intent}: on a job of another day, asks first and acts only once confirmed`, async () => {
      const lead = await insertJobLead(db());
      const day = businessDay(intent === "done" ? 41 : 42);
      const job = await schedule(jobForm(lead.id, day, "09:00"));
      const path = `/admin/jobs/${job}`;
      const before = (await mails("On our way")).length;

      const asked = await post(path, { intent, ...fields });
      expect(asked.status).toBe(200);
      expect(await asked.json()).toEqual({ intent, confirm: `This job is on ${spoken(day)}. ${question}`, ...(intent === "on_the_way" && { minutes: 20 }) });
      expect((await jobState(job)).status).toBe("scheduled");
      expect(await mails("On our way")).toHaveLength(before);

      const confirmed = await post(path, { intent, ...fields, confirm: "yes" });
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.get("location")).toBe(`${path}?done=${intent}`);
      expect((await jobState(job)).status).toBe(intent);
      if (intent === "on_the_way") expect(await mails("On our way")).toHaveLength(before + 1);
    });
  }

  it("on today's job, act at once", async () => {
    const lead = await insertJobLead(db());
    const other = await insertJobLead(db());
    const today = businessDay(0);
    const first = await schedule(jobForm(lead.id, today, "00:00", { durationMinutes: "30" }));
    const second = await schedule(jobForm(other.id, today, "23:00", { durationMinutes: "30" }));
    expect((await post(`/admin/jobs/${first}`, { intent: "on_the_way", minutes: "30" })).status).toBe(303);
    expect((await jobState(first)).status).toBe("on_the_way");
    expect((await post(`/admin/jobs/${second}`, { intent: "done" })).status).toBe(303);
    expect((await jobState(second)).status).toBe("done");
  });
});

describe("Schedule Job", () => {
  interface NewJob {
    values: { date: string; startTime: string; durationMinutes: string };
    estimate: { id: number; job: { id: number; when: string } | null } | null;
  }

  it("proposes the next free time: never one already begun, in working hours, clear of other jobs with the travel buffer", async () => {
    const week = await getWorkWeek(db());
    const tz = env().BUSINESS_TIME_ZONE;
    const lead = await insertJobLead(db());
    const first = (await get<NewJob>(`/admin/jobs/new?lead=${lead.id}`)).values;
    const at = instantIn(first.date, first.startTime, tz);
    expect(at.getTime()).toBeGreaterThanOrEqual(Date.now() - 60_000);
    expect(week.workingDays).toContain(isoWeekday(first.date));
    expect(minutesOfDay(first.startTime)).toBeGreaterThanOrEqual(minutesOfDay(week.workdayStart));
    expect(minutesOfDay(first.startTime) + 120).toBeLessThanOrEqual(minutesOfDay(week.workdayEnd));

    // Once that time is taken, the next proposal starts after it and its travel buffer.
    await schedule({ ...jobForm(lead.id, first.date, first.startTime), durationMinutes: first.durationMinutes });
    const next = (await get<NewJob>(`/admin/jobs/new?lead=${lead.id}`)).values;
    expect(instantIn(next.date, next.startTime, tz).getTime()).toBeGreaterThanOrEqual(at.getTime() + (120 + week.travelBufferMinutes) * 60_000);
  });

  it("never attaches an estimate that has a job: not offered, and refused when posted", async () => {
    const lead = await insertJobLead(db());
    const estimate = await acceptedEstimate(lead.id, [["Full detail", "1", "250"]]);
    expect((await get<{ acceptedEstimateId: number | null }>(`/admin/leads/${lead.id}`)).acceptedEstimateId).toBe(estimate.id);
    const job = await schedule({ ...jobForm(lead.id, businessDay(43), "09:00"), estimate: String(estimate.id) });

    // The lead page's Schedule Job no longer names it; the form for it says which job has it.
    expect((await get<{ acceptedEstimateId: number | null }>(`/admin/leads/${lead.id}`)).acceptedEstimateId).toBeNull();
    expect((await get<NewJob>(`/admin/jobs/new?lead=${lead.id}&estimate=${estimate.id}`)).estimate).toMatchObject({ id: estimate.id, job: { id: job } });

    const refused = await post("/admin/jobs/new", { ...jobForm(lead.id, businessDay(44), "09:00"), estimate: String(estimate.id) });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(new RegExp(`^Estimate #${estimate.number} already has a job, .+\\. Change that job instead, or cancel it first\\.$`));
    expect(await db().selectFrom("jobs").select("id").where("estimate_id", "=", estimate.id).execute()).toEqual([{ id: job }]);

    // Cancelled, the job lets go of the estimate.
    expect((await post(`/admin/jobs/${job}`, { intent: "cancel" })).status).toBe(303);
    expect((await get<NewJob>(`/admin/jobs/new?lead=${lead.id}&estimate=${estimate.id}`)).estimate!.job).toBeNull();
    await schedule({ ...jobForm(lead.id, businessDay(45), "09:00"), estimate: String(estimate.id) });
  });

  it("of two posts at once for one estimate, one job is stored; the database holds no second", async () => {
    const lead = await insertJobLead(db());
    const estimate = await acceptedEstimate(lead.id, [["Full detail", "1", "250"]]);
    const answers = await Promise.all(
      ["09:00", "13:00"].map((time) => post("/admin/jobs/new", { ...jobForm(lead.id, businessDay(46), time), estimate: String(estimate.id) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    expect(await db().selectFrom("jobs").select("id").where("estimate_id", "=", estimate.id).execute()).toHaveLength(1);
    // The unique index itself, below the check.
    const [job] = await db().selectFrom("jobs").selectAll().where("estimate_id", "=", estimate.id).execute();
    const { id: _id, token: _token, ...copy } = job!;
    const later = new Date(job!.starts_at.getTime() + 86_400_000);
    await expect(
      db()
        .insertInto("jobs")
        .values({ ...copy, token: "second-job-token-abcdefghijklmnopq", starts_at: later, busy: sql`tstzrange(${later}::timestamptz, ${later}::timestamptz + make_interval(mins => ${copy.duration_minutes + copy.buffer_minutes}::int), '[)')` })
        .execute(),
    ).rejects.toMatchObject({ code: "23505" });
  });
});

describe("Create Invoice on a job", () => {
  const invoicesOf = (job: number) => db().selectFrom("invoices").select(["id", "status"]).where("job_id", "=", job).orderBy("id").execute();

  it("opens the job's invoice; a second needs Create Another Invoice; two presses at once make one", async () => {
    const lead = await insertJobLead(db());
    const job = await schedule(jobForm(lead.id, businessDay(47), "09:00"));
    const presses = await Promise.all([post("/admin/invoices/new", { job_id: String(job) }), post("/admin/invoices/new", { job_id: String(job) })]);
    const [first] = await invoicesOf(job);
    expect(await invoicesOf(job)).toHaveLength(1);
    for (const res of presses) {
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`/admin/invoices/${first!.id}`);
    }
    expect((await get<{ invoices: { id: number }[] }>(`/admin/jobs/${job}`)).invoices.map((i) => i.id)).toEqual([first!.id]);

    const another = await post("/admin/invoices/new", { job_id: String(job), another: "yes" });
    const [, second] = await invoicesOf(job);
    expect(second).toBeDefined();
    expect(another.headers.get("location")).toBe(`/admin/invoices/${second!.id}`);
    // Without the confirmation, the newest is opened.
    expect((await post("/admin/invoices/new", { job_id: String(job) })).headers.get("location")).toBe(`/admin/invoices/${second!.id}`);
    expect(await invoicesOf(job)).toHaveLength(2);
  });

  it("a void invoice does not count", async () => {
    const lead = await insertJobLead(db());
    const job = await schedule(jobForm(lead.id, businessDay(48), "09:00"));
    await post("/admin/invoices/new", { job_id: String(job) });
    await db().updateTable("invoices").set({ status: "void", voided_at: new Date() }).where("job_id", "=", job).execute();
    const res = await post("/admin/invoices/new", { job_id: String(job) });
    const rows = await invoicesOf(job);
    expect(rows.map((r) => r.status)).toEqual(["void", "draft"]);
    expect(res.headers.get("location")).toBe(`/admin/invoices/${rows[1]!.id}`);
  });
});
