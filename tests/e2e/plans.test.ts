import type { Page } from "@playwright/test";
import { axeClean } from "./axe";
import { createRows, marker, quoteRequest } from "./admin-helpers";
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, signIn, test, VIEWS } from "./fixtures";

/*
 * Issue 37's maintenance plans in the browser (docs/decisions/0145): the
 * owner defines a plan at /admin/plans (reached by `Plans` in the dashboard
 * header), starts it on a customer's page (`Start a Plan`), and the customer,
 * on /plans/{token} without JavaScript, skips the next visit and cancels the
 * plan through its confirmation step. axe clean at 1280 and 390 px.
 */

/** A day `days` ahead, YYYY-MM-DD (UTC; days ahead enough that the business's zone does not matter). */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function clean(page: Page): Promise<void> {
  await axeClean(page);
  await expectNoSidewaysScroll(page);
}

/** The owner adds a plan on /admin/plans; returns its name. */
async function definePlan(page: Page): Promise<string> {
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Plans" }).click();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await expect(page.getByRole("heading", { level: 2, name: "Plans" })).toBeVisible();
  const name = marker("Wash ");
  const add = page.getByRole("form", { name: "Add a plan" });
  // A bad price is refused beside its field, what was typed kept.
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Price").fill("4.999");
  await add.getByRole("button", { name: "Add Plan" }).click();
  const refused = page.getByRole("form", { name: "Add a plan" }).getByLabel("Price");
  await expect(refused).toHaveAttribute("aria-invalid", "true");
  await expect(refused).toHaveAccessibleDescription(/Price must be an amount from \$0\.00/);
  await refused.fill("49");
  await page.getByRole("form", { name: "Add a plan" }).getByLabel("Visits").selectOption({ label: "Every 2 weeks" });
  await page.getByRole("form", { name: "Add a plan" }).getByLabel("Full Detail").check();
  await page.getByRole("form", { name: "Add a plan" }).getByRole("button", { name: "Add Plan" }).click();
  await expect(page.getByRole("status")).toHaveText("Plan saved.");
  await expect(page.getByRole("form", { name: `Edit plan ${name}` }).getByLabel("Price")).toHaveValue("49.00");
  return name;
}

/** A customer of their own (a lead through the table API), their page opened. */
async function openNewCustomer(page: Page): Promise<void> {
  const person = marker("Pat Plan ");
  await createRows(page, "quote_requests", [quoteRequest(person, { service_address: "12 Main St, Grand Rapids, MI 49503" })]);
  await page.goto(`/admin/customers?q=${encodeURIComponent(person)}`);
  await page.getByRole("link", { name: person }).click();
  await expect(page.getByRole("heading", { level: 2, name: person })).toBeVisible();
}

for (const view of VIEWS) {
  test.describe(`without JavaScript, ${view.name}`, () => {
    test.use({ javaScriptEnabled: false, viewport: view.viewport });

    test("the owner defines a plan and starts it; the customer skips a visit and cancels the plan", async ({ page, smtp }) => {
      test.setTimeout(120_000);
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
      const plan = await definePlan(page);
      await openNewCustomer(page);

      const start = page.getByRole("form", { name: "Start a Plan" });
      await start.getByLabel("Plan", { exact: true }).selectOption({ label: `${plan} (every 2 weeks, $49.00 per visit)` });
      await start.getByLabel("Start Date").fill(daysAhead(4));
      await start.getByLabel("Preferred Time").fill("10:00");
      await start.getByLabel("Duration (minutes)").fill("90");
      await start.getByRole("button", { name: "Start a Plan" }).click();
      await expect(page.getByRole("status")).toHaveText("Plan started: its visits are booked and the customer has the dates.");
      const plans = page.getByRole("region", { name: "Plans" });
      await expect(plans).toContainText(`${plan} · Active`);
      await expect(plans).toContainText("Next visit:");

      // The customer's e-mail lists the dates and links the plan's page.
      const mail = await smtp.waitFor((m) => m.subject === `Your plan has started: ${plan}`);
      expect(mail.attachments.length).toBeGreaterThanOrEqual(5);
      const link = /\/plans\/[A-Za-z0-9_-]{22,}/.exec(mail.text)![0];
      await expect(plans.getByRole("link", { name: `Customer's plan page (${plan})` })).toHaveAttribute("href", link);

      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: `Your plan: ${plan}` })).toBeVisible();
      const visits = page.getByRole("region", { name: "Upcoming visits" }).getByRole("listitem");
      const before = await visits.count();
      expect(before).toBeGreaterThanOrEqual(5);
      await page.getByRole("button", { name: "Skip Next Visit" }).click();
      await expect(page.getByRole("status")).toContainText("Your visit is skipped.");
      await expect(visits).toHaveCount(before - 1);
      await smtp.waitFor((m) => m.subject.startsWith("Appointment cancelled:") && m.attachments.some((a) => a.content.toString("utf8").includes("METHOD:CANCEL")));

      // Cancel Plan: a confirmation step first; the box is required.
      await page.getByRole("button", { name: "Cancel Plan" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Cancel your plan?" })).toBeVisible();
      await page.getByRole("checkbox", { name: "Yes, cancel my plan" }).check();
      await page.getByRole("button", { name: "Cancel Plan" }).click();
      await expect(page.getByRole("status")).toContainText("Your plan is cancelled");
      await expect(visits).toHaveCount(0);
      await clean(page);
    });
  });

  test.describe(`with JavaScript, ${view.name}`, () => {
    test.use({ viewport: view.viewport });

    test("the plans page, a customer's plans and the customer's plan page are axe clean", async ({ page }) => {
      test.setTimeout(90_000);
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
      const plan = await definePlan(page);
      await clean(page);
      await openNewCustomer(page);
      const start = page.getByRole("form", { name: "Start a Plan" });
      await start.getByLabel("Plan", { exact: true }).selectOption({ label: `${plan} (every 2 weeks, $49.00 per visit)` });
      await start.getByLabel("Start Date").fill(daysAhead(5));
      await start.getByRole("button", { name: "Start a Plan" }).click();
      await expect(page.getByRole("status")).toHaveText("Plan started: its visits are booked and the customer has the dates.");
      await clean(page);
      await page.getByRole("link", { name: `Customer's plan page (${plan})` }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Your plan: ${plan}` })).toBeVisible();
      await clean(page);
    });
  });
}
