import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { getLead, leadTimeline } from "~/server/leads/lead.server";
import { saveSettings } from "~/server/settings.server";
import { businessDay, insertJobLead } from "../helpers/jobs";
import { callRoute, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// The owner's job pages through the app's own routes (plain form posts, as
// without JavaScript): Schedule Job's refusals on their fields with nothing
// stored, the redirect to the job's page, its intents, and administrators only.
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

function post(path: string, fields: Record<string, string>, cookie = admin) {
  return callRoute(
    new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { cookie, "content-type": "application/x-www-form-urlencoded" } }),
    context(),
  );
}
const get = (path: string, cookie = admin) => callRoute(new Request(`http://localhost${path}`, { headers: { cookie } }), context());
const form = (lead: number, date: string, startTime: string, rest: Record<string, string> = {}) => ({
  lead: String(lead),
  date,
  startTime,
  durationMinutes: "120",
  address: "7 Oak Ave",
  notes: "",
  ...rest,
});
const jobsOf = (lead: number) => db().selectFrom("jobs").select(["id", "status"]).where("lead_id", "=", lead).execute();

describe("Schedule Job", () => {
  it("prefills the lead's service address and 120 minutes", async () => {
    const lead = await insertJobLead(db(), { serviceAddress: "9 Pine Rd, Zeeland, MI" });
    const res = await get(`/admin/jobs/new?lead=${lead.id}`);
    expect(res.status).toBe(200);
    const view = (await res.json()) as { lead: { name: string }; values: Record<string, string> };
    expect(view.lead.name).toBe(lead.name);
    // The time proposed is the next free one (tests/integration/job-screens.test.ts).
    expect(view.values).toMatchObject({ durationMinutes: "120", address: "9 Pine Rd, Zeeland, MI" });
    expect((await get(`/admin/jobs/new?lead=abc`)).status).toBe(404);
    expect((await get(`/admin/jobs/new?lead=999999`)).status).toBe(404);
  });

  it("refuses bad input with the message on its field, and stores nothing", async () => {
    const lead = await insertJobLead(db());
    const day = businessDay(50);
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ startTime: "24:00" }, "startTime", /^Start Time must be a time from 00:00 to 23:59\.$/],
      [{ durationMinutes: "0" }, "durationMinutes", /^Duration \(minutes\) must be a whole number from 1 to 10080 \(a week\)/],
      [{ durationMinutes: "10081" }, "durationMinutes", /^Duration \(minutes\)/],
      [{ date: businessDay(367) }, "date", /^Date can be at most a year ahead\.$/],
      [{ address: "a".repeat(301) }, "address", /^Address can be at most 300 characters\.$/],
    ];
    for (const [change, field, message] of cases) {
      const res = await post("/admin/jobs/new", { ...form(lead.id, day, "09:00"), ...change });
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as { fields: Record<string, string>; values: Record<string, string> };
      expect(body.fields[field]).toMatch(message);
      expect(body.values[field]).toBe({ ...form(lead.id, day, "09:00"), ...change }[field]);
    }
    expect(await jobsOf(lead.id)).toEqual([]);
    expect((await getLead(db(), lead.id)).status).toBe("contacted");
  });

  it("saves with a redirect to the job's page; an overlap answers 409 with the message and the values", async () => {
    const first = await insertJobLead(db(), { name: "Olive Firstbook" });
    const day = businessDay(51);
    const saved = await post("/admin/jobs/new", form(first.id, day, "10:00"));
    expect(saved.status).toBe(303);
    const [job] = await jobsOf(first.id);
    expect(saved.headers.get("location")).toBe(`/admin/jobs/${job!.id}`);

    const other = await insertJobLead(db());
    const refused = await post("/admin/jobs/new", form(other.id, day, "12:15", { notes: "Keep me" }));
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: string; fields: Record<string, string>; values: Record<string, string> };
    expect(body.error).toContain("overlaps Olive Firstbook's job");
    expect(body.fields.startTime).toBe(body.error);
    expect(body.values).toMatchObject({ startTime: "12:15", notes: "Keep me" });
    expect(await jobsOf(other.id)).toEqual([]);
  });

  it("places work over 12 hours on consecutive working days from Workday Start, and refuses another start on Start Time", async () => {
    await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, workdayStart: "08:00", workdayEnd: "18:00", workingDays: ["1", "2", "3", "4", "5", "6", "7"] }, OWNER);
    try {
      const lead = await insertJobLead(db());
      const day = businessDay(60);
      const late = await post("/admin/jobs/new", form(lead.id, day, "09:00", { durationMinutes: "960" }));
      expect(late.status).toBe(409);
      expect(((await late.json()) as { fields: Record<string, string> }).fields.startTime).toMatch(/^A job over 2 working days starts at Workday Start/);
      expect(await jobsOf(lead.id)).toEqual([]);
      expect((await post("/admin/jobs/new", form(lead.id, day, "08:00", { durationMinutes: "960" }))).status).toBe(303);
      const [job] = await db().selectFrom("jobs").select(["duration_minutes", sql<number>`(SELECT count(*) FROM unnest(work_days))::int`.as("days")]).where("lead_id", "=", lead.id).execute();
      expect(job).toEqual({ duration_minutes: 960, days: 2 });
    } finally {
      await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER }, OWNER);
    }
  });

  it("is for administrators only", async () => {
    const lead = await insertJobLead(db());
    const plain = await sessionCookieFor(db(), "plain@example.com");
    const res = await post("/admin/jobs/new", form(lead.id, businessDay(52), "09:00"), plain);
    expect(res.status).not.toBe(303);
    expect([302, 303, 401, 403]).toContain(res.status);
    expect((await get(`/admin/jobs/new?lead=${lead.id}`, plain)).status).not.toBe(200);
    expect(await jobsOf(lead.id)).toEqual([]);
  });
});

