import { beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { getBusinessSettings, getSettings, getWorkWeek, saveSettings } from "~/server/settings.server";
import { callRoute, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// The working week on /admin/settings (issue 21): Workday Start and End, a
// checkbox per day and the Travel Buffer, validated with a message per field,
// stored with the other settings in one write, and read typed by
// getBusinessSettings (never by the public pages' getSettings).
const OWNER = "owner@shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER });
const db = () => database.db;
const TEXTS = { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "0" };

let cookie: string;
beforeAll(async () => {
  cookie = await sessionCookieFor(db(), OWNER, { admin: true });
});

/** The form as the page posts it: every text, the times, the days' empty marker and the ticked days. */
function post(week: { workdayStart?: string; workdayEnd?: string; days?: string[]; travelBufferMinutes?: string }, texts: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...TEXTS, ...texts })) body.set(name, value);
  body.set("workdayStart", week.workdayStart ?? "08:00");
  body.set("workdayEnd", week.workdayEnd ?? "18:00");
  body.append("workingDays", "");
  for (const day of week.days ?? ["1", "2", "3", "4", "5"]) body.append("workingDays", day);
  body.set("travelBufferMinutes", week.travelBufferMinutes ?? "30");
  const request = new Request("http://localhost/admin/settings", { method: "POST", body, headers: { cookie } });
  return callRoute(request, routeContext(db()));
}

describe("the working week in the settings", () => {
  it("reads the columns' defaults before the first save, typed", async () => {
    const settings = await getBusinessSettings(db());
    expect(settings).toMatchObject({ workdayStart: "08:00", workdayEnd: "18:00", workingDays: [1, 2, 3, 4, 5, 6], travelBufferMinutes: 30 });
  });

  it("saves what the form sends and reads it back as numbers, days ascending", async () => {
    const res = await post({ workdayStart: "07:30", workdayEnd: "16:45", days: ["7", "2", "4", "2"], travelBufferMinutes: "45" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/settings?saved=1");
    const week = { workdayStart: "07:30", workdayEnd: "16:45", workingDays: [2, 4, 7], travelBufferMinutes: 45 };
    expect(await getBusinessSettings(db())).toMatchObject(week);
    expect(await getWorkWeek(db())).toEqual(week);
    // Never in the public pages' settings.
    expect(Object.keys(await getSettings(db()))).not.toContain("workingDays");
  });

  it("answers 400 with a message on the field, and stores nothing (not the texts either)", async () => {
    const before = await getBusinessSettings(db());
    const cases: [Parameters<typeof post>[0], string, RegExp][] = [
      [{ workdayStart: "09:00", workdayEnd: "09:00" }, "workdayEnd", /^Workday End must be after Workday Start \(09:00\)\.$/],
      [{ workdayStart: "17:00", workdayEnd: "08:00" }, "workdayEnd", /after Workday Start/],
      [{ days: [] }, "workingDays", /^Choose at least one working day\.$/],
      [{ days: ["8"] }, "workingDays", /Monday to Sunday/],
      [{ workdayStart: "24:00" }, "workdayStart", /^Workday Start must be a time from 00:00 to 23:59, like 08:00\.$/],
      [{ workdayEnd: "6pm" }, "workdayEnd", /^Workday End must be a time from 00:00 to 23:59/],
      [{ workdayStart: " " }, "workdayStart", /^Workday Start is required\.$/],
      [{ travelBufferMinutes: "241" }, "travelBufferMinutes", /^Travel Buffer \(minutes\) must be a whole number from 0 to 240\.$/],
      [{ travelBufferMinutes: "-5" }, "travelBufferMinutes", /whole number from 0 to 240/],
      [{ travelBufferMinutes: "12.5" }, "travelBufferMinutes", /whole number from 0 to 240/],
      [{ travelBufferMinutes: "" }, "travelBufferMinutes", /whole number from 0 to 240/],
    ];
    for (const [week, field, message] of cases) {
      const res = await post(week, { founderName: "Never Saved" });
      expect(res.status, JSON.stringify(week)).toBe(400);
      const body = (await res.json()) as { fields: Record<string, string> };
      expect(body.fields[field], JSON.stringify(week)).toMatch(message);
    }
    // A bad text and a bad week together: both fields are named at once.
    const both = (await (await post({ days: [] }, { phone: "call me" })).json()) as { fields: Record<string, string> };
    expect(Object.keys(both.fields).sort()).toEqual(["phone", "workingDays"]);
    expect(await getBusinessSettings(db())).toEqual(before);
  });

  it("accepts the limits: 00:00 to 23:59, a buffer of 0 or 240, every day", async () => {
    expect((await post({ workdayStart: "00:00", workdayEnd: "23:59", days: ["1", "2", "3", "4", "5", "6", "7"], travelBufferMinutes: "0" })).status).toBe(302);
    expect(await getWorkWeek(db())).toEqual({ workdayStart: "00:00", workdayEnd: "23:59", workingDays: [1, 2, 3, 4, 5, 6, 7], travelBufferMinutes: 0 });
    expect((await post({ travelBufferMinutes: "240" })).status).toBe(302);
    expect((await getWorkWeek(db())).travelBufferMinutes).toBe(240);
  });

  it("a save without the working week (a caller that predates it) keeps the stored one", async () => {
    await post({ workdayStart: "09:00", workdayEnd: "17:00", days: ["1", "3"], travelBufferMinutes: "15" });
    const saved = await saveSettings(db(), { ...TEXTS, founderName: "Jo Owner" }, OWNER);
    expect(saved).toMatchObject({ founderName: "Jo Owner", workdayStart: "09:00", workdayEnd: "17:00", workingDays: [1, 3], travelBufferMinutes: 15 });
    expect(await getWorkWeek(db())).toEqual({ workdayStart: "09:00", workdayEnd: "17:00", workingDays: [1, 3], travelBufferMinutes: 15 });
  });
});
