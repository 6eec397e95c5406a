import { ADMIN_EMAIL, expect, signIn, test } from "./fixtures";

const ENV_NOTE = "Administrator through ADMIN_EMAILS; change the server setting to remove";
const OWN_ROW = "You cannot delete your own user; another administrator can";

test("the owner (in ADMIN_EMAILS) cannot untick their Administrator flag or delete their own row: the dashboard says why", async ({
  page,
}) => {
  await signIn(page, ADMIN_EMAIL, { returnUrl: `/admin/users?q=${encodeURIComponent(ADMIN_EMAIL)}` });
  const row = page.locator("tbody tr").filter({ hasText: ADMIN_EMAIL });
  await expect(row).toHaveCount(1);
  const adminCell = row.getByRole("cell").nth(4);
  await expect(page.getByRole("columnheader").nth(4)).toHaveText(/Administrator/);
  await expect(adminCell).toHaveText("Yes");

  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void (dialog.type() === "confirm" ? dialog.accept() : dialog.dismiss());
  });

  await row.getByRole("button", { name: "Edit" }).click();
  const form = page.getByRole("dialog", { name: "Edit Item" });
  const flag = form.getByRole("checkbox", { name: "Administrator" });
  await expect(flag).toBeChecked();
  await expect(form.getByText("Addresses in the server's ADMIN_EMAILS setting are always administrators")).toBeVisible();
  await flag.uncheck();
  await form.getByRole("button", { name: "Update" }).click();
  await expect(form.getByRole("alert")).toHaveText(`Failed to update row: ${ENV_NOTE}`);
  await expect(flag).toHaveAttribute("aria-invalid", "true");
  await expect.poll(() => alerts).toEqual(["Failed to save item"]);
  // The refused change is still in the form: leaving asks first.
  await form.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("alertdialog", { name: "Discard unsaved changes?" }).getByRole("button", { name: "Discard changes" }).click();
  await expect(form).toHaveCount(0);
  await expect(adminCell).toHaveText("Yes");

  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog", { name: "Delete Item" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alert")).toHaveText(`Failed to delete row: ${OWN_ROW}`);
  await expect.poll(() => alerts).toEqual(["Failed to save item", "Failed to delete item"]);
  await expect(row).toHaveCount(1);

  // Still an administrator, still signed in.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(adminCell).toHaveText("Yes");
});
