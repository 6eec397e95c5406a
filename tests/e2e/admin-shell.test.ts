import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ADMIN_EMAIL, expect, signIn, test } from "./fixtures";

async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
}

test("a visitor is sent to /login with returnUrl, replacing the /admin history entry", async ({ page }) => {
  await page.goto("/about");
  await page.goto("/admin/faqs?page=2");
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fadmin%2Ffaqs%3Fpage%3D2$/);
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
});

test("a signed-in non-administrator sees the refusal and can go home", async ({ page }) => {
  await signIn(page, "staff@example.com", { returnUrl: "/admin" });
  await expect(page.getByRole("heading", { name: "Not an Administrator" })).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin dashboard.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an administrator gets the shell; Logout ends the session and goes to /login", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("Manage your application data")).toBeVisible();
  await expect(page.getByText(`Welcome, ${ADMIN_EMAIL}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get("/api/users/me")).status()).toBe(401);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fadmin$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Logout is a form post that ends the session and goes to /login", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin", fresh: true });
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fadmin$/);
  });
});