describe("the job's page", () => {
  it("reschedules, refuses bad input on its field, says On My Way, marks done; a done job offers nothing", async () => {
    const lead = await insertJobLead(db());
    const day = businessDay(53);
    expect((await post("/admin/jobs/new", form(lead.id, day, "09:00"))).status).toBe(303);
    const [job] = await jobsOf(lead.id);
    const path = `/admin/jobs/${job!.id}`;
    const page = (await (await get(path)).json()) as { job: { live: boolean; canStart: boolean; when: string }; values: Record<string, string> };
    expect(page.job).toMatchObject({ live: true, canStart: true });
    expect(page.values).toMatchObject({ date: day, startTime: "09:00", durationMinutes: "120", address: "7 Oak Ave" });

    const bad = await post(path, { intent: "reschedule", ...form(lead.id, day, "9am") });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.startTime).toMatch(/^Start Time/);

    const moved = await post(path, { intent: "reschedule", ...form(lead.id, day, "11:00") });
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe(`${path}?done=rescheduled`);
    expect(((await (await get(path)).json()) as { values: Record<string, string> }).values.startTime).toBe("11:00");

    // A job of another day: confirmed (job-screens.test.ts has the question).
    expect((await post(path, { intent: "on_the_way", minutes: "17", confirm: "yes" })).status).toBe(400);
    expect((await post(path, { intent: "assign", assigned_to: "somebody" })).status).toBe(400);
    expect((await post(path, { intent: "on_the_way", minutes: "20", confirm: "yes" })).headers.get("location")).toBe(`${path}?done=on_the_way`);
    expect((await post(path, { intent: "on_the_way", minutes: "20", confirm: "yes" })).status).toBe(409);
    expect((await post(path, { intent: "done", confirm: "yes" })).headers.get("location")).toBe(`${path}?done=done`);
    const done = (await (await get(`${path}?confirm=cancel`)).json()) as { job: { live: boolean; statusTitle: string }; confirmCancel: boolean };
    expect(done).toMatchObject({ job: { live: false, statusTitle: "Done" }, confirmCancel: false });
    expect((await post(path, { intent: "reschedule", ...form(lead.id, day, "13:00") })).status).toBe(409);
    expect((await getLead(db(), lead.id)).status).toBe("completed");

    // The lead's history has the job's events.
    const history = await leadTimeline(db(), await getLead(db(), lead.id));
    expect(history.filter((e) => e.type === "job").map((e) => e.type === "job" && e.kind)).toEqual(["scheduled", "rescheduled", "on_the_way", "done"]);
    expect((await get(`/admin/jobs/999999`)).status).toBe(404);
  });

  it("cancels after the confirm step", async () => {
    const lead = await insertJobLead(db());
    expect((await post("/admin/jobs/new", form(lead.id, businessDay(54), "09:00"))).status).toBe(303);
    const [job] = await jobsOf(lead.id);
    const path = `/admin/jobs/${job!.id}`;
    expect(((await (await get(`${path}?confirm=cancel`)).json()) as { confirmCancel: boolean }).confirmCancel).toBe(true);
    expect((await post(path, { intent: "cancel" })).headers.get("location")).toBe(`${path}?done=cancelled`);
    expect(await jobsOf(lead.id)).toEqual([{ id: job!.id, status: "cancelled" }]);
  });
});
