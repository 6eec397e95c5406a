import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { addDays, startOfDayIn, zoneOffsetMs } from "~/lib/time-zone";
import { getInvoice, invoiceToday } from "~/server/invoices/invoices.server";
import { saveSettings } from "~/server/settings.server";
import { insertLead } from "../helpers/estimates";
import { businessDay, insertJobLead } from "../helpers/jobs";
import { callRoute, inProcessFetch, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Dates and clock changes through the app's own routes (issue 33, points 4, 9
// and 10; docs/decisions/0109): an impossible date is a 400 on its field on
// every form and on the API, never a 500; a time the clocks skip is refused
// on Start Time; a job in the hour the clocks repeat says which of the two
// times it means, wherever it is shown; a payment dated over a year back is
// asked about first, and one over ten years back refused.
const OWNER = "owner@shine.example";
const ZONE = "America/Detroit";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, SMTP_URL: undefined, BUSINESS_TIME_ZONE: ZONE });
const db = () => database.db;
let admin: string;
let ip = 0;
const context = () => routeContext(db(), { clientIp: `192.0.2.${++ip}` });

beforeAll(async () => {
  admin = await sessionCookieFor(db(), OWNER, { admin: true });
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER }, OWNER);
});

function post(path: string, fields: [string, string][] | Record<string, string>) {
  const body = new URLSearchParams(fields);
  return callRoute(new Request(`http://localhost${path}`, { method: "POST", body, headers: { cookie: admin, "content-type": "application/x-www-form-urlencoded" } }), context());
}
const get = (path: string, cookie = admin) => callRoute(new Request(`http://localhost${path}`, { headers: { cookie } }), context());
const jobForm = (lead: number, date: string, startTime: string, durationMinutes = "120") => ({ lead: String(lead), date, startTime, durationMinutes, address: "7 Oak Ave, Holland, MI", notes: "" });
const jobsOf = (lead: number) => db().selectFrom("jobs").select(["id", "starts_at"]).where("lead_id", "=", lead).execute();

/** The next business day (from tomorrow, within a year) whose night the clocks go forward (a skipped hour) or back (a repeated one). */
function nextClockChange(direction: "forward" | "back"): string {
  for (let i = 1; i <= 366; i++) {
    const day = businessDay(i);
    const before = zoneOffsetMs(startOfDayIn(day, ZONE), ZONE);
    const after = zoneOffsetMs(startOfDayIn(addDays(day, 1), ZONE), ZONE);
    if (direction === "forward" ? after > before : after < before) return day;
  }
  throw new Error(`${ZONE} has no clock change ${direction} within a year`);
}

async function scheduled(lead: number, date: string, startTime: string, durationMinutes?: string): Promise<number> {
  const res = await post("/admin/jobs/new", jobForm(lead, date, startTime, durationMinutes));
  expect(res.status, JSON.stringify(res.status === 303 ? null : await res.clone().json())).toBe(303);
  return Number(/\/admin\/jobs\/(\d+)$/.exec(res.headers.get("location")!)![1]);
}

const IMPOSSIBLE = ["2027-13-01", "2027-01-32", "2027-00-10", "2027-02-29", "0000-01-01"];

