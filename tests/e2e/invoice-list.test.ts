import type { Page } from "@playwright/test";
import { axeClean } from "./axe";
import { createRows, marker, quoteRequest } from "./admin-helpers";
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, hydrated, signIn, test } from "./fixtures";

/*
 * Issue 32 (docs/decisions/0102): /admin/invoices finds an invoice by its
 * number (with or without #) or its customer's name, through a search box that
 * works without JavaScript; on a phone (390 px) the list has no sideways scroll
 * and every row's number, customer, status, total and amount due is on the
 * screen. Axe clean.
 */

/** Two invoices for customers named `${tag} …`; their numbers. */
async function invoicesFor(page: Page, tag: string): Promise<number[]> {
  const leads = await createRows(page, "quote_requests", [
    quoteRequest(`${tag} Alexandra Montgomery-Whitfield`, { email: `${tag}.a@example.com` }),
    quoteRequest(`${tag} Bo Li`, { email: `${tag}.b@example.com` }),
  ]);
  const origin = new URL(page.url()).origin;
  const numbers: number[] = [];
  for (const lead of leads) {
    const created = await page.request.post("/admin/invoices/new", { form: { lead_id: String(lead.id) }, headers: { Origin: origin }, maxRedirects: 0 });
    expect(created.status()).toBe(303);
    const id = /\/admin\/invoices\/(\d+)$/.exec(created.headers().location ?? "")![1];
    const invoice = await page.request.get(`/admin/invoices/${id}`);
    numbers.push(Number(/Invoice #(\d+)/.exec(await invoice.text())![1]));
  }
  return numbers;
}

async function search(page: Page, q: string) {
  const box = page.getByRole("searchbox", { name: "Search invoices" });
  await box.fill(q);
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q).replace(/%20/g, "\\+")}`));
}

/** Each row's number, customer, status, total and amount due: shown, and inside the screen's width. */
async function expectRowsReadable(page: Page, rows: number) {
  const list = page.locator("table", { has: page.locator("caption", { hasText: /^Invoices$/ }) }).locator("tbody tr");
  await expect(list).toHaveCount(rows);
  const width = page.viewportSize()!.width;
  for (const row of await list.all()) {
    const cells = row.locator("td");
    await expect(cells).toHaveCount(6);
    for (const i of [0, 1, 2, 3, 4]) {
      const cell = cells.nth(i);
      await expect(cell).toBeVisible();
      const box = (await cell.boundingBox())!;
      expect(box.x, `cell ${i} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `cell ${i} ends on screen`).toBeLessThanOrEqual(width);
      // Its text is not cut off inside the cell.
      expect(await cell.evaluate((td) => td.scrollWidth <= td.clientWidth + 1), `cell ${i} shows all of its text`).toBe(true);
    }
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test("on a phone: search by name or number; every row readable, no sideways scroll, axe clean", async ({ page }) => {
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/invoices" });
      const tag = marker("inv");
      const [first, second] = await invoicesFor(page, tag);
      await page.goto("/admin/invoices");
      await hydrated(page);

      await search(page, tag);
      await expect(page.getByText(`2 invoices matching “${tag}”`)).toBeVisible();
      await expectRowsReadable(page, 2);
      await expect(page.getByRole("link", { name: `#${first}`, exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await axeClean(page);

      await search(page, `#${second}`);
      await expectRowsReadable(page, 1);
      await expect(page.getByRole("link", { name: `${tag} Bo Li` })).toBeVisible();
      await search(page, String(first));
      await expect(page.getByRole("link", { name: `${tag} Alexandra Montgomery-Whitfield` })).toBeVisible();
      await expectRowsReadable(page, 1);

      // The filter links keep the search.
      await page.getByRole("link", { name: "Paid", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`q=${first}&status=paid`));
      await expect(page.getByText("No invoices match this search.")).toBeVisible();
    });
  });
}

test("at 1280 px the invoices are a table with its column headers", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/invoices" });
  const tag = marker("inv");
  await invoicesFor(page, tag);
  await page.goto(`/admin/invoices?q=${tag}`);
  await hydrated(page);
  for (const name of ["Invoice", "Customer", "Status", "Total", "Amount Due", "Due Date"]) {
    await expect(page.getByRole("columnheader", { name, exact: true })).toBeVisible();
  }
  await expectRowsReadable(page, 2);
  await axeClean(page);
});
