import type { Page } from "@playwright/test";
import { ADMIN_EMAIL, expect, hydrated, signIn, test } from "./fixtures";

/*
 * The way in (issue 17): after signing in at /login an administrator lands on
 * the public site, whose header then has a Dashboard link to the lead inbox;
 * after Logout it is gone again. Nobody else ever sees it.
 */

/** The header's Dashboard link where this width shows it: in the bar, or in the phone menu. */
async function dashboardLink(page: Page) {
  const header = page.locator("body > header");
  const toggle = header.getByRole("button", { name: "Open menu" }).or(header.locator("summary"));
  if (await toggle.isVisible()) await toggle.click();
  return header.getByRole("link", { name: "Dashboard", exact: true });
}

for (const javaScriptEnabled of [true, false]) {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}, ${viewport.width} px`, () => {
      test.use({ javaScriptEnabled, viewport });

      test("a signed-in administrator has a Dashboard link in the public header, until Logout", async ({ page }) => {
        await page.goto("/");
        await hydrated(page);
        await expect(await dashboardLink(page)).toHaveCount(0);

        // Once through the sign-in form's own way back to the site (with JavaScript, a client-side
        // navigation: the header must learn of the session without a reload); else a reused session.
        await signIn(page, ADMIN_EMAIL, { fresh: javaScriptEnabled && viewport.width === 1280 });
        await expect(page).toHaveURL(/\/$/);
        const link = await dashboardLink(page);
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute("href", "/admin/leads");
        await link.click();
        await expect(page).toHaveURL(/\/admin\/leads$/);
        await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();

        await hydrated(page);
        await page.getByRole("button", { name: "Logout" }).click();
        await expect(page).toHaveURL(/\/login/);
        await page.getByRole("link", { name: "Back to the site" }).click();
        await expect(page).toHaveURL(/\/$/);
        await hydrated(page);
        await expect(await dashboardLink(page)).toHaveCount(0);
      });
    });
  }
}
