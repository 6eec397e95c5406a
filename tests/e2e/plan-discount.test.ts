import type { Page } from "@playwright/test";
import { axeClean } from "./axe";
import { createRows, marker, quoteRequest } from "./admin-helpers";
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, hydrated, signIn, test, VIEWS } from "./fixtures";

/*
 * A plan's discount and its visits in the browser (docs/decisions/0155): the
 * owner defines a plan with 10 % off one-off work and starts it for a
 * customer; the job page of a visit says which visit of which plan; the same
 * customer booking at /book is shown the plan's discount on the confirmation
 * (a car's full detail in Grand Rapids, $199.00: no travel fee, $19.90 off).
 * axe clean, nothing scrolling sideways, at 1280 and 390 px.
 */

const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function clean(page: Page): Promise<void> {
  await axeClean(page);
  await expectNoSidewaysScroll(page);
}

for (const view of VIEWS) {
  test.describe(view.name, () => {
    test.use({ viewport: view.viewport });

    test("a plan's visit is named on its job page, and the plan customer's booking shows the discount", async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/plans" });
      const plan = marker("Wash ");
      const add = page.getByRole("form", { name: "Add a plan" });
      await add.getByLabel("Name").fill(plan);
      await add.getByLabel("Price").fill("49");
      await add.getByLabel("Visits").selectOption({ label: "Every 2 weeks" });
      await add.getByLabel("Discount (%)").fill("10");
      await add.getByRole("button", { name: "Add Plan" }).click();
      await expect(page.getByRole("status")).toHaveText("Plan saved.");

      const person = marker("Pat Discount ");
      const request = quoteRequest(person, { service_address: "12 Main St, Grand Rapids, MI 49503" });
      await createRows(page, "quote_requests", [request]);
      await page.goto(`/admin/customers?q=${encodeURIComponent(person)}`);
      await page.getByRole("link", { name: person }).click();
      const start = page.getByRole("form", { name: "Start a Plan" });
      await start.getByLabel("Plan", { exact: true }).selectOption({ label: `${plan} (every 2 weeks, $49.00 per visit)` });
      await start.getByLabel("Start Date").fill(daysAhead(6));
      await start.getByRole("button", { name: "Start a Plan" }).click();
      await expect(page.getByRole("status")).toHaveText("Plan started: its visits are booked and the customer has the dates.");

      // The next visit's job page: which plan, which visit, linked back to the customer's plans.
      await page.getByRole("region", { name: "Plans" }).locator('a[href^="/admin/jobs/"]').first().click();
      await expect(page).toHaveURL(/\/admin\/jobs\/\d+$/);
      const summary = page.getByRole("region", { name: "The job" });
      const visit = summary.getByRole("link", { name: `Visit 1 of ${plan}` });
      await expect(visit).toBeVisible();
      await expect(summary).toContainText(/planned for [A-Z][a-z]+ \d{1,2}, \d{4}/);
      await hydrated(page);
      await clean(page);
      await visit.click();
      await expect(page).toHaveURL(/\/admin\/customers\/\d+#plans-heading$/);

      // The same customer books online: the price shown first knows nobody; the confirmation has the discount.
      await page.goto("/book");
      await page.getByRole("radiogroup", { name: "Vehicle" }).getByRole("radio", { name: /Car or Coupe/ }).check();
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("radiogroup", { name: "Package" }).getByRole("radio", { name: /Full Detail/ }).check();
      await page.getByLabel("ZIP Code").fill("49503");
      await page.getByRole("button", { name: "Continue" }).click();
      const price = page.getByRole("region", { name: "Your price" });
      await expect(price.locator("[data-total=Total]")).toHaveText("$199.00");
      await expect(price).not.toContainText("Plan discount");
      // The last of the times offered: clear of the plan's own visits, which are in the morning.
      await page.getByRole("radiogroup", { name: "Time" }).getByRole("radio").last().check();
      await page.getByLabel("Full Name").fill(person);
      await page.getByLabel("Email").fill(request.email);
      await page.getByLabel("Phone").fill(request.phone);
      await page.getByLabel("Address").fill("12 Main St, Grand Rapids, MI");
      await page.getByRole("button", { name: "Book This Time" }).click();

      await expect(page).toHaveURL(/\/appointments\/[A-Za-z0-9_-]+\?outcome=booked$/);
      await expect(page.getByText("Your appointment is booked.")).toBeVisible();
      await expect(page.getByText(`Plan discount (${plan}, 10 %): -$19.90`)).toBeVisible();
      await expect(page.getByText("$179.10")).toBeVisible();
      await clean(page);
    });
  });
}
