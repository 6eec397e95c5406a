import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { addDays, dayIn } from "~/lib/time-zone";
import { isoWeekday } from "~/lib/work-week";
import { openDatabase } from "~/server/db.server";
import { localInstant } from "~/lib/time-zone";
import { migrateToLatest } from "~/server/migrate.server";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { insertCustomer, insertJob } from "../helpers/schedule-jobs";
import { axeClean, expectNoSeriousViolations } from "./axe";
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, hydrated, signIn, test as base } from "./fixtures";

/*
 * The owner's week at /admin/schedule (issue 21) in the browser: reached from
 * the dashboard header, seven days with today marked, each job a link named
 * with its customer, Previous week / Next week / Today; with JavaScript on and
 * off, at 1280 px (seven columns) and 390 px (a list by day), axe clean.
 *
 * Jobs are booked elsewhere (the jobs module); this read-only page gets its
 * rows written into the server's embedded database on disk before it starts.
 */

const ZONE = "America/Detroit";
const today = dayIn(new Date(), ZONE);
const monday = addDays(today, 1 - isoWeekday(today));
/** `hour` o'clock on a day of the business's calendar. */
const at = (day: string, hour: number) => new Date(localInstant(day, hour * 60, ZONE)!);

/** The seeded jobs' ids (this worker's server). */
const seeded = { thisWeek: 0, cancelled: 0, nextWeek: 0, lastWeek: 0 };

/** This file's server, started on a database that already holds the week's jobs. */
const test = base.extend<{}, { app: AppServer }>({
  app: [
    async ({ smtp }, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-schedule-"));
      const opened = openDatabase({ url: "", dataDir, timeZone: ZONE });
      await migrateToLatest(opened.db);
      const ada = await insertCustomer(opened.db, "Ada Weekview", "1 Elm St, Grandville, MI 49418");
      const bob = await insertCustomer(opened.db, "Bob Cancelled");
      const cy = await insertCustomer(opened.db, "Cy Nextweek");
      const di = await insertCustomer(opened.db, "Di Lastweek");
      seeded.thisWeek = await insertJob(opened.db, ada, at(monday, 10), { address: "12 Main St, Holland, MI 49423" });
      seeded.cancelled = await insertJob(opened.db, bob, at(addDays(monday, 2), 14), { status: "cancelled", address: "9 Lake Dr, Saugatuck" });
      seeded.nextWeek = await insertJob(opened.db, cy, at(addDays(monday, 8), 9));
      seeded.lastWeek = await insertJob(opened.db, di, at(addDays(monday, -3), 9));
      await opened.close();
      const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, BUSINESS_TIME_ZONE: ZONE }, { dataDir, embeddedOnDisk: true });
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

const VIEWS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

const days = (page: Page) => page.getByRole("list", { name: "Schedule" }).locator(":scope > li");

for (const javaScriptEnabled of [true, false]) {
  for (const view of VIEWS) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${view.name}`, () => {
      test.use({ javaScriptEnabled, viewport: view.viewport });

      test("the week: today marked, jobs as links with name, time and town; Previous week, Next week, Today", async ({ page }) => {
        test.setTimeout(90_000);
        await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
        const nav = page.getByRole("navigation", { name: "Dashboard" });
        if (view.name === "phone") await nav.scrollIntoViewIfNeeded();
        await nav.getByRole("link", { name: "Schedule" }).click();
        await expect(page).toHaveURL(/\/admin\/schedule$/);
        await hydrated(page);
        await expect(page.getByRole("heading", { level: 2, name: "Schedule" })).toBeVisible();
        await expect(nav.getByRole("link", { name: "Schedule" })).toHaveAttribute("aria-current", "page");

        // Monday to Sunday; today (and only today) is aria-current="date".
        await expect(days(page)).toHaveCount(7);
        await expect(days(page).first().getByRole("heading", { level: 3 })).toContainText("Monday");
        await expect(days(page).last().getByRole("heading", { level: 3 })).toContainText("Sunday");
        const current = page.locator('[aria-current="date"]');
        await expect(current).toHaveCount(1);
        await expect(current.locator("time").first()).toHaveAttribute("datetime", today);
        // The working hours (the settings' defaults: Monday to Saturday, 8 to 6).
        await expect(days(page).first()).toContainText("Working hours 8:00 AM – 6:00 PM");
        await expect(days(page).last()).toContainText("Day off");

        // This week's job: a link named with its customer, its time and town.
        const job = page.getByRole("link", { name: /^Ada Weekview/ });
        await expect(job).toHaveAttribute("href", `/admin/jobs/${seeded.thisWeek}`);
        await expect(job).toContainText("10:00 AM – 12:00 PM");
        await expect(job).toContainText("Holland");
        await expect(days(page).first()).toContainText("Ada Weekview");
        // The cancelled one: still listed, struck through, and says so.
        const cancelled = page.getByRole("link", { name: /^Bob Cancelled/ });
        await expect(cancelled).toContainText("Cancelled");
        await expect(cancelled.getByText("Bob Cancelled")).toHaveCSS("text-decoration-line", "line-through");
        await expect(page.getByText("Cy Nextweek")).toHaveCount(0);

        // Seven columns side by side on a wide screen; a list by day (one below the other) on a phone.
        const first = (await days(page).nth(0).boundingBox())!;
        const second = (await days(page).nth(1).boundingBox())!;
        if (view.name === "desktop") {
          expect(second.y).toBe(first.y);
          expect(second.x).toBeGreaterThan(first.x);
        } else {
          expect(second.y).toBeGreaterThan(first.y);
          expect(second.x).toBe(first.x);
        }
        await expectNoSidewaysScroll(page);
        await axeClean(page);

        await page.getByRole("link", { name: "Next week" }).click();
        await expect(page).toHaveURL(new RegExp(`/admin/schedule\\?week=${addDays(monday, 7)}$`));
        await expect(page.getByRole("link", { name: /^Cy Nextweek/ })).toHaveAttribute("href", `/admin/jobs/${seeded.nextWeek}`);
        await expect(page.getByText("Ada Weekview")).toHaveCount(0);
        await expect(page.locator('[aria-current="date"]')).toHaveCount(0);

        await page.getByRole("navigation", { name: "Weeks" }).getByRole("link", { name: "Today" }).click();
        await expect(page).toHaveURL(/\/admin\/schedule$/);
        await expect(page.getByRole("link", { name: /^Ada Weekview/ })).toBeVisible();

        await page.getByRole("link", { name: "Previous week" }).click();
        await expect(page).toHaveURL(new RegExp(`/admin/schedule\\?week=${addDays(monday, -7)}$`));
        await expect(page.getByRole("link", { name: /^Di Lastweek/ })).toHaveAttribute("href", `/admin/jobs/${seeded.lastWeek}`);
        await axeClean(page);
      });
    });
  }
}

test.describe("a week that cannot be read", () => {
  test("is a 400 that names the problem and shows this week", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
    const response = await page.goto("/admin/schedule?week=2026-02-30");
    expect(response!.status()).toBe(400);
    await expect(page.getByText(/The week must be a date like 2026-11-30/)).toBeVisible();
    await expect(page.getByRole("link", { name: /^Ada Weekview/ })).toBeVisible();
  });
});
