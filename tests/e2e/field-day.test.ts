import { axeClean } from "./axe";
import { createRows, marker, quoteRequest } from "./admin-helpers";
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, hydrated, signIn, test } from "./fixtures";

/*
 * Issue 36 in the browser, on a phone (390 px), with JavaScript on and off:
 * the owner's Today lists the day's job with Call, Text and Directions; on
 * the job's page Start Job, then Finish Job with the customer's sign-off;
 * the page then shows when the work ran and who signed it off. axe clean.
 */

/** Today in the business's time zone (America/Detroit, the app's default), YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Detroit", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

for (const [javaScriptEnabled, time] of [
  [true, "04:00"],
  [false, "06:30"],
] as const) {
  test.describe(`the day in the field, ${javaScriptEnabled ? "with" : "without"} JavaScript, phone`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test("Today, Start Job, Finish Job with the sign-off", async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/today" });
      const name = `Field ${marker("f")}`;
      const [lead] = await createRows(page, "quote_requests", [quoteRequest(name, { service_address: "45 Lake Dr, Grand Rapids, MI 49503" })]);
      await page.goto(`/admin/jobs/new?lead=${lead!.id}`);
      if (javaScriptEnabled) await hydrated(page);
      await page.getByLabel("Date").fill(today());
      await page.getByLabel("Start Time").fill(time);
      await page.getByRole("button", { name: "Save Job" }).click();
      await expect(page.getByRole("heading", { level: 2, name: `Job for ${name}` })).toBeVisible();

      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Today" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Today" })).toBeVisible();
      const card = page.getByRole("listitem").filter({ hasText: name });
      await expect(card.getByRole("link", { name: `Call ${name}` })).toHaveAttribute("href", /^tel:\+1616\d{7}$/);
      await expect(card.getByRole("link", { name: `Text ${name}` })).toHaveAttribute("href", /^sms:\+1616\d{7}$/);
      await expect(card.getByRole("link", { name: /^Directions/ })).toHaveAttribute("href", /45/);
      await axeClean(page);
      await expectNoSidewaysScroll(page);

      await card.getByRole("link", { name: `${time === "04:00" ? "4:00 AM – 6:00 AM" : "6:30 AM – 8:30 AM"} · ${name}` }).click();
      await expect(page.getByRole("heading", { level: 2, name: `Job for ${name}` })).toBeVisible();
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("button", { name: "Start Job" }).click();
      await expect(page.getByRole("status")).toContainText("Job started");
      await expect(page.getByText("In progress", { exact: true })).toBeVisible();
      await axeClean(page);
      await expectNoSidewaysScroll(page);

      // Without the sign-off it is refused on its field, and nothing is finished.
      await page.getByRole("button", { name: "Finish Job" }).click();
      await expect(page.getByText(/^Customer Sign-off is required/)).toBeVisible();
      await expect(page.getByLabel("Customer Sign-off")).toHaveAttribute("aria-invalid", "true");
      await axeClean(page);
      await page.getByLabel("Customer Sign-off").fill("Ada Lovelace");
      await page.getByRole("button", { name: "Finish Job" }).click();
      await expect(page.getByRole("status")).toContainText("Job finished and signed off");
      const work = page.getByRole("region", { name: "The work" });
      await expect(work).toContainText("Ada Lovelace");
      await expect(work).toContainText(/Time on the job.*booked 2 hours/);
      await expect(page.getByRole("button", { name: "Finish Job" })).toHaveCount(0);
      await axeClean(page);
      await expectNoSidewaysScroll(page);
    });
  });
}
