import type { Page } from "@playwright/test";
import { axeClean } from "./axe";
import { marker } from "./admin-helpers";
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, signIn, test, VIEWS } from "./fixtures";

/*
 * Issue 35's price book (docs/decisions/0126): the owner reaches it by
 * `Price Book` in the dashboard header, and without JavaScript changes a
 * package's price (a bad amount is refused beside its field), adds an add-on
 * and removes it. axe clean at 1280 and 390 px with JavaScript.
 */

/** The form of one row of the price book, named for assistive technology. */
const rowForm = (page: Page, name: string) => page.getByRole("form", { name });

for (const view of VIEWS) {
  test.describe(`without JavaScript, ${view.name}`, () => {
    test.use({ javaScriptEnabled: false, viewport: view.viewport });

    test("the owner edits a package's price and adds and removes an add-on", async ({ page }) => {
      test.setTimeout(90_000);
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Price Book" }).click();
      await expect(page).toHaveURL(/\/admin\/price-book$/);
      await expect(page.getByRole("heading", { level: 2, name: "Price Book" })).toBeVisible();

      const full = rowForm(page, "Package Full Detail");
      const carPrice = full.getByLabel("Price, Car or Coupe", { exact: true });
      await carPrice.fill("12.345");
      await full.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("alert")).toHaveText("Please correct the highlighted fields.");
      const refused = rowForm(page, "Package Full Detail").getByLabel("Price, Car or Coupe", { exact: true });
      await expect(refused).toHaveAttribute("aria-invalid", "true");
      await expect(refused).toHaveValue("12.345");
      await expect(refused).toHaveAccessibleDescription("Price must be an amount from $0.00 to $100,000.00.");

      const price = view.name === "desktop" ? "205.00" : "209.00";
      await refused.fill(price);
      await rowForm(page, "Package Full Detail").getByRole("button", { name: "Save" }).click();
      await expect(page).toHaveURL(/\/admin\/price-book\?done=saved#packages$/);
      await expect(page.getByRole("status")).toHaveText("Price book saved.");
      await expect(rowForm(page, "Package Full Detail").getByLabel("Price, Car or Coupe", { exact: true })).toHaveValue(price);

      const name = marker("Wax ");
      const add = rowForm(page, "New add-on");
      await add.getByLabel("Name").fill(name);
      await add.getByLabel("Price").fill("35");
      await add.getByLabel("Duration (minutes)").fill("45");
      await add.getByRole("button", { name: "Add Add-on" }).click();
      await expect(page.getByRole("status")).toHaveText("Price book saved.");
      const added = rowForm(page, `Add-on ${name}`);
      await expect(added.getByLabel("Price")).toHaveValue("35.00");
      await expect(added.getByLabel("Duration (minutes)")).toHaveValue("45");
      await page.getByRole("button", { name: `Remove ${name}` }).click();
      await expect(page.getByRole("status")).toHaveText("Removed from the price book.");
      await expect(rowForm(page, `Add-on ${name}`)).toHaveCount(0);
    });
  });

  test.describe(`with JavaScript, ${view.name}`, () => {
    test.use({ viewport: view.viewport });

    test("the page is axe clean and fits the screen", async ({ page }) => {
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/price-book" });
      await expect(page.getByRole("heading", { level: 2, name: "Price Book" })).toBeVisible();
      await expect(rowForm(page, "Package Boat Wash & Wax").getByLabel("Minimum Price, Boat", { exact: true })).toHaveValue("299.00");
      await axeClean(page);
      await expectNoSidewaysScroll(page);
    });
  });
}
