import { expectNoSeriousViolations } from "./axe";
import { ADMIN_EMAIL, expect, signIn, test, VIEWS } from "./fixtures";

// Send the daily e-mail (issue 38, docs/decisions/0153) on /admin/settings: a
// checkbox the owner unticks and ticks again, saved with the rest of the form,
// with and without JavaScript; the page stays accessible at both widths.

for (const view of VIEWS) {
  test.describe(`at ${view.viewport.width} px`, () => {
    test.use({ viewport: view.viewport });

    test("the owner turns the daily e-mail off and on again", async ({ page }) => {
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/settings" });
      await page.goto("/admin/settings");
      const box = page.getByRole("checkbox", { name: "Send the daily e-mail" });
      await expect(box).toBeChecked();
      await expectNoSeriousViolations(page);

      await box.uncheck();
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status").getByText("Settings saved.")).toBeVisible();
      await page.reload();
      await expect(page.getByRole("checkbox", { name: "Send the daily e-mail" })).not.toBeChecked();

      await page.getByRole("checkbox", { name: "Send the daily e-mail" }).check();
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status").getByText("Settings saved.")).toBeVisible();
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
