import { expectNoSeriousViolations } from "./axe";
import type { Page } from "@playwright/test";
import { ADMIN_EMAIL, expect, hydrated, signIn, test, VIEWS } from "./fixtures";

// Send the daily e-mail (issue 38, docs/decisions/0153) on /admin/settings: a
// checkbox the owner unticks and ticks again, saved with the rest of the form,
// with and without JavaScript; the page stays accessible at both widths.

/**
 * Save and wait for the save's own answer: "Settings saved." may still show
 * from the save before (a reload keeps ?saved=1), and a reload before this
 * save has landed would read the setting as it was.
 */
async function save(page: Page) {
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/settings"));
  await page.getByRole("button", { name: "Save" }).click();
  expect((await saved).status()).toBeLessThan(400);
  await expect(page.getByRole("status").getByText("Settings saved.")).toBeVisible();
}

for (const view of VIEWS) {
  test.describe(`at ${view.viewport.width} px`, () => {
    test.use({ viewport: view.viewport });

    test("the owner turns the daily e-mail off and on again", async ({ page }) => {
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/settings" });
      await page.goto("/admin/settings");
      await hydrated(page);
      const box = page.getByRole("checkbox", { name: "Send the daily e-mail" });
      await expect(box).toBeChecked();
      await expectNoSeriousViolations(page);

      await box.uncheck();
      await save(page);
      await page.reload();
      await hydrated(page);
      await expect(page.getByRole("checkbox", { name: "Send the daily e-mail" })).not.toBeChecked();

      await page.getByRole("checkbox", { name: "Send the daily e-mail" }).check();
      await save(page);
      await page.reload();
      await expect(page.getByRole("checkbox", { name: "Send the daily e-mail" })).toBeChecked();
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("unticking and saving turns it off; ticking turns it on", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/settings" });
    await page.goto("/admin/settings");
    await page.getByRole("checkbox", { name: "Send the daily e-mail" }).uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\?saved=1$/);
    await expect(page.getByRole("checkbox", { name: "Send the daily e-mail" })).not.toBeChecked();
    await page.getByRole("checkbox", { name: "Send the daily e-mail" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\?saved=1$/);
    await expect(page.getByRole("checkbox", { name: "Send the daily e-mail" })).toBeChecked();
  });
});