describe("impossible dates", () => {
  it("are refused on Date by Schedule Job and Reschedule with a 400, nothing stored or moved", async () => {
    const lead = await insertJobLead(db());
    for (const date of IMPOSSIBLE) {
      const res = await post("/admin/jobs/new", jobForm(lead.id, date, "09:00"));
      expect(res.status, date).toBe(400);
      const body = (await res.json()) as { fields: Record<string, string>; values: Record<string, string> };
      expect(body.fields, date).toEqual({ date: "Date must be a date, like 2026-12-31." });
      expect(body.values.date).toBe(date);
    }
    expect(await jobsOf(lead.id)).toEqual([]);

    const id = await scheduled(lead.id, businessDay(40), "09:00");
    const [before] = await jobsOf(lead.id);
    for (const date of IMPOSSIBLE) {
      const res = await post(`/admin/jobs/${id}`, { intent: "reschedule", ...jobForm(lead.id, date, "10:00") });
      expect(res.status, date).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields, date).toEqual({ date: "Date must be a date, like 2026-12-31." });
    }
    expect(await jobsOf(lead.id)).toEqual([before]);
  });

  it("are refused on their field by the estimate's Valid Until, the payment's Date, an API token's Expires and the schedule's week", async () => {
    const created = await post("/admin/estimates", [["leadId", String(await insertLead(db()))]]);
    const estimate = /\/admin\/estimates\/(\d+)$/.exec(created.headers.get("location") ?? "")![1];
    const invoice = await sentInvoice();
    for (const date of IMPOSSIBLE) {
      const saved = await post(`/admin/estimates/${estimate}`, [...lineFields, ["durationMinutes", "120"], ["validUntil", date], ["message", ""], ["intent", "save"]]);
      expect(saved.status, date).toBe(400);
      expect(((await saved.json()) as { fields: Record<string, string> }).fields.validUntil, date).toBe("Valid Until must be a date, like 2026-12-31.");

      const paid = await post(`/admin/invoices/${invoice}`, payment("10", date));
      expect(paid.status, date).toBe(400);
      expect(((await paid.json()) as { fields: Record<string, string> }).fields, date).toEqual({ date: "Date must be a date, like 2026-12-31." });

      const token = await post("/admin/tokens", { intent: "create", name: "Books", expires: date });
      expect(token.status, date).toBe(400);
      expect(((await token.json()) as { fields: Record<string, string> }).fields, date).toEqual({ expires: "Expires must be a date (YYYY-MM-DD)" });

      const week = await get(`/admin/schedule?week=${date}`);
      expect(week.status, date).toBe(400);
      expect(((await week.json()) as { error: string }).error).toMatch(/^The week must be a date like 2026-11-30/);
    }
    expect((await getInvoice(db(), invoice)).payments).toEqual([]);
  });

  it("are a 400 naming the column on the API, with the row unchanged", async () => {
    const api = inProcessFetch(db);
    const call = (path: string, method: string, json: unknown) =>
      api(path, { method, headers: { cookie: admin, "content-type": "application/json" }, body: JSON.stringify(json) });
    const res = await call("/api/tables/care_guides", "POST", { title: "Winter wax", body: "<p>Wax twice.</p>", reviewed_on: "2026-11-01" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    for (const reviewed_on of IMPOSSIBLE) {
      const refused = await call(`/api/tables/care_guides/${id}`, "PUT", { title: "Winter wax", body: "<p>Wax twice.</p>", reviewed_on });
      expect(refused.status, reviewed_on).toBe(400);
      expect(((await refused.json()) as { fields: Record<string, string> }).fields, reviewed_on).toEqual({ reviewed_on: "Last Reviewed must be a valid date" });
    }
    const row = await db().selectFrom("care_guides").select(sql`reviewed_on::text`.as("reviewed_on")).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.reviewed_on).toBe("2026-11-01");
  });
});

describe("clock changes", () => {
  it("refuses a start time the clocks skip, on Start Time, when scheduling and rescheduling", async () => {
    const spring = nextClockChange("forward");
    const lead = await insertJobLead(db());
    const message = `Start Time 02:30 does not exist on ${spring} in ${ZONE}: the clocks go forward 1 hour that night. Choose another time.`;
    const refused = await post("/admin/jobs/new", jobForm(lead.id, spring, "02:30"));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fields: Record<string, string> }).fields).toEqual({ startTime: message });
    expect(await jobsOf(lead.id)).toEqual([]);

    // The hours either side of the gap are real times.
    const id = await scheduled(lead.id, spring, "03:00", "60");
    const [before] = await jobsOf(lead.id);
    const moved = await post(`/admin/jobs/${id}`, { intent: "reschedule", ...jobForm(lead.id, spring, "02:30", "60") });
    expect(moved.status).toBe(400);
    expect(((await moved.json()) as { fields: Record<string, string> }).fields).toEqual({ startTime: message });
    expect(await jobsOf(lead.id)).toEqual([before]);
    expect((await post(`/admin/jobs/${id}`, { intent: "reschedule", ...jobForm(lead.id, spring, "01:30", "30") })).status).toBe(303);
  });

  it("says a job in the hour the clocks repeat with its zone, on the job's page, the schedule, the customer's page and e-mail", async () => {
    const autumn = nextClockChange("back");
    const lead = await insertJobLead(db());
    const id = await scheduled(lead.id, autumn, "01:30", "60");
    const [job] = await db().selectFrom("jobs").select(["starts_at", "token"]).where("id", "=", id).execute();
    // The first 1:30, in daylight time (-04:00).
    expect(new Date(job!.starts_at).toISOString()).toBe(`${autumn}T05:30:00.000Z`);
    const times = "1:30 AM EDT – 1:30 AM EST";

    const page = (await (await get(`/admin/jobs/${id}`)).json()) as { job: { when: string } };
    expect(page.job.when).toMatch(new RegExp(`, ${times}$`));
    const week = (await (await get(`/admin/schedule?week=${autumn}`)).json()) as { week: { days: { jobs: { id: number; time: string }[] }[] } };
    expect(week.week.days.flatMap((d) => d.jobs).find((j) => j.id === id)?.time).toBe(times);
    const customer = (await (await get(`/appointments/${job!.token}`, "")).json()) as { appointment: { when: string } };
    expect(customer.appointment.when).toBe(page.job.when);
    const mail = await db().selectFrom("email_outbox").select("text_body").where("lead_id", "=", lead.id).where("kind", "=", "job_confirmed").executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(page.job.when);
  });
});

