import AxeBuilder from "@axe-core/playwright";
import { readFile } from "node:fs/promises";
import { createRows, marker, quoteRequest } from "./admin-helpers";
import { ADMIN_EMAIL, expect, signIn, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
});

test("/admin shows the first table, the sidebar lists every table and marks the current one", async ({ page }) => {
  await expect(page).toHaveURL(/\/admin\/quote_requests$/);
  const sidebar = page.getByRole("navigation", { name: "Database Tables" });
  for (const title of ["Quote Requests", "Testimonials", "FAQs", "Care Guides", "Users", "Sign-in Audit Trail"]) {
    await expect(sidebar.getByRole("link", { name: new RegExp(`^${title}`) })).toBeVisible();
  }
  await expect(sidebar.getByRole("link", { name: /^Quote Requests/ })).toHaveAttribute("aria-current", "page");

  await sidebar.getByRole("link", { name: /^Testimonials/ }).click();
  await expect(page).toHaveURL(/\/admin\/testimonials$/);
  await expect(sidebar.getByRole("link", { name: /^Testimonials/ })).toHaveAttribute("aria-current", "page");
  await expect(sidebar.getByRole("link", { name: /^Quote Requests/ })).not.toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Testimonials" })).toBeVisible();
  await expect(page.getByText("Customer testimonials shown on the home page").last()).toBeVisible();
  await expect(page.getByRole("button", { name: "Add New" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toBeVisible();

  // One column per property after Actions; each row has Edit and Delete.
  const headers = page.getByRole("columnheader");
  await expect(headers.first()).toHaveText("Actions");
  await expect(headers).toHaveCount(1 + 9);
  const firstRow = page.getByRole("row").nth(1);
  await expect(firstRow.getByRole("button", { name: "Edit" })).toBeVisible();
  await expect(firstRow.getByRole("button", { name: "Delete" })).toBeVisible();
});

test("sorting: a new column starts ascending, the same column toggles, arrows and aria-sort follow", async ({
  page,
}) => {
  const tag = marker("sort");
  await createRows(
    page,
    "quote_requests",
    ["Bravo", "Alpha", "Charlie"].map((n) => quoteRequest(`${n} ${tag}`)),
  );
  await page.goto(`/admin/quote_requests?q=${tag}&page=1`);
  const nameHeader = page.getByRole("columnheader", { name: "Full Name" });
  await expect(nameHeader).toHaveAttribute("aria-sort", "none");
  // Without a sort in the URL the table's default (newest first) applies and is shown.
  await expect(page.getByRole("columnheader", { name: "Created" })).toHaveAttribute("aria-sort", "descending");

  const names = page.locator("tbody tr td:nth-child(3)");
  await page.getByRole("button", { name: "Full Name", exact: true }).click();
  await expect(page).toHaveURL(/sort=name%3Aasc/);
  await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(nameHeader).toContainText("↑");
  await expect(names).toHaveText([`Alpha ${tag}`, `Bravo ${tag}`, `Charlie ${tag}`]);
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(tag);

  await page.getByRole("button", { name: "Full Name", exact: true }).click();
  await expect(page).toHaveURL(/sort=name%3Adesc/);
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  await expect(nameHeader).toContainText("↓");
  await expect(names).toHaveText([`Charlie ${tag}`, `Bravo ${tag}`, `Alpha ${tag}`]);

  // Another column starts ascending again.
  await page.getByRole("button", { name: "Email", exact: true }).click();
  await expect(page).toHaveURL(/sort=email%3Aasc/);
  await expect(page.getByRole("columnheader", { name: "Email" })).toHaveAttribute("aria-sort", "ascending");
  await expect(nameHeader).toHaveAttribute("aria-sort", "none");
});

test("search filters as you type, goes back to page 1 and keeps the sort; no match says so", async ({ page }) => {
  const tag = marker("find");
  await createRows(page, "quote_requests", [quoteRequest(`Needle ${tag}`), quoteRequest(`Haystack ${tag}`)]);
  await page.goto("/admin/quote_requests?sort=name:asc&page=3");
  const search = page.getByRole("searchbox", { name: "Search" });
  await expect(search).toHaveAttribute("placeholder", "Search...");
  await search.fill(`needle ${tag}`);
  await expect(page).toHaveURL(new RegExp(`q=needle\\+${tag}`));
  await expect(page).toHaveURL(/sort=name%3Aasc/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody")).toContainText(`Needle ${tag}`);

  await search.fill(`${tag}-nothing`);
  await expect(page.getByRole("cell", { name: "No data available" })).toBeVisible();
});

test("paging: 50 rows a page, 'Showing X to Y of Z results', Previous/Next disabled at the ends", async ({ page }) => {
  const tag = marker("page");
  await createRows(
    page,
    "quote_requests",
    Array.from({ length: 53 }, (_, i) => quoteRequest(`Pager ${tag} ${String(i).padStart(2, "0")}`)),
  );
  await page.goto(`/admin/quote_requests?q=${tag}&sort=name:asc`);
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager).toContainText("Showing 1 to 50 of 53 results");
  await expect(pager).toContainText("Page 1 of 2");
  await expect(page.locator("tbody tr")).toHaveCount(50);
  await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pager).toContainText("Showing 51 to 53 of 53 results");
  await expect(pager).toContainText("Page 2 of 2");
  await expect(page.locator("tbody tr")).toHaveCount(3);
  await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();

  // Reload and Back keep the view: the URL is the state.
  await page.reload();
  await expect(pager).toContainText("Page 2 of 2");
  await expect(page.getByRole("columnheader", { name: "Full Name" })).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(tag);
  await page.goBack();
  await expect(pager).toContainText("Page 1 of 2");
  await page.goForward();
  await expect(pager).toContainText("Page 2 of 2");

  // Sorting again goes back to page 1.
  await page.getByRole("button", { name: "Full Name", exact: true }).click();
  await expect(pager).toContainText("Page 1 of 2");
  await expect(page.locator("tbody tr").first()).toContainText(`Pager ${tag} 52`);

  // A single page shows no pager.
  await page.goto(`/admin/quote_requests?q=${tag} 1`);
  await expect(page.locator("tbody tr")).toHaveCount(10);
  await expect(pager).toHaveCount(0);
});

test("Export CSV saves {table}.csv of the current search and sort", async ({ page }) => {
  const tag = marker("csv");
  await createRows(page, "quote_requests", [quoteRequest(`Zed ${tag}`), quoteRequest(`Amy ${tag}`)]);
  await page.goto(`/admin/quote_requests?q=${tag}&sort=name:asc`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("quote_requests.csv");
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain("name");
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`Amy ${tag}`);
  expect(lines[2]).toContain(`Zed ${tag}`);
});

test("a read-only table has no Add New, Edit or Delete", async ({ page }) => {
  await page.goto("/admin/auth_audit");
  await expect(page.getByRole("heading", { name: /Sign-in Audit Trail/ })).toBeVisible();
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Add New" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
  // Only View, which reads a row whole (issue 11).
  await expect(page.getByRole("columnheader", { name: "Actions" })).toBeVisible();
  await expect(page.locator("tbody tr").first().getByRole("button", { name: "View" })).toBeVisible();
  // Its form cannot be opened through the URL either.
  await page.goto("/admin/auth_audit?new=1");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a bad sort in the URL shows the red banner and is carried nowhere; an unknown table is not found", async ({ page }) => {
  await page.goto("/admin/testimonials?sort=nope:asc&q=zz");
  await expect(page.getByRole("alert")).toContainText("Failed to load data for testimonials: Unknown sort field: nope");
  await expect(page.getByRole("cell", { name: "No data available" })).toBeVisible();
  // No link or form of the page carries the refused sort; the search it came with stays.
  await expect(page.locator('form input[value*="nope"], form button[value*="nope"], a[href*="nope"]')).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Sort Order" })).toHaveAttribute("aria-sort", "ascending");
  await page.getByRole("button", { name: "Name", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/testimonials\?q=zz&sort=name%3Aasc$/);
  await expect(page.getByRole("alert")).toHaveCount(0);
  const response = await page.goto("/admin/no_such_table");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Table not found" })).toBeVisible();
});

test("the dashboard and its form have no serious or critical accessibility violations", async ({ page }) => {
  await page.goto("/admin/care_guides");
  await expect(page.getByRole("table")).toBeVisible();
  const serious = (violations: { impact?: string | null }[]) =>
    violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const list = await new AxeBuilder({ page }).analyze();
  expect(serious(list.violations), JSON.stringify(serious(list.violations), null, 2)).toEqual([]);

  await page.getByRole("button", { name: "Add New" }).click();
  await expect(page.locator(".ql-editor")).toBeVisible();
  const form = await new AxeBuilder({ page }).include("dialog").analyze();
  expect(serious(form.violations), JSON.stringify(serious(form.violations), null, 2)).toEqual([]);
});
