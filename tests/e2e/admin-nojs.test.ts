import type { Page } from "@playwright/test";
import { createRows, marker, quoteRequest } from "./admin-helpers";
import { ADMIN_EMAIL, expect, signIn, test } from "./fixtures";

// Everything here runs with JavaScript off: plain links, GET forms and POSTs.
test.use({ javaScriptEnabled: false });

/** Rows made through the API with the signed-in page's session. */
async function seed(page: Page, rows: Record<string, unknown>[]) {
  await createRows(page, "quote_requests", rows);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
});

test("without JavaScript: list, sort, search and page", async ({ page }) => {
  const tag = marker("nojs");
  await seed(
    page,
    Array.from({ length: 52 }, (_, i) => quoteRequest(`NoJS ${tag} ${String(i).padStart(2, "0")}`)),
  );
  await page.goto("/admin/quote_requests");
  await expect(page.getByRole("navigation", { name: "Database Tables" })).toBeVisible();

  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill(tag);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager).toContainText("Showing 1 to 50 of 52 results");

  await page.getByRole("button", { name: "Full Name", exact: true }).click();
  await expect(page.getByRole("columnheader", { name: "Full Name" })).toHaveAttribute("aria-sort", "ascending");
  await expect(page.locator("tbody tr").first()).toContainText(`NoJS ${tag} 00`);
  await page.getByRole("button", { name: "Full Name", exact: true }).click();
  await expect(page.getByRole("columnheader", { name: "Full Name" })).toHaveAttribute("aria-sort", "descending");
  await expect(page.locator("tbody tr").first()).toContainText(`NoJS ${tag} 51`);

  await pager.getByRole("button", { name: "Next" }).click();
  await expect(pager).toContainText("Showing 51 to 52 of 52 results");
  await expect(pager).toContainText("Page 2 of 2");
  await expect(page.locator("tbody tr").last()).toContainText(`NoJS ${tag} 00`);
  await pager.getByRole("button", { name: "Previous" }).click();
  await expect(pager).toContainText("Page 1 of 2");
  await expect(page).toHaveURL(/sort=name%3Adesc/);
});

test("without JavaScript: delete through a confirmation step", async ({ page }) => {
  const tag = marker("nojsdel");
  await seed(page, [quoteRequest(`Gone ${tag}`), quoteRequest(`Stays ${tag}`)]);
  await page.goto(`/admin/quote_requests?q=${tag}&sort=name:asc`);
  await page.locator("tbody tr", { hasText: "Gone" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/delete=\d+/);
  const confirm = page.getByRole("alertdialog", { name: "Delete Item" });
  await expect(confirm).toContainText("Are you sure you want to delete this item?");

  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.locator("tbody tr")).toHaveCount(2);

  await page.locator("tbody tr", { hasText: "Gone" }).getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog", { name: "Delete Item" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).not.toHaveURL(/delete=/);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr")).toContainText(`Stays ${tag}`);
});

test("without JavaScript: add and edit through the form, with the server's validation messages", async ({ page }) => {
  const tag = marker("nojsform");
  await page.goto(`/admin/quote_requests?q=${tag}`);
  await page.getByRole("button", { name: "Add New" }).click();
  await expect(page).toHaveURL(/new=1/);
  const dialog = page.getByRole("dialog", { name: "Add New Item" });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("Full Name").fill("X");
  await dialog.getByLabel("Email").fill("nope");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  // Rendered by the server: the banner, each field's message, and what was typed.
  await expect(dialog.getByRole("alert")).toContainText("Failed to create row:");
  await expect(dialog.getByText("Full Name must be at least 2 characters", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Email is not a valid email", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Phone is required", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toHaveValue("X");

  await dialog.getByLabel("Full Name").fill(`Plain Form ${tag}`);
  await dialog.getByLabel("Email").fill("plain@example.com");
  await dialog.getByLabel("Phone").fill("6165550199");
  await dialog.getByLabel("Vehicle Type").fill("Boat");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Back to the list, with the save's status message (?done=saved).
  await expect(page).toHaveURL(new RegExp(`/admin/quote_requests\\?q=${tag}&done=saved$`));
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Saved.");
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr")).toContainText(`Plain Form ${tag}`);

  await page.locator("tbody tr").getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Item" });
  await expect(edit.getByLabel("Vehicle Type")).toHaveValue("Boat");
  await edit.getByLabel("Vehicle Type").fill("Pontoon boat");
  await edit.getByLabel("Status").selectOption("contacted");
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator("tbody tr")).toContainText("Pontoon boat");
  await expect(page.locator("tbody tr")).toContainText("Contacted");

  // Cancel is a real button too.
  await page.locator("tbody tr").getByRole("button", { name: "Edit" }).click();
  await page.getByRole("dialog", { name: "Edit Item" }).getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`q=${tag}$`));
});
