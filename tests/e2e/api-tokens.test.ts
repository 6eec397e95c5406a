import type { APIRequestContext, Page } from "@playwright/test";
import { marker } from "./admin-helpers";
import { expectNoSeriousViolations } from "./axe";
import { SEED_SETTINGS } from "~/lib/business";
import { shortName } from "~/lib/site-settings";
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, hydrated, signIn, test } from "./fixtures";

// API tokens on /admin/tokens (made, shown once, used, revoked) with and
// without JavaScript, and the API page at /admin/api that describes the API.

/** A day about a month ahead, as the date input takes it. */
const inAMonth = () => new Date(Date.now() + 30 * 24 * 3600_000).toISOString().slice(0, 10);
const TOKEN = /^grd_[A-Za-z0-9_-]{43}$/;

/** The token list's entry for `name`. */
const entry = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** A request with only the token: no browser cookie. */
const withToken = (request: APIRequestContext, token: string) => ({
  list: () => request.get("/api/tables/quote_requests", { headers: { authorization: `Bearer ${token}` } }),
});

async function createToken(page: Page, name: string, { readOnly = true } = {}) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Expires", { exact: true }).fill(inAMonth());
  const box = page.getByLabel("Read only", { exact: true });
  if (readOnly) await box.check();
  else await box.uncheck();
  await page.getByRole("button", { name: "Create Token" }).click();
  const shown = page.getByLabel("New token", { exact: true });
  await expect(shown).toHaveValue(TOKEN);
  return shown.inputValue();
}

test.describe("with JavaScript", () => {
  test("an administrator makes a token, sees it once, uses it, and revokes it", async ({ page, playwright, app }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "API Tokens" }).click();
    await expect(page).toHaveURL(/\/admin\/tokens$/);
    await hydrated(page);
    const name = marker("Sync ");
    const token = await createToken(page, name);
    await expect(page.getByText("it is shown only this once")).toBeVisible();
    const item = entry(page, name);
    await expect(item).toContainText("Read only");
    await expect(item).toContainText("Never");

    const api = await playwright.request.newContext({ baseURL: app.url });
    try {
      expect((await withToken(api, token).list()).status()).toBe(200);
      // Loaded again, the page no longer holds the token, and shows its use.
      await page.reload();
      await expect(page.getByLabel("New token")).toHaveCount(0);
      expect(await page.content()).not.toContain(token);
      await expect(entry(page, name)).toContainText("just now");

      await entry(page, name).getByRole("button", { name: "Revoke" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Token revoked." })).toBeVisible();
      await expect(entry(page, name)).toContainText("Revoked");
      await expect(entry(page, name).getByRole("button", { name: "Revoke" })).toHaveCount(0);
      const refused = await withToken(api, token).list();
      expect(refused.status()).toBe(401);
      expect(await refused.json()).toEqual({ error: "This API token has been revoked" });
    } finally {
      await api.dispose();
    }
  });

  test("a field left wrong is named beside it", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/tokens" });
    await page.getByLabel("Name", { exact: true }).fill("");
    await page.getByRole("button", { name: "Create Token" }).click();
    const field = page.getByLabel("Name", { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(/Name is required/);
    await expect(page.getByLabel("New token")).toHaveCount(0);
  });

  test("the API page lists every endpoint with its parameters, and the tables' schemas", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/tokens" });
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "API", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/api$/);
    await expect(page.getByRole("heading", { name: "API", exact: true })).toBeVisible();
    // GET /api/tables/{table}: the first of the path's two operations.
    const list = page.locator("details").filter({ has: page.getByText("/api/tables/{table}", { exact: true }) }).first();
    await list.locator("summary").click();
    await expect(list.getByText("sort (query)")).toBeVisible();
    await expect(list.getByText("API token (any token) or an administrator's session cookie")).toBeVisible();
    await expect(list).toContainText("401 Not signed in, or the API token is invalid, expired or revoked.");
    const schema = page.locator("#schema-quote_requests");
    await schema.locator("summary").click();
    await expect(schema).toContainText("one of: new, contacted, quoted, booked, completed, lost");
    await expect(page.getByRole("link", { name: "OpenAPI document (JSON)" })).toHaveAttribute("href", "/api/openapi.json");
  });

  test("both pages have no serious accessibility violations", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/tokens" });
    await createToken(page, marker("Axe "), { readOnly: false });
    await expectNoSeriousViolations(page);
    await page.goto("/admin/api");
    await page.locator("details").first().locator("summary").click();
    await expectNoSeriousViolations(page);
  });

  test.describe("on a 390x844 phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("neither page scrolls sideways, the new token included", async ({ page }) => {
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/tokens" });
      await createToken(page, marker("A rather long token name for a small screen "));
      await expectNoSidewaysScroll(page);
      await page.goto("/admin/api");
      for (const summary of await page.locator("details summary").all()) await summary.click();
      await expectNoSidewaysScroll(page);
    });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts plainly, the answer shows the token once, and Revoke works", async ({ page, playwright, app }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
    await page.getByRole("link", { name: "API Tokens" }).click();
    await expect(page).toHaveURL(/\/admin\/tokens$/);
    const name = marker("Plain ");
    const token = await createToken(page, name, { readOnly: false });
    await expect(entry(page, name)).toContainText("Read and write");

    const api = await playwright.request.newContext({ baseURL: app.url });
    try {
      const created = await api.post("/api/tables/faqs", {
        headers: { authorization: `Bearer ${token}` },
        data: { question: `${name}?`, answer: "Yes.", category: "General Questions" },
      });
      expect(created.status(), await created.text()).toBe(201);
      await page.goto("/admin/tokens");
      expect(await page.content()).not.toContain(token);
      await entry(page, name).getByRole("button", { name: "Revoke" }).click();
      await expect(page).toHaveURL(/\/admin\/tokens\?revoked=1$/);
      await expect(page.getByRole("status").filter({ hasText: "Token revoked." })).toBeVisible();
      await expect(entry(page, name)).toContainText("Revoked");
      expect((await withToken(api, token).list()).status()).toBe(401);
    } finally {
      await api.dispose();
    }
  });
});

// Issue 17: the page was titled "Grand Rapids Detailing API", a name the business does not have.
for (const javaScriptEnabled of [true, false]) {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${viewport.width} px wide`, () => {
      test.use({ javaScriptEnabled, viewport });

      test("the API page is titled with the business's name from the settings", async ({ page }) => {
        await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/api" });
        // This server's settings are the first start's (site-settings.test.ts checks that the page follows an edit).
        const title = `${shortName(SEED_SETTINGS.businessName)} API`;
        await expect(page).toHaveTitle(`${title} · Admin Dashboard`);
        await expect(page.getByRole("main")).toContainText(`${title} 1.0.0.`);
        await expectNoSidewaysScroll(page);
      });
    });
  }
}