describe("a payment's date", () => {
  it("over a year back is asked about first, then recorded when confirmed; over ten years back, or in the future, refused", async () => {
    const invoice = await sentInvoice();
    const today = invoiceToday();
    const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;

    for (const [date, message] of [
      ["0001-01-01", "Date can be at most 10 years ago."],
      [`${Number(today.slice(0, 4)) - 11}-06-15`, "Date can be at most 10 years ago."],
      [addDays(today, 1), "Date cannot be in the future."],
    ] as const) {
      for (const confirm of [[], [["confirm", "yes"]]] as [string, string][][]) {
        const res = await post(`/admin/invoices/${invoice}`, [...payment("10", date), ...confirm]);
        expect(res.status, date).toBe(400);
        expect(((await res.json()) as { fields: Record<string, string> }).fields, date).toEqual({ date: message });
      }
    }

    const old = addDays(yearAgo, -1);
    const asked = await post(`/admin/invoices/${invoice}`, payment("10", old));
    expect(asked.status).toBe(200);
    const body = (await asked.json()) as { confirm: string; payment: Record<string, string>; error?: string };
    expect(body.confirm).toMatch(new RegExp(`^This payment's date, \\w+day, \\w+ \\d{1,2}, ${old.slice(0, 4)}, is more than a year ago\\. Record it anyway\\?$`));
    expect(body.payment).toMatchObject({ amount: "10", date: old, note: "old check" });
    expect(body.error).toBeUndefined();
    expect((await getInvoice(db(), invoice)).payments).toEqual([]);

    const confirmed = await post(`/admin/invoices/${invoice}`, [...payment("10", old), ["confirm", "yes"]]);
    expect(confirmed.headers.get("location")).toBe(`/admin/invoices/${invoice}?done=payment`);
    // The same date a year ago is within the year: recorded at once.
    expect((await post(`/admin/invoices/${invoice}`, payment("5", yearAgo))).headers.get("location")).toBe(`/admin/invoices/${invoice}?done=payment`);
    expect((await getInvoice(db(), invoice)).payments.map((p) => [p.paidOn, p.amountCents])).toEqual([
      [old, 1000],
      [yearAgo, 500],
    ]);
  });
});

const lineFields: [string, string][] = [
  ["description", "Ceramic coating"],
  ["quantity", "1"],
  ["unitPrice", "899.00"],
  ["serviceId", ""],
];
const payment = (amount: string, date: string): [string, string][] => [
  ["intent", "record-payment"],
  ["amount", amount],
  ["method", "Check"],
  ["date", date],
  ["note", "old check"],
];

/** A sent invoice of $899 (plus tax) to record payments on. */
async function sentInvoice(): Promise<number> {
  const created = await post("/admin/invoices/new", [["lead_id", String(await insertLead(db(), { status: "booked" }))]]);
  const id = Number(/\/admin\/invoices\/(\d+)$/.exec(created.headers.get("location") ?? "")![1]);
  expect((await post(`/admin/invoices/${id}`, [...lineFields, ["message", ""], ["intent", "send"]])).status).toBe(303);
  return id;
}
