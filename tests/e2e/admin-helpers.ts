import type { Page } from "@playwright/test";
import { expect, hydrated } from "./fixtures";

/** A unique marker per call, so tests sharing a worker's database never see each other's rows. */
export function marker(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Adds rows through the table API with the page's session (the Origin header passes the same-origin check). */
export async function createRows(
  page: Page,
  table: string,
  rows: Record<string, unknown>[],
): Promise<{ id: number }[]> {
  const origin = new URL(page.url()).origin;
  const created: { id: number }[] = [];
  for (const row of rows) {
    const response = await page.request.post(`/api/tables/${table}`, { data: row, headers: { Origin: origin } });
    expect(response.status(), await response.text()).toBe(201);
    created.push((await response.json()) as { id: number });
  }
  return created;
}

/**
 * A quote request's fields. Each is a customer of its own (its own e-mail and
 * phone) unless they are given: a customer is matched by e-mail, then by
 * phone, and their work carries the customer record's name and address
 * (docs/decisions/0110), so two tests' leads sharing either would share a customer.
 */
export function quoteRequest(name: string, extra: Record<string, unknown> = {}) {
  return { name, email: `${marker("someone")}@example.com`, phone: uniquePhone(), vehicle_type: "Car", ...extra };
}

/** A Grand Rapids number (616) no other call is likely to get: 8 million of them. */
function uniquePhone(): string {
  const exchange = 200 + Math.floor(Math.random() * 800);
  const line = String(Math.floor(Math.random() * 10_000)).padStart(4, "0");
  return `616${exchange}${line}`;
}

/** A real 1×1 PNG (the upload endpoint checks the bytes). */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);


/**
 * A new lead (customer e-mail `email`) and, from its page, a new estimate or
 * invoice (Create Estimate / Create Invoice): the page opens on its editor.
 */
export async function newDocumentFromLead(page: Page, kind: "Estimate" | "Invoice", email: string): Promise<void> {
  const [lead] = await createRows(page, "quote_requests", [quoteRequest(`${kind} ${marker("c")}`, { email })]);
  await page.goto(`/admin/leads/${lead!.id}`);
  await hydrated(page);
  await page.getByRole("button", { name: `Create ${kind}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/${kind.toLowerCase()}s/\\d+$`));
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^${kind} #\\d+$`) })).toBeVisible();
}
