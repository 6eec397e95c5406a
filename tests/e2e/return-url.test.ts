import type { Page } from "@playwright/test";
import type { SmtpSink } from "../helpers/smtp";
import { createRows, marker, quoteRequest } from "./admin-helpers";
import { ADMIN_EMAIL, expect, signIn, test } from "./fixtures";

/**
 * Every URL the page's main frame was sent to in this test, and every
 * redirect's Location: a redirect off the site shows here even though the
 * browser then fails to get there (evil.example does not resolve here).
 */
let navigations: string[] = [];
test.beforeEach(({ page }) => {
  navigations = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(request.url());
  });
  page.on("response", (response) => {
    const location = response.headers()["location"];
    if (location && response.request().isNavigationRequest()) navigations.push(new URL(location, response.url()).href);
  });
});
const offSite = (origin: string) => navigations.filter((url) => !url.startsWith(`${origin}/`));

/** page.goto that lets a navigation fail: the caller's check of `navigations` says where it went. */
const visit = (page: Page, path: string) => page.goto(path).catch(() => undefined);

/** Signs in with an e-mailed code on the login page the browser is on (no navigation of its own). */
async function signInHere(page: Page, smtp: SmtpSink, email: string) {
  await page.getByRole("tab", { name: "Email OTP" }).click();
  await page.getByLabel("Email").fill(email);
  const before = smtp.messages.length;
  await page.getByRole("button", { name: "Send OTP" }).click();
  const mail = await smtp.waitFor((m) => smtp.messages.indexOf(m) >= before && m.to.includes(email));
  await page.getByLabel("Code").fill(mail.text.match(/\b(\d{6})\b/)![1]!);
  await page.getByRole("button", { name: "Verify OTP" }).click();
}

const HOSTILE = ["/.//evil.example/", "/..//evil.example/", "/%2e%2e//evil.example/", "/\\evil.example/"];

test("a signed-in visit to /login?returnUrl=… never leaves the site", async ({ page, app }) => {
  await signIn(page, ADMIN_EMAIL);
  for (const returnUrl of HOSTILE) {
    await visit(page, `/login?${new URLSearchParams({ returnUrl })}`);
    expect(offSite(app.url), returnUrl).toEqual([]);
    expect(page.url(), returnUrl).toBe(`${app.url}/`);
  }
});

test("signing in with a code (JavaScript) never leaves the site", async ({ page, app, smtp }) => {
  await page.goto(`/login?${new URLSearchParams({ tab: "otp", returnUrl: "/.//evil.example/" })}`);
  await signInHere(page, smtp, `${marker("away")}@example.com`);
  await expect.poll(() => [...offSite(app.url), page.url()]).toEqual([`${app.url}/`]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("signing in with a code never leaves the site, whatever the form's returnUrl field holds", async ({ page, app, smtp }) => {
    await page.goto(`/login?${new URLSearchParams({ tab: "otp", returnUrl: "/.//evil.example/" })}`);
    // The page was given a cleaned returnUrl; the action must clean what is posted
    // all the same (a form from an older page, or typed by hand).
    const email = `${marker("away")}@example.com`;
    await page.getByLabel("Email").fill(email);
    const before = smtp.messages.length;
    await page.getByRole("button", { name: "Send OTP" }).click();
    const mail = await smtp.waitFor((m) => smtp.messages.indexOf(m) >= before && m.to.includes(email));
    await page.getByLabel("Code").fill(mail.text.match(/\b(\d{6})\b/)![1]!);
    await page.locator('#panel-otp input[name="returnUrl"]').evaluate((input: HTMLInputElement) => (input.value = "/.//evil.example/"));
    // Chromium reports no response for a form post redirected to a host that does not
    // resolve: note the action's Location on the way through.
    await page.route(
      (url) => url.pathname === "/login",
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        const response = await route.fetch({ maxRedirects: 0 });
        const location = response.headers()["location"];
        if (location) navigations.push(new URL(location, route.request().url()).href);
        await route.fulfill({ response });
      },
    );
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await expect.poll(() => [...offSite(app.url), page.url()]).toEqual([`${app.url}/`]);
  });
});

test("a session that ends while the dashboard is open: the next click signs in again and comes back to that page", async ({
  page,
  smtp,
}) => {
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
  const tag = marker("back");
  await createRows(page, "quote_requests", Array.from({ length: 51 }, (_, i) => quoteRequest(`Back ${tag} ${i}`)));
  // A second administrator to come back as: the owner's address may still be in its resend wait.
  const returning = `${marker("returning")}@example.com`;
  const origin = new URL(page.url()).origin;
  // Made an owner where the owner adds staff (docs/decisions/0114).
  const added = await page.request.post("/admin/staff", { form: { intent: "add", email: returning, role: "owner" }, headers: { Origin: origin }, maxRedirects: 0 });
  expect(added.status()).toBe(303);

  await page.goto(`/admin/quote_requests?q=${tag}`);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("Page 1 of 2");
  // The session ends on the server (as after 7 idle days, or a logout elsewhere); the page stays open.
  expect((await page.request.get("/api/logout")).ok()).toBe(true);

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/login\?/);
  const returnUrl = new URL(page.url()).searchParams.get("returnUrl")!;
  const back = new URL(returnUrl, origin);
  expect(back.pathname).toBe("/admin/quote_requests");
  expect(Object.fromEntries(back.searchParams)).toEqual({ q: tag, page: "2" });
  expect(returnUrl).not.toMatch(/\.data|_routes|index/);

  await signInHere(page, smtp, returning);
  await expect(page).toHaveURL((url) => url.pathname === "/admin/quote_requests" && url.searchParams.get("page") === "2");
  await expect(page.getByRole("heading", { name: "Quote Requests" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("Page 2 of 2");
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.getByText("Table not found")).toHaveCount(0);
});
