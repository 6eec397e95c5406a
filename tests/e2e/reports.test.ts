import { axeClean } from "./axe";
import { ADMIN_EMAIL, allowConsoleError, expect, expectNoSidewaysScroll, signIn, test, VIEWS } from "./fixtures";

/*
 * Issue 38's owner's numbers (docs/decisions/0150): `Reports` in the
 * dashboard header opens /admin/reports; without JavaScript the period form
 * (a GET form: the period is the URL) shows last month and a range, a date
 * that cannot be read is the form again with its message (400), and each
 * table has its CSV link for the same period. With JavaScript the page, its
 * charts and tables, is axe clean and fits the screen at 1280 and 390 px.
 */

const TABLES = [
  "Requests to paid work, by source",
  "Average ticket",
  "Revenue by package",
  "Revenue by vehicle class",
  "Repeat customers",
  "Reviews",
  "Cancellations and no-shows",
  "Time on jobs",
  "Unpaid invoices by age",
];

for (const view of VIEWS) {
  test.describe(`without JavaScript, ${view.name}`, () => {
    test.use({ javaScriptEnabled: false, viewport: view.viewport });

    test("the owner chooses a period by the form and downloads a table's CSV", async ({ page }) => {
      test.setTimeout(90_000);
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Reports" }).click();
      await expect(page).toHaveURL(/\/admin\/reports$/);
      await expect(page.getByRole("heading", { level: 2, name: "Reports" })).toBeVisible();
      await expect(page.getByRole("radio", { name: "This month" })).toBeChecked();
      for (const title of TABLES) await expect(page.getByRole("table", { name: title })).toBeVisible();

      await page.getByRole("radio", { name: "Last month" }).check();
      await page.getByRole("button", { name: "Show Reports" }).click();
      await expect(page).toHaveURL(/\/admin\/reports\?period=last-month&from=&to=$/);
      await expect(page.getByRole("radio", { name: "Last month" })).toBeChecked();

      await page.getByRole("radio", { name: "From – To" }).check();
      await page.getByLabel("From", { exact: true }).fill("2026-01-01");
      await page.getByLabel("To", { exact: true }).fill("2026-03-31");
      await page.getByRole("button", { name: "Show Reports" }).click();
      await expect(page).toHaveURL(/period=range&from=2026-01-01&to=2026-03-31$/);
      await expect(page.getByText("Figures for January 1, 2026 – March 31, 2026")).toBeVisible();
      const csv = page.getByRole("link", { name: "CSV: Revenue by package" });
      await expect(csv).toHaveAttribute("href", "/admin/reports/packages/csv?period=range&from=2026-01-01&to=2026-03-31");
      const file = await page.request.get((await csv.getAttribute("href"))!);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      expect((await file.text()).replace("\uFEFF", "").split("\r\n")[0]).toBe("Package,Tickets,Revenue,Share of revenue,Average ticket");

      // To before From: the form again, with the message beside To, answered 400.
      allowConsoleError(/status of 400 \(Bad Request\)/);
      const refused = await page.goto("/admin/reports?period=range&from=2026-03-31&to=2026-01-01");
      expect(refused?.status()).toBe(400);
      await expect(page.getByLabel("To", { exact: true })).toHaveAccessibleDescription("To must be on or after From.");
      await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByRole("radio", { name: "From – To" })).toBeChecked();
      await expect(page.getByRole("table")).toHaveCount(0);
    });
  });

  test.describe(`with JavaScript, ${view.name}`, () => {
    test.use({ viewport: view.viewport });

    test("the page, its charts and tables, is axe clean and fits the screen", async ({ page }) => {
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/reports?period=this-year" });
      await expect(page.getByRole("heading", { level: 2, name: "Reports" })).toBeVisible();
      await expect(page.getByRole("img", { name: "Requests to paid work, all sources" })).toBeVisible();
      await expect(page.getByRole("img", { name: "Amount due by age" })).toBeVisible();
      for (const title of TABLES) await expect(page.getByRole("link", { name: `CSV: ${title}` })).toBeVisible();
      await axeClean(page);
      await expectNoSidewaysScroll(page);
    });
  });
}
