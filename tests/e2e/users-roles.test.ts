import { expectNoSeriousViolations } from "./axe";
import { ADMIN_EMAIL, expect, signIn, test } from "./fixtures";

// Issue 34 (docs/decisions/0114): the owner (ADMIN_EMAILS) manages staff at
// /admin/staff, linked from the dashboard's nav; plain forms that work without
// JavaScript; roles are read-only in the Users table.

test("the owner adds a technician at /admin/staff, changes the role and removes them; the page passes axe", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/faqs" });
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Staff" }).click();
  await expect(page.getByRole("heading", { name: "Staff" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: ADMIN_EMAIL })).toContainText("Owner (ADMIN_EMAILS)");
  await expectNoSeriousViolations(page);

  const email = `tech-${Date.now()}@example.com`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("technician");
  await page.getByRole("button", { name: "Add Staff" }).click();
  await expect(page.getByRole("status")).toContainText("Added.");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row.getByRole("combobox", { name: `Role of ${email}` })).toHaveValue("technician");

  await row.getByRole("combobox", { name: `Role of ${email}` }).selectOption("owner");
  await row.getByRole("button", { name: `Change role of ${email}` }).click();
  await expect(page.getByRole("status")).toHaveText("Role changed.");
  await expect(page.getByRole("row").filter({ hasText: email }).getByRole("combobox")).toHaveValue("owner");

  await page.getByRole("row").filter({ hasText: email }).getByRole("button", { name: `Remove ${email}` }).click();
  await expect(page.getByRole("status")).toHaveText("Removed from staff.");
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);

  // A refusal is shown on the page: not an address.
  await page.getByLabel("Email").fill("x@y");
  await page.getByRole("button", { name: "Add Staff" }).click();
  await expect(page.getByRole("alert")).toContainText("Enter a valid email address");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("Add Staff works as a plain form", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/staff" });
    const email = `nojs-${Date.now()}@example.com`;
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Add Staff" }).click();
    await expect(page).toHaveURL(/\/admin\/staff\?done=added$/);
    await expect(page.getByRole("row").filter({ hasText: email }).getByRole("combobox", { name: `Role of ${email}` })).toHaveValue("technician");
  });
});
