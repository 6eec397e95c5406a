import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { axeClean } from "./axe";
import { createRows, marker, quoteRequest } from "./admin-helpers";
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, signIn, test, VIEWS } from "./fixtures";

/*
 * Issue 34, a customer's data on request (docs/decisions/0122), without
 * JavaScript: Export Data downloads the customer's JSON file; Erase Customer
 * shows what it will do, and its confirm erases them (the page then says so
 * and the list no longer finds them). axe clean at 1280 and 390 px.
 */

async function cleanPage(page: Page): Promise<void> {
  await axeClean(page);
  await expectNoSidewaysScroll(page);
}

for (const view of VIEWS) {
  test.describe(`without JavaScript, ${view.name}`, () => {
    test.use({ javaScriptEnabled: false, viewport: view.viewport });

    test("Export Data downloads everything about the customer; Erase Customer asks, then erases", async ({ page }) => {
      test.setTimeout(90_000);
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/customers" });
      const tag = marker("erase");
      const email = `${tag}@example.com`;
      // A phone of this test's own: customers are matched by phone too.
      const phone = `616${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
      await createRows(page, "quote_requests", [quoteRequest(`Forget ${tag}`, { email, phone, message: `Notes of ${tag}` })]);
      await page.goto(`/admin/customers?q=${tag}`);
      await page.getByRole("link", { name: `Forget ${tag}` }).click();
      await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
      const customerUrl = new URL(page.url()).pathname;
      const id = customerUrl.split("/").at(-1)!;
      const panel = page.getByRole("region", { name: "Customer's Data" });
      await expect(panel).toBeVisible();
      await cleanPage(page);

      const download = page.waitForEvent("download");
      await panel.getByRole("link", { name: "Export Data" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(new RegExp(`^customer-${id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
      const exported = JSON.parse(await readFile((await file.path())!, "utf8"));
      expect(exported.customers[0]).toMatchObject({ id: Number(id), email, name: `Forget ${tag}` });
      expect(exported.requests[0]).toMatchObject({ message: `Notes of ${tag}` });

      // The first press asks and says what will happen; Cancel leaves everything as it was.
      await panel.getByRole("button", { name: "Erase Customer" }).click();
      await expect(page).toHaveURL(new RegExp(`${customerUrl}\\?confirm-erase=1$`));
      const confirm = panel.getByRole("group", { name: `Erase customer #${id}?` });
      await expect(confirm).toContainText("Amounts, dates, invoice numbers, line prices and payments stay for the books.");
      await cleanPage(page);
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(new RegExp(`${customerUrl}$`));
      await expect(page.getByRole("heading", { level: 2, name: `Forget ${tag}` })).toBeVisible();

      await panel.getByRole("button", { name: "Erase Customer" }).click();
      await confirm.getByRole("button", { name: "Erase Customer" }).click();
      await expect(page).toHaveURL(new RegExp(`${customerUrl}\\?done=erased$`));
      await expect(page.getByRole("status")).toHaveText("Customer erased: their personal details are gone everywhere; amounts and invoice numbers stay for the books.");
      await expect(page.getByRole("heading", { level: 2, name: "Erased customer" })).toBeVisible();
      await expect(page.getByText(tag)).toHaveCount(0);
      await cleanPage(page);

      await page.goto(`/admin/customers?q=${tag}`);
      await expect(page.getByRole("link", { name: `Forget ${tag}` })).toHaveCount(0);
    });
  });
}
