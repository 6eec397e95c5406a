import AxeBuilder from "@axe-core/playwright";
import { expect, signIn, test } from "./fixtures";

test("signIn() fixture signs an administrator in through the e-mailed code", async ({ page }) => {
  await signIn(page, "owner@example.com", { returnUrl: "/admin", fresh: true });
  await expect(page).toHaveURL(/\/admin(\/|$)/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
});
