import { beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { addDays, dayIn } from "~/lib/time-zone";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { saveSettings } from "~/server/settings.server";
import type { TodayView } from "~/server/jobs/today.server";
import { insertLead } from "../helpers/estimates";
import { callRoute, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 36: Today, the signed-in person's jobs of a day in order, with what a
// visit needs on a phone and the drive from the job before; a technician's
// own jobs only, and their start page.
const OWNER = "owner@shine.example";
const ZONE = "America/Detroit";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, SMTP_URL: undefined, BUSINESS_TIME_ZONE: ZONE });
const db = () => database.db;
let owner: string;
let tech: string;
let techId: number;
let ip = 0;
const context = () => routeContext(db(), { clientIp: `203.0.113.${++ip}` });
const get = (path: string, cookie: string) => callRoute(new Request(`http://localhost${path}`, { headers: { cookie } }), context());
const DAY = addDays(dayIn(new Date(), ZONE), 20);

beforeAll(async () => {
  owner = await sessionCookieFor(db(), OWNER, { admin: true });
  tech = await sessionCookieFor(db(), "tech@shine.example", { role: "technician" });
  techId = (await db().selectFrom("users").select("id").where("email", "=", "tech@shine.example").executeTakeFirstOrThrow()).id;
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, baseZip: "49503" }, OWNER);
});

async function job(time: string, address: string, assignedTo: number | null, notes = "") {
  const lead = await insertLead(db());
  await db().updateTable("customers").set({ phone: "616-555-0142", phone_e164: "+16165550142" }).where("id", "=", (await leadOrigin(db(), lead)).customerId).execute();
  return scheduleJob(db(), {
    from: await leadOrigin(db(), lead),
    input: { date: DAY, startTime: time, durationMinutes: 90, address, notes },
    actor: OWNER,
    origin: "https://shine.example",
    assignedTo,
  });
}

describe("Today", () => {
  it("lists a person's jobs of the day in order, with call, text and directions links, and the drive from the job before", async () => {
    const late = await job("14:00", "45 Lake Dr, Grand Rapids, MI 49503", techId, "Gate code 1234");
    const early = await job("09:00", "12 River Ave, Holland, MI 49423", techId);
    const ownersOwn = await job("09:00", "1 Main St, Grand Rapids, MI 49503", null);

    const techDay = (await (await get(`/admin/today?date=${DAY}`, tech)).json()) as TodayView;
    expect(techDay.jobs.map((j) => j.id)).toEqual([early.id, late.id]);
    const [first, second] = techDay.jobs;
    expect(first).toMatchObject({ time: "9:00 AM – 10:30 AM", status: "Scheduled", address: "12 River Ave, Holland, MI 49423", phone: { tel: "tel:+16165550142", sms: "sms:+16165550142" } });
    expect(first!.directions).toMatch(/^https:\/\/.+12%20River%20Ave|^https:\/\/.+12\+River\+Ave/);
    expect(first!.drive).toMatch(/^\d+ minutes' drive from the base$/);
    expect(second).toMatchObject({ time: "2:00 PM – 3:30 PM", notes: "Gate code 1234" });
    expect(second!.drive).toMatch(/^\d+ minutes' drive from the job before$/);

    // The owner's day: their own and the business's unassigned job, not the technician's.
    const ownerDay = (await (await get(`/admin/today?date=${DAY}`, owner)).json()) as TodayView;
    expect(ownerDay.jobs.map((j) => j.id)).toEqual([ownersOwn.id]);
    expect(ownerDay.jobs[0]!.drive).toBeNull();

    // Another day, a day that is not one (today), and the technician's start.
    expect(((await (await get(`/admin/today?date=${addDays(DAY, 1)}`, tech)).json()) as TodayView).jobs).toEqual([]);
    expect(((await (await get("/admin/today?date=2026-02-30", tech)).json()) as TodayView).isToday).toBe(true);
    const start = await get("/admin", tech);
    expect(start.headers.get("location")).toBe("/admin/today");
  });
});
