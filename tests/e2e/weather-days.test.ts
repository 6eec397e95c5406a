import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { addDays, dayIn, localInstant, longDate } from "~/lib/time-zone";
import { isoWeekday } from "~/lib/work-week";
import { openDatabase } from "~/server/db.server";
import { migrateToLatest } from "~/server/migrate.server";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { insertCustomer, insertJob } from "../helpers/schedule-jobs";
import { axeClean } from "./axe";
import { ADMIN_EMAIL, expect, expectNoScripts, expectNoSidewaysScroll, hydrated, signIn, test as base } from "./fixtures";

/*
 * Days Off and Weather Day on /admin/schedule (issue 37, docs/decisions/0143,
 * 0144) at 390 px, with JavaScript and without: a day off added and removed;
 * a Weather Day that cancels the day's job, e-mails its customer
 * "Rescheduling your appointment:" with the link, where the customer (a page
 * without JavaScript) books the time held for them; the owner then sees it.
 */

const ZONE = "America/Detroit";
/** The `n`th weekday from three days ahead. */
function weekday(n: number): string {
  let day = addDays(dayIn(new Date(), ZONE), 3);
  for (let found = 0; ; day = addDays(day, 1)) if (isoWeekday(day) <= 5 && found++ === n) return day;
}
const MODES = [
  { javaScriptEnabled: true, weatherDay: weekday(0), dayOff: weekday(4), customer: "Wendy Withscript" },
  { javaScriptEnabled: false, weatherDay: weekday(1), dayOff: weekday(5), customer: "Nora Noscript" },
];

const test = base.extend<{}, { app: AppServer }>({
  app: [
    async ({ smtp }, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-weather-"));
      const opened = openDatabase({ url: "", dataDir, timeZone: ZONE });
      await migrateToLatest(opened.db);
      for (const mode of MODES) {
        const lead = await insertCustomer(opened.db, mode.customer, "5 Pine St, Grand Rapids, MI 49503");
        await insertJob(opened.db, lead, new Date(localInstant(mode.weatherDay, 10 * 60, ZONE)!), { address: "5 Pine St, Grand Rapids, MI 49503" });
      }
      await opened.close();
      const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, BUSINESS_TIME_ZONE: ZONE }, { dataDir, embeddedOnDisk: true });
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

for (const mode of MODES) {
  test.describe(`${mode.javaScriptEnabled ? "with" : "without"} JavaScript, 390 px`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test("Days Off: add a date with a reason, see it, remove it", async ({ page }) => {
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/schedule" });
      const panel = page.getByRole("region", { name: "Days Off" });
      await panel.getByLabel("Date").fill(mode.dayOff);
      await panel.getByLabel("Reason (optional)").fill("Boat show");
      await panel.getByRole("button", { name: "Add Day Off" }).click();
      await expect(page.getByRole("status")).toContainText(`${longDate(mode.dayOff)} is a day off.`);
      await hydrated(page);
      const list = page.getByRole("list", { name: "Days off" });
      await expect(list).toContainText(`${longDate(mode.dayOff)} · Boat show`);
      await expectNoSidewaysScroll(page);
      await axeClean(page);
      await list.getByRole("button", { name: `Remove ${longDate(mode.dayOff)}` }).click();
      await expect(page.getByRole("status")).toContainText(`${longDate(mode.dayOff)} is bookable again.`);
      await expect(page.getByText("Boat show")).toHaveCount(0);
    });

    test("Weather Day: the day's job cancelled, its customer e-mailed a link, rebooked on the held time, the owner sees it", async ({ page, smtp }) => {
      test.setTimeout(90_000);
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/schedule" });
      const panel = page.getByRole("region", { name: "Weather Day" });
      await panel.getByLabel("Date").fill(mode.weatherDay);
      await panel.getByLabel("Yes, cancel every job that day").check();
      await panel.getByRole("button", { name: "Weather Day" }).click();
      await expect(page.getByRole("status")).toContainText(`Weather Day ${longDate(mode.weatherDay)}: 1 job cancelled`);
      await hydrated(page);
      const rebooking = page.getByRole("list", { name: `Rebooking after ${longDate(mode.weatherDay)}` });
      await expect(rebooking).toContainText(`${mode.customer}: Not rebooked yet;`);
      await expectNoSidewaysScroll(page);
      await axeClean(page);

      const email = `${mode.customer.toLowerCase().replace(/\W+/g, ".")}@example.com`;
      const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Rescheduling your appointment:"), 30_000);
      const link = /https?:\/\/[^\s]+(\/appointments\/[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

      await page.goto(link);
      await expectNoScripts(page);
      await expect(page.getByRole("status")).toContainText("cancelled this appointment");
      const form = page.getByRole("form", { name: "Choose a New Time" });
      await expect(form).toContainText("held for you until");
      await expectNoSidewaysScroll(page);
      await axeClean(page);
      await form.getByRole("radio").first().check();
      await form.getByRole("button", { name: "Book This Time" }).click();
      await expect(page.getByRole("status")).toContainText("Your appointment is booked.");

      await page.goto("/admin/schedule");
      await expect(page.getByRole("list", { name: `Rebooking after ${longDate(mode.weatherDay)}` })).toContainText(`${mode.customer}: Rebooked for`);
    });
  });
}
